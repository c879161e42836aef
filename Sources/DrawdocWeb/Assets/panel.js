// The editor's panel: its buttons and fields, each sent through the editor's change queue.
// An ES module; `connectPanel` is given what it needs of the editor.

import { download, showMessage } from "./common.js";
import { randomColor } from "./geometry.js";

/** Connects the panel's controls to the editor. */
export function connectPanel(editor) {
  const {
    id, state, change, setFields, setFieldsFrom, removeSelected, undo, redo, render,
    renderPanel, renderOverlay, updatePNGLink,
  } = editor;
  document.getElementById("show-shortcuts").addEventListener("click", () => {
    document.getElementById("shortcuts").showModal();
  });
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("redo").addEventListener("click", redo);
  document.getElementById("add-random").addEventListener("click", async () => {
    const result = await change("POST", `/api/drawings/${id}/rectangles`);
    if (result && result.ok) { state.selected = result.data.rectangle; render(); }
  });
  document.getElementById("delete").addEventListener("click", removeSelected);
  for (const input of document.querySelectorAll("#selection input[data-field]")) {
    if (input.type === "range") continue;
    let base = null;
    input.addEventListener("focus", () => { base = state.version; });
    input.addEventListener("change", () => {
      setFields({ [input.dataset.field]: input.value }, base).then(() => renderPanel());
      base = state.version;
    });
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") input.blur(); });
  }
  document.getElementById("color-picker").addEventListener("change", (event) => {
    setFields({ color: event.target.value });
  });
  document.getElementById("random-color").addEventListener("click", () => {
    setFields({ color: randomColor() });
  });
  document.getElementById("field-alpha").addEventListener("change", (event) => {
    setFields({ alpha: event.target.value });
  });
  document.getElementById("alpha-down").addEventListener("click", () => {
    setFieldsFrom((r) => (r.alpha > 1 ? { alpha: r.alpha - 1 } : null));
  });
  document.getElementById("alpha-up").addEventListener("click", () => {
    setFieldsFrom((r) => (r.alpha < 10 ? { alpha: r.alpha + 1 } : null));
  });
  for (const [button, path, all] of [["to-front", "raise", true], ["forward", "raise", false],
                                     ["backward", "lower", false], ["to-back", "lower", true]]) {
    document.getElementById(button).addEventListener("click", () => {
      if (state.selected) {
        change("POST", `/api/drawings/${id}/rectangles/${state.selected}/${path}`, { all });
      }
    });
  }
  // An export is fetched with the token (a link cannot send it), saved under the server's name.
  for (const form of ["svg", "json", "png"]) {
    document.getElementById(`export-${form}`).addEventListener("click", async (event) => {
      event.preventDefault();
      const failure = await download(event.currentTarget.getAttribute("href"));
      showMessage("message", failure ? `export: ${failure}` : "");
    });
  }
  document.getElementById("title").addEventListener("change", (event) => {
    change("POST", `/api/drawings/${id}/rename`, { title: event.target.value });
  });
  document.getElementById("title").addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.target.blur();
  });
  document.getElementById("add-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const fields = {};
    for (const name of ["x", "y", "width", "height", "color", "alpha"]) {
      if (form.elements[name].value !== "") fields[name] = form.elements[name].value;
    }
    const result = await change("POST", `/api/drawings/${id}/rectangles`, fields);
    if (result && result.ok) {
      form.reset();
      state.selected = result.data.rectangle;
      render();
    }
  });
  document.getElementById("png-scale").addEventListener("input", updatePNGLink);
  window.addEventListener("resize", () => { if (state.drawing) renderOverlay(); });
}
