// "Copy link" buttons: data-copy names the input whose value goes to the clipboard; the
// input is selected too, so a browser without clipboard access lets the user copy it.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const input = document.getElementById(button.dataset.copy);
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => {});
});
