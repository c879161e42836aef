// The editor's keys. They work wherever the focus is, except in a field that takes the keys
// itself (a text field, the alpha slider); Space still presses a focused button. `?` shows
// them all. An ES module.

import { makeId } from "./pagedrawing.js";

/** Whether a key event is meant for a field rather than for the editor. */
function typing(event) {
  return Boolean(event.target.closest && event.target.closest("input, select, textarea"));
}

/** Copies of rectangles with fresh ids, moved by (dx, dy): the steps that add them on top. */
export function copies(rectangles, dx, dy) {
  return rectangles.map((r) => ({
    add: { id: makeId(), x: r.x + dx, y: r.y + dy, width: r.width, height: r.height,
           color: r.color, alpha: r.alpha },
  }));
}

/** Connects the keys to the editor. */
export function connectKeys(editor) {
  const { view, tools, state, page } = editor;

  const toggles = {
    g: () => { state.grid = !state.grid; editor.notify(`Grid ${state.grid ? "shown" : "hidden"}.`); },
    n: () => { state.snap = !state.snap; editor.notify(`Snapping ${state.snap ? "on" : "off"}.`); },
  };

  document.addEventListener("keyup", (event) => { if (event.code === "Space") view.key(event); });
  document.addEventListener("keydown", (event) => {
    if (typing(event)) return;
    const dialog = document.getElementById("shortcuts");
    if (dialog.open) return;
    const pressing = event.code === "Space" && event.target instanceof HTMLButtonElement;
    if (!pressing && (view.key(event) || tools.key(event))) {
      event.preventDefault();
      editor.render();
      return;
    }
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (event.key === "?") {
      dialog.showModal();
    } else if (command && key === "z") {
      editor.undo(event.shiftKey);
    } else if (command && key === "y") {
      editor.undo(true);
    } else if (command && key === "a") {
      editor.select(page.rectangles.map((r) => r.id));
    } else if (command && key === "d") {
      // Bottom first, so that the copies stack as the originals do.
      const chosen = editor.selectedRectangles().sort((a, b) => page.index.get(a.id) - page.index.get(b.id));
      const added = copies(chosen, 10, 10);
      editor.edit(added);
      editor.select(added.map((step) => step.add.id));
    } else if (command && (event.code === "BracketRight" || event.code === "BracketLeft")) {
      const up = event.code === "BracketRight";
      editor.orderSelected(event.shiftKey ? (up ? "front" : "back") : (up ? "forward" : "backward"));
    } else if (!command && !event.altKey && toggles[key] && !event.shiftKey) {
      toggles[key]();
      editor.render();
    } else if (event.key === "Tab" && event.target === editor.stage) {
      editor.step(event.shiftKey);
    } else if (!command && state.selection.size && event.key.startsWith("Arrow")) {
      const step = event.shiftKey ? 10 : 1;
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step],
                      ArrowDown: [0, step] };
      editor.nudgeSelection(...moves[event.key]);
    } else if ((event.key === "Delete" || event.key === "Backspace") && state.selection.size) {
      editor.removeSelected();
    } else if (event.key === "Escape" && state.selection.size) {
      editor.select([]);
    } else {
      return;
    }
    event.preventDefault();
  });
}
