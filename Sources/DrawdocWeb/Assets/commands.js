// The editor's commands, registered once in the action registry (actions.js): tools, edits,
// arrangement, alignment, the view, the selection's exports. The keys, the toolbar, the
// context menu, the command palette and the `?` dialog are made from what is written here. An
// ES module.

import { ALIGNMENTS, aligned, distributed } from "./arrange.js";
import { clipboardSVG } from "./clipboard.js";
import { bottomFirst, copies } from "./geometry.js";
import { bounds } from "./gestures.js";
import { selectionPNG } from "./picture.js";

/** A mode's notice replaces the last mode's (common.js's `notify`). */
const MODE = { kind: "mode" };

/** Where the choice of a dark or light canvas is kept; none kept: as the system is. */
const DARK_CANVAS_KEY = "drawdoc-dark-canvas";

const ALIGN_LABELS = {
  left: ["Align left", "Alt+A"], centre: ["Align centres", "Alt+H"], right: ["Align right", "Alt+D"],
  top: ["Align top", "Alt+W"], middle: ["Align middles", "Alt+V"], bottom: ["Align bottom", "Alt+S"],
};

/** Registers the editor's commands in `editor.actions`. */
export function registerCommands(editor) {
  const { actions, state, page, view, tools } = editor;
  // While an old version is shown or the server is away, an edit is still tried: the edit
  // itself is refused where it shows, with a notice saying why (editor.js).
  const editable = () => Boolean(page.drawing) && !state.gone;
  const some = () => editable() && state.selection.size > 0;
  const several = (n) => () => editable() && state.selection.size >= n;
  /** The selection, bottom first, as it stacks. */
  const stacked = () => bottomFirst(editor.selectedRectangles(), page.index);
  const zoomed = (zoom) => view.zoomTo(zoom);
  const canvas = darkCanvas();

  const tool = (name, label, key) => ({
    name: `tool-${name}`, label, group: "Tools", keys: [key],
    checked: () => tools.current === name, perform: () => tools.pick(name),
  });
  actions.register(
    tool("select", "Select", "V"), tool("rectangle", "Rectangle", "R"), tool("hand", "Hand", "H"),
    { name: "tool-lock", label: "Keep the tool after drawing", group: "Tools", keys: ["Q"],
      checked: () => state.toolLocked,
      perform: () => {
        state.toolLocked = !state.toolLocked;
        editor.notify(state.toolLocked ? "The tool stays on after drawing (Q to release)."
          : "Back to Select after each drawing.", MODE);
      } },
  );

  actions.register(
    { name: "undo", label: "Undo", group: "Edit", keys: ["Mod+Z"],
      when: () => editable() && editor.canUndo(false), perform: () => editor.undo(false) },
    { name: "redo", label: "Redo", group: "Edit", keys: ["Mod+Shift+Z", "Mod+Y"],
      when: () => editable() && editor.canUndo(true), perform: () => editor.undo(true) },
    { name: "cut", label: "Cut", group: "Edit", keys: ["Mod+X"], nativeKeys: true, menu: true,
      when: some, perform: () => document.execCommand("cut") },
    { name: "copy", label: "Copy", group: "Edit", keys: ["Mod+C"], nativeKeys: true, menu: true,
      when: () => state.selection.size > 0, perform: () => document.execCommand("copy") },
    { name: "paste", label: "Paste", group: "Edit", keys: ["Mod+V"], nativeKeys: true, menu: true,
      when: editable, perform: (context) => editor.pasteFromClipboard(context.point) },
    { name: "duplicate", label: "Duplicate", group: "Edit", keys: ["Mod+D"], menu: true,
      when: some,
      perform: () => {
        const added = copies(stacked(), 10, 10);
        editor.edit(added);
        editor.select(added.map((step) => step.add.id));
      } },
    { name: "delete", label: "Delete", group: "Edit", keys: ["Delete", "Backspace"], menu: true,
      when: some, perform: () => editor.removeSelected() },
    { name: "select-all", label: "Select all", group: "Selection", keys: ["Mod+A"], menu: true,
      when: () => page.rectangles.length > 0,
      perform: () => editor.select(page.rectangles.map((r) => r.id)) },
    { name: "deselect", label: "Clear the selection", group: "Selection", keys: ["Escape"],
      when: () => state.selection.size > 0, perform: () => editor.select([]) },
    { name: "select-next", label: "Select the next rectangle", group: "Selection", keys: ["Tab"],
      when: (context) => page.rectangles.length > 0
        && (!context.event || context.event.target === editor.stage),
      perform: () => editor.step(false) },
    { name: "select-previous", label: "Select the previous rectangle", group: "Selection",
      keys: ["Shift+Tab"],
      when: (context) => page.rectangles.length > 0
        && (!context.event || context.event.target === editor.stage),
      perform: () => editor.step(true) },
  );

  for (const [direction, dx, dy, arrow] of [["left", -1, 0, "←"], ["right", 1, 0, "→"],
                                            ["up", 0, -1, "↑"], ["down", 0, 1, "↓"]]) {
    const key = `Arrow${direction[0].toUpperCase()}${direction.slice(1)}`;
    actions.register({
      name: `nudge-${direction}`, label: `Move ${direction} ${arrow} (Shift: by 10)`,
      group: "Arrange", keys: [key, `Shift+${key}`], when: some,
      perform: (context) => {
        const step = context.event && context.event.shiftKey ? 10 : 1;
        editor.nudgeSelection(dx * step, dy * step);
      },
    });
  }

  // The panel's − and + step each selected rectangle from its own alpha.
  for (const [direction, label, by] of [["down", "Less opaque", -1], ["up", "More opaque", 1]]) {
    actions.register({
      name: `alpha-${direction}`, label, group: "Edit",
      when: () => some() && editor.selectedRectangles().some((r) => (by < 0 ? r.alpha > 1 : r.alpha < 10)),
      perform: () => editor.shiftSelected({ alpha: by }),
    });
  }

  for (const [to, label, key] of [["front", "Bring to front", "Mod+Shift+]"],
                                  ["forward", "Bring forward", "Mod+]"],
                                  ["backward", "Send backward", "Mod+["],
                                  ["back", "Send to back", "Mod+Shift+["]]) {
    actions.register({ name: `order-${to}`, label, group: "Arrange", keys: [key], menu: true,
                       when: some, perform: () => editor.orderSelected(to) });
  }

  for (const how of ALIGNMENTS) {
    const [label, key] = ALIGN_LABELS[how];
    actions.register({
      name: `align-${how}`, label, group: "Align", keys: [key], menu: true, when: some,
      perform: () => {
        const chosen = editor.selectedRectangles();
        editor.edit(editor.setSteps(chosen, aligned(chosen, how, page.drawing)));
      },
    });
  }
  for (const [axis, label, key] of [["horizontal", "Distribute horizontal spacing", "Alt+Shift+H"],
                                    ["vertical", "Distribute vertical spacing", "Alt+Shift+V"]]) {
    actions.register({
      name: `distribute-${axis}`, label, group: "Align", keys: [key], menu: true, when: several(3),
      perform: () => {
        const chosen = editor.selectedRectangles();
        editor.edit(editor.setSteps(chosen, distributed(chosen, axis)));
      },
    });
  }

  actions.register(
    { name: "zoom-in", label: "Zoom in", group: "View", keys: ["Mod+=", "Mod++", "=", "+"],
      when: () => Boolean(page.drawing), perform: () => zoomed(view.zoom * 1.25) },
    { name: "zoom-out", label: "Zoom out", group: "View", keys: ["Mod+-", "-"],
      when: () => Boolean(page.drawing), perform: () => zoomed(view.zoom / 1.25) },
    { name: "zoom-100", label: "Zoom to 100 %", group: "View", keys: ["Mod+0", "Shift+0"],
      when: () => Boolean(page.drawing), perform: () => zoomed(1) },
    { name: "zoom-fit", label: "Zoom to fit", group: "View", keys: ["Shift+1"], menu: true,
      when: () => Boolean(page.drawing),
      perform: () => { view.zoomTo(view.fitZoom()); view.centre(); } },
    { name: "zoom-selection", label: "Zoom to selection", group: "View", keys: ["Shift+2"],
      menu: true, when: () => state.selection.size > 0,
      perform: () => view.show(bounds(editor.selectedRectangles())) },
    { name: "toggle-snap", label: "Snapping", group: "View", keys: ["N"],
      checked: () => state.snap,
      perform: () => {
        state.snap = !state.snap;
        editor.notify(`Snapping ${state.snap ? "on" : "off"}.`, MODE);
      } },
    { name: "toggle-grid", label: "Grid", group: "View", keys: ["G"], checked: () => state.grid,
      perform: () => {
        state.grid = !state.grid;
        editor.notify(`Grid ${state.grid ? "shown" : "hidden"}.`, MODE);
      } },
    { name: "dark-canvas", label: "Dark canvas", group: "View", checked: () => canvas.dark(),
      perform: () => {
        canvas.choose(!canvas.dark());
        editor.notify(`Dark canvas ${canvas.dark() ? "on" : "off"}.`, MODE);
      } },
  );

  actions.register(
    { name: "copy-svg", label: "Copy the selection as SVG", group: "Export", menu: true,
      when: () => state.selection.size > 0,
      perform: () => writeClipboard(editor, "text/plain", clipboardSVG(stacked()), "SVG") },
    { name: "copy-png", label: "Copy the selection as PNG", group: "Export", menu: true,
      when: () => state.selection.size > 0,
      perform: () => writeClipboard(editor, "image/png", selectionPNG(stacked()), "PNG") },
    { name: "export-selection-svg", label: "Export the selection as SVG", group: "Export",
      when: () => state.selection.size > 0,
      perform: () => saveFile(`${page.drawing.title || "drawing"} selection.svg`,
        new Blob([clipboardSVG(stacked())], { type: "image/svg+xml" })) },
    { name: "export-selection-png", label: "Export the selection as PNG", group: "Export",
      when: () => state.selection.size > 0,
      perform: () => selectionPNG(stacked()).then(
        (png) => saveFile(`${page.drawing.title || "drawing"} selection.png`, png),
        (error) => editor.notify(`The selection could not be drawn as PNG: ${error.message}.`)) },
  );
  const formats = { svg: "SVG", json: "JSON", pdf: "PDF", png: "PNG", drawio: "draw.io",
                    excalidraw: "Excalidraw" };
  for (const [format, name] of Object.entries(formats)) {
    actions.register({ name: `export-${format}`, label: `Export the drawing as ${name}`,
                       group: "Export", when: () => Boolean(page.drawing),
                       perform: () => document.getElementById(`export-${format}`).click() });
  }
  actions.register(
    { name: "command-palette", label: "Find a command", group: "Help", keys: ["Mod+K"],
      perform: () => editor.showPalette() },
    { name: "shortcuts", label: "Keyboard shortcuts", group: "Help", keys: ["?"],
      perform: () => editor.showShortcuts() },
  );
}

