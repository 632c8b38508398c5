// The close-out pages (one tournament's, the festival's): the print button. The page's print
// stylesheet drops the bar and the buttons and prints the tables on A4.
document.querySelector("[data-print]").addEventListener("click", () => window.print());
