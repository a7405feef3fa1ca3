// A button marked data-print prints the page (the print stylesheet in app.css hides the rest).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
