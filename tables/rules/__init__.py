"""The tables' pure rules: seating (draw, balancing by position, breaking, the final table,
buttons), the high-card draw, penalties, counts, colour-ups, absences and the floor's undo
window. Plain data in and out; time and randomness are parameters."""
