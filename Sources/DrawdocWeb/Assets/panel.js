// The editor's properties panel, for one rectangle or many (a value they do not share shows as
// "Mixed"), its toolbar's undo, redo, snapping and grid, and the exports. Every change goes
// through the editor's edits. An ES module; `connectPanel` is given what it needs.

import { download, notify } from "./common.js";
import { randomColor } from "./geometry.js";

const FIELDS = ["x", "y", "width", "height", "color"];

/** The value every rectangle shares in `field`, or undefined when they differ. */
function shared(rectangles, field) {
  const first = rectangles[0][field];
  return rectangles.every((r) => r[field] === first) ? first : undefined;
}

/** Connects the panel's controls to the editor. */
export function connectPanel(editor) {
  const { id, state, page } = editor;
  const byId = (name) => document.getElementById(name);

  function show() {
    const rectangles = editor.selectedRectangles();
    byId("selection").hidden = !rectangles.length;
    byId("nothing-selected").hidden = Boolean(rectangles.length);
    if (page.drawing) {
      byId("canvas-size").textContent = `${page.drawing.width} × ${page.drawing.height}`;
    }
    for (const name of ["snap", "grid"]) byId(`toggle-${name}`).setAttribute("aria-pressed", String(state[name]));
    if (!rectangles.length) return;
    byId("selection-title").textContent = rectangles.length === 1
      ? `Rectangle ${rectangles[0].id}` : `${rectangles.length} rectangles`;
    for (const field of FIELDS) {
      const input = byId(`field-${field}`);
      const value = shared(rectangles, field);
      if (document.activeElement !== input) input.value = value === undefined ? "" : value;
      input.placeholder = value === undefined ? "Mixed" : "";
    }
    const color = shared(rectangles, "color");
    byId("color-picker").value = color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#000000";
    const alpha = shared(rectangles, "alpha");
    byId("field-alpha").value = alpha === undefined ? 10 : alpha;
    byId("alpha-value").textContent = alpha === undefined ? "Mixed" : alpha;
    byId("field-alpha").setAttribute("aria-valuetext", alpha === undefined ? "Mixed" : String(alpha));
    let lowest = 10, highest = 1;
    for (const r of rectangles) { lowest = Math.min(lowest, r.alpha); highest = Math.max(highest, r.alpha); }
    // A step is possible while any of them can still take it.
    byId("alpha-down").disabled = state.gone || highest <= 1;
    byId("alpha-up").disabled = state.gone || lowest >= 10;
  }
  editor.onRender(show);

  byId("show-shortcuts").addEventListener("click", () => byId("shortcuts").showModal());
  byId("undo").addEventListener("click", () => editor.undo(false));
  byId("redo").addEventListener("click", () => editor.undo(true));
  for (const name of ["snap", "grid"]) {
    byId(`toggle-${name}`).addEventListener("click", () => {
      state[name] = !state[name];
      editor.render();
    });
  }
  byId("add-random").addEventListener("click", () => {
    // In the middle of what the stage shows, 100 × 100 at 100 %, with the last color used.
    const box = editor.stage.getBoundingClientRect();
    const size = Math.max(1, Math.round(100 / editor.view.zoom));
    const centre = editor.view.canvasPoint({ clientX: box.left + box.width / 2,
                                             clientY: box.top + box.height / 2 });
    editor.drawRectangle({ x: Math.round(centre.x - size / 2), y: Math.round(centre.y - size / 2),
                           width: size, height: size });
  });
  byId("delete").addEventListener("click", editor.removeSelected);
  for (const field of FIELDS) {
    const input = byId(`field-${field}`);
    input.addEventListener("change", () => {
      if (input.value.trim() === "") return show();
      const value = input.value.trim();
      editor.setSelected({ [field]: field === "color" || isNaN(Number(value)) ? value : Number(value) });
    });
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") input.blur(); });
  }
  byId("color-picker").addEventListener("change", (event) => {
    editor.setSelected({ color: event.target.value });
  });
  byId("random-color").addEventListener("click", () => editor.setSelected({ color: randomColor() }));
  byId("field-alpha").addEventListener("change", (event) => {
    editor.setSelected({ alpha: Number(event.target.value) });
  });
  byId("alpha-down").addEventListener("click", () => editor.shiftSelected({ alpha: -1 }));
  byId("alpha-up").addEventListener("click", () => editor.shiftSelected({ alpha: 1 }));
  for (const [button, to] of [["to-front", "front"], ["forward", "forward"],
                              ["backward", "backward"], ["to-back", "back"]]) {
    byId(button).addEventListener("click", () => editor.orderSelected(to));
  }
  // An export is fetched with the token (a link cannot send it), saved under the server's name.
  const exportPath = (format) => {
    const scale = encodeURIComponent(byId("png-scale").value || "1");
    return `/api/drawings/${id}/export?format=${format}` + (format === "png" ? `&scale=${scale}` : "");
  };
  for (const format of ["svg", "json", "pdf", "png", "drawio", "excalidraw"]) {
    const link = byId(`export-${format}`);
    link.href = exportPath(format);
    link.addEventListener("click", async (event) => {
      event.preventDefault();
      const failure = await download(exportPath(format));
      if (failure) notify(`The export failed: ${failure}`);
    });
  }
  byId("png-scale").addEventListener("input", () => { byId("export-png").href = exportPath("png"); });
  byId("title").addEventListener("change", (event) => {
    editor.edit([{ rename: event.target.value, was: page.drawing.title }]);
  });
  byId("title").addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.target.blur();
  });
  window.addEventListener("resize", () => { if (page.drawing) editor.renderOverlay(); });
}
