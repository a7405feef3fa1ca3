// A map input's rows (campaign/pages/map_rows.py): "add" appends a blank row from the
// template, "×" removes its row; the buttons show only when this script runs (without it, one
// blank row is offered and the blank choice drops a row).
document.querySelectorAll("[data-map-rows]").forEach((box) => {
  box.querySelectorAll("[data-map-add], [data-map-remove]").forEach((b) => { b.hidden = false; });
});
document.addEventListener("click", (event) => {
  const add = event.target.closest("[data-map-add]");
  if (add) {
    const box = add.closest("[data-map-rows]");
    const row = box.querySelector("template[data-map-row]").content.firstElementChild.cloneNode(true);
    box.querySelector("[data-map-list]").appendChild(row);
    row.querySelector("input, select").focus();
    return;
  }
  const remove = event.target.closest("[data-map-remove]");
  if (remove) remove.closest("li").remove();
});
