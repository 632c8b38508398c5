// The director's festival and sponsor images for the TV display (templates/pokerfest/_tv_images.html):
// upload (the file goes as base64 in JSON, checked again by the server) and take one off.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { fmt, pageLanguage, touches } from "./live.js";

(() => {
  const box = document.querySelector("[data-tv-images-admin]");
  if (!box) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const form = box.querySelector("[data-tv-image-upload]");
  const list = box.querySelector("[data-tv-image-list]");
  const result = box.querySelector("[data-tv-image-result]");
  const LARGEST = 1024 * 1024;

  const say = (ok, text) => {
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  };

  function draw(images) {
    if (!images.length) return list.replaceChildren(element("li", { textContent: gettext("No images yet: the TV shows the clock and panels only.") }));
    list.replaceChildren(...images.map((image) => element("li", {},
      element("img", { src: image.url, alt: image.caption || image.kind, className: "tv-thumb", height: 40 }),
      ` ${image.kind === "sponsor" ? gettext("Sponsor") : gettext("Festival")}${image.caption ? ": " + image.caption : ""} (${fmt(Math.ceil(image.size / 1024))} KB) `,
      element("button", { type: "button", textContent: gettext("Take off the TV"), onclick: () => remove(image) }))));
  }

  async function load() {
    const { ok, answer } = await getJSON(`${base}tv-images/`);
    if (ok) draw(answer);
  }

  async function remove(image) {
    const { ok, answer } = await postJSON(`${base}tv-images/${image.id}/remove/`, {});
    say(ok, ok ? gettext("The image is off the TV.") : answer.detail);
    if (ok) draw(answer.images);
  }

  // The file's bytes as base64, without the "data:…;base64," prefix.
  const asBase64 = (file) => new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",", 2)[1] || "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const file = form.elements.file.files[0];
    if (!file) return say(false, gettext("Choose an image file first."));
    if (file.size > LARGEST) return say(false, interpolate(gettext("The image has %(size)s MB; at most 1 MB fits on the TV: save it smaller."),
      { size: (file.size / LARGEST).toLocaleString(pageLanguage, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }, true));
    const data = await asBase64(file);
    const { ok, answer } = await postJSON(`${base}tv-images/`, { kind: form.elements.kind.value, caption: form.elements.caption.value, data });
    say(ok, ok ? gettext("The image is on the TV.") : answer.detail);
    if (ok) {
      form.reset();
      draw(answer.images);
    }
  });

  document.addEventListener("pokerfest:event", (event) => { if (touches(event.detail.kind, "tv_images")) draw(event.detail.data.images || []); });
  document.addEventListener("pokerfest:snapshot", load); // after a resync: an image added meanwhile
  load();
})();
