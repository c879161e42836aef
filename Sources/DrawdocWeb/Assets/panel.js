// The editor's properties panel, for one rectangle or many (a value they do not share shows as
// "Mixed"), its toolbar's undo, redo, snapping and grid, and the exports. Every change goes
// through the editor's edits. An ES module; `connectPanel` is given what it needs.

import { download, element, notify } from "./common.js";
import { randomColor, rectangleName } from "./geometry.js";

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

  /** The slider's run under way: its value, the rectangles it changes as they were, its timer. */
  let alphaRun = null;

  function show() {
    const rectangles = editor.selectedRectangles();
    byId("selection").hidden = !rectangles.length;
    byId("nothing-selected").hidden = Boolean(rectangles.length);
    if (page.drawing) {
      byId("canvas-size").textContent = `${page.drawing.width} × ${page.drawing.height}`;
    }
    // Until the drawing is there, the panel says it is loading and offers nothing to do.
    byId("loading-hint").hidden = Boolean(page.drawing);
    byId("drawing-hint").hidden = !page.drawing;
    byId("add-random").disabled = state.gone || !page.drawing;
    if (!rectangles.length) return;
    // One rectangle by what a person sees of it, its id smaller beside it.
    const heading = byId("selection-title");
    if (rectangles.length === 1) {
      heading.replaceChildren(rectangleName(rectangles[0]), " ",
        element("small", { class: "mono", text: rectangles[0].id }));
    } else {
      heading.textContent = `${rectangles.length} rectangles`;
    }
    for (const field of FIELDS) {
      const input = byId(`field-${field}`);
      const value = shared(rectangles, field);
      // What Escape puts back in the field while it is being typed in.
      input.dataset.shown = value === undefined ? "" : value;
      if (document.activeElement !== input) input.value = input.dataset.shown;
      input.placeholder = value === undefined ? "Mixed" : "";
    }
    // Values the rectangles do not share show as no value (a striped swatch, a slider without
    // its thumb), not as a value they could be taken for.
    const color = shared(rectangles, "color");
    const picker = byId("color-picker");
    picker.value = color && /^#[0-9a-f]{6}$/i.test(color) ? color : "#000000";
    picker.classList.toggle("mixed", color === undefined);
    picker.setAttribute("aria-label", color === undefined ? "Pick a color (mixed now)" : "Pick a color");
    const alpha = alphaRun ? state.alphaShown : shared(rectangles, "alpha");
    const slider = byId("field-alpha");
    if (!alphaRun) slider.value = alpha === undefined ? 10 : alpha;
    slider.classList.toggle("mixed", alpha === undefined);
    byId("alpha-value").textContent = alpha === undefined ? "Mixed" : alpha;
    slider.setAttribute("aria-valuetext", alpha === undefined ? "Mixed" : String(alpha));
  }
  editor.store.subscribe(["drawing", "selection", "gone", "loading", "alphaShown"], show);

  byId("add-random").addEventListener("click", () => {
    // In the middle of what the stage shows, 100 × 100 at 100 %, with the last color used.
    const box = editor.stage.getBoundingClientRect();
    const size = Math.max(1, Math.round(100 / editor.view.zoom));
    const centre = editor.view.canvasPoint({ clientX: box.left + box.width / 2,
                                             clientY: box.top + box.height / 2 });
    editor.drawRectangle({ x: Math.round(centre.x - size / 2), y: Math.round(centre.y - size / 2),
                           width: size, height: size });
  });
  for (const field of FIELDS) {
    const input = byId(`field-${field}`);
    input.addEventListener("change", () => {
      if (input.value.trim() === "") return show();
      const value = input.value.trim();
      editor.setSelected({ [field]: field === "color" || isNaN(Number(value)) ? value : Number(value) });
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") input.blur();
      if (event.key === "Escape") {
        // As in Figma: the value typed is dropped, not applied when the field loses the focus.
        input.value = input.dataset.shown;
        input.blur();
        event.stopPropagation();
      }
    });
  }
  byId("color-picker").addEventListener("change", (event) => {
    editor.setSelected({ color: event.target.value });
  });
  byId("random-color").addEventListener("click", () => editor.setSelected({ color: randomColor() }));
  // A run of slider steps (arrow keys, a drag) is one edit, as a run of nudges is: shown at
  // once, sent 400 ms after the last step or when the slider loses the focus.
  const sendAlpha = () => {
    if (!alphaRun) return;
    clearTimeout(alphaRun.timer);
    const { value, original } = alphaRun;
    alphaRun = null;
    state.alphaShown = null;
    editor.edit(original.map((r) => ({ set: r.id, to: { alpha: value }, was: { alpha: r.alpha } })));
  };
  byId("field-alpha").addEventListener("input", (event) => {
    if (alphaRun) clearTimeout(alphaRun.timer);
    const original = alphaRun ? alphaRun.original : editor.selectedRectangles();
    const value = Number(event.target.value);
    alphaRun = { value, original, timer: setTimeout(sendAlpha, 400) };
    page.preview(original.map((r) => ({ ...r, alpha: value })));
    state.alphaShown = value;
  });
  byId("field-alpha").addEventListener("blur", sendAlpha);
  editor.addRun(sendAlpha, () => alphaRun !== null);
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
}