/**
 * The canvas shown dark (inverted, its hues kept: app.css's `.dark-canvas`) or light: as the
 * person chose on this browser, kept in localStorage; with no choice made, as the system's
 * dark mode is, followed as it changes.
 */
function darkCanvas() {
  const system = matchMedia("(prefers-color-scheme: dark)");
  const chosen = () => {
    try {
      const kept = localStorage.getItem(DARK_CANVAS_KEY);
      return kept === null ? null : kept === "dark";
    } catch (error) {
      return null;
    }
  };
  const dark = () => chosen() ?? system.matches;
  const show = () => document.getElementById("viewport").classList.toggle("dark-canvas", dark());
  system.addEventListener("change", show);
  show();
  return {
    dark,
    choose(on) {
      try { localStorage.setItem(DARK_CANVAS_KEY, on ? "dark" : "light"); } catch (error) { /* not kept */ }
      show();
    },
  };
}

/**
 * Puts text or a PNG (a promise of its blob, which Safari wants given as it is) on the system
 * clipboard, with a notice either way.
 */
async function writeClipboard(editor, type, data, name) {
  try {
    const blob = typeof data === "string" ? new Blob([data], { type }) : data;
    await navigator.clipboard.write([new ClipboardItem({ [type]: blob })]);
    editor.notify(`The selection is on the clipboard as ${name}.`);
  } catch (error) {
    editor.notify(`The browser did not let the page use the clipboard (${error.message}): ` +
      "use Export the selection instead.");
  }
}

/** Saves a blob as a file through the browser's download. */
function saveFile(name, blob) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}
