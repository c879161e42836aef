// The editor's keys, as the action registry (actions.js) gives them. They work wherever the
// focus is, except in a field that takes the keys itself (a text field, the alpha slider) and
// in an open dialog. Space held pans, even when a button clicked with the pointer has the
// focus (a button reached with Tab is still pressed by Space). Escape first cancels a gesture
// under way. An ES module.

/** The keys a slider takes itself; every other key is the editor's, even with it focused. */
const SLIDER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
                             "PageUp", "PageDown"]);

/** Whether a key event is meant for a field rather than for the editor. */
function typing(event) {
  const field = event.target.closest && event.target.closest("input, select, textarea");
  if (field && field.type === "range") return SLIDER_KEYS.has(event.key);
  return Boolean(field);
}

/** What a pointer presses and Space, from the keyboard, presses too. */
const CONTROLS = "button, a, summary, [role=option]";

/** The control the pointer pressed last, while it keeps the focus that press gave it. */
let pressedControl = null;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", (event) => {
    pressedControl = event.target.closest ? event.target.closest(CONTROLS) : null;
  }, { capture: true });
  document.addEventListener("focusin", (event) => {
    if (event.target !== pressedControl) pressedControl = null;
  });
}

/**
 * Whether Space would press the focused control: only one reached from the keyboard. One
 * clicked with the pointer lets Space pan, as on the canvas.
 */
function pressesButton(event) {
  const control = event.target.closest && event.target.closest(CONTROLS);
  return Boolean(control) && control !== pressedControl;
}

/** Connects the keys to the editor: `editor.actions` performs what each key asks for. */
export function connectKeys(editor) {
  const { view, actions } = editor;
  const dialogOpen = () => Boolean(document.querySelector("dialog[open]"));

  // A window left with Space down never hears it come up.
  window.addEventListener("blur", () => { if (view.spaceHeld) view.holdSpace(false); });
  document.addEventListener("keyup", (event) => {
    if (event.code !== "Space" || !view.spaceHeld) return;
    view.holdSpace(false);
    event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (typing(event) || dialogOpen()) return;
    if (event.code === "Space") {
      if (pressesButton(event)) return;
      if (!event.repeat) view.holdSpace(true);
      event.preventDefault();
      return;
    }
    if (editor.gestures.active()) {
      // During a drag only Escape acts (it cancels); a command would change what the drag
      // is about to commit. The modifier keys shape the drag (gestures.js).
      if (event.key === "Escape") editor.gestures.cancel();
      if (!["Shift", "Alt", "Control", "Meta"].includes(event.key)) event.preventDefault();
      return;
    }
    const action = actions.forKey(event);
    if (!action) return;
    const context = { event };
    if (!action.when(context)) {
      // A key whose command does not apply now is the page's still (Ctrl+D duplicates
      // nothing, rather than bookmark the page), except Tab, which moves the focus on.
      if (event.key !== "Tab") event.preventDefault();
      return;
    }
    event.preventDefault();
    action.perform(context);
  });
}
