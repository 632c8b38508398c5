// What a person types is theirs until they send it: a live redraw writes a form field only while
// nobody is editing it (not focused, and not changed since the redraw last wrote it).

// The value the page last wrote (or the page's own, before any redraw).
function written(input) {
  return input.dataset.written ?? input.defaultValue;
}

// True while the field holds what the person typed rather than what the page wrote.
export function edited(input) {
  return input.value !== written(input);
}

// A redraw's value: written unless the person is editing; a field that already says it is in step.
export function redrawField(input, value) {
  if (input.value === value) {
    input.dataset.written = value;
    return;
  }
  if (document.activeElement === input || edited(input)) return;
  input.value = value;
  input.dataset.written = value;
}

// Sent and taken: what the field holds is no longer the person's own, the next redraw writes it.
export function fieldSent(input) {
  input.dataset.written = input.value;
}
