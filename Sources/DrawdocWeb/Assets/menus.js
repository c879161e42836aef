// What the action registry shows: the toolbar's buttons (`data-action`), the `?` dialog, the
// command palette (Ctrl+K, ⌘K), the context menu (right-click, or a long press of a finger)
// and the zoom control. Each lists the actions as the registry has them, with their keys;
// one that does not apply now is shown greyed out, or left out of the context menu. An ES
// module.

import { searchActions, showKeys } from "./actions.js";
import { element } from "./common.js";

/** Whether an event is on the zoom control, which lies on the stage but is no part of the canvas. */
export function onZoomControl(event) {
  return Boolean(event.target && event.target.closest && event.target.closest(".zoom-control"));
}

/** How long a finger rests still on the canvas before the context menu opens. */
const LONG_PRESS_MS = 500;

/** Connects the registry's views to the editor. */
export function connectMenus(editor) {
  const { actions, stage } = editor;
  const byId = (name) => document.getElementById(name);
  const zoomPercent = byId("zoom-percent");
  const run = (name, context = {}) => {
    closeMenu({ refocus: true });
    actions.perform(name, context);
  };

  /** An action's first key as this system writes it, or "" for none. */
  const shownKey = (name) => {
    const [key] = actions.byName.get(name).keys;
    return key ? showKeys(key) : "";
  };

  // MARK: The toolbar

  const buttons = [...document.querySelectorAll("[data-action]")];
  for (const button of buttons) {
    const action = actions.byName.get(button.dataset.action);
    const keys = action.keys.length ? ` (${shownKey(action.name)})` : "";
    button.title = `${action.label}${keys}`;
    button.setAttribute("aria-label", `${action.label}${keys}`);
    button.addEventListener("click", () => run(action.name));
  }
  // Not on a zoom, which changes every frame of a wheel and no command's state: some commands'
  // `when` reads the whole selection.
  editor.store.subscribe(["drawing", "selection", "tool", "toolLocked", "snap", "grid",
                          "undoable", "gone", "previewing", "loading", "offline"], () => {
    for (const button of buttons) {
      const action = actions.byName.get(button.dataset.action);
      // A drawing gone (trashed, removed) leaves nothing to act on, as every control says.
      const enabled = !editor.state.loading && !editor.state.gone && Boolean(action.when({}));
      if (button.disabled === enabled) button.disabled = !enabled;
      if (action.checked) button.setAttribute("aria-pressed", String(Boolean(action.checked())));
    }
  });
  editor.store.subscribe(["zoom"], () => {
    const shown = `${Math.round(editor.view.zoom * 100)} %`;
    if (zoomPercent.textContent !== shown) {
      zoomPercent.textContent = shown;
      zoomPercent.setAttribute("aria-label", `Zoom ${shown}: choose a zoom`);
    }
  });

  // MARK: The `?` dialog

  const shortcuts = byId("shortcuts");
  const keyList = byId("shortcut-keys");
  function fillShortcuts() {
    const rows = [];
    let group = null;
    for (const action of actions.describe({})) {
      if (!action.keys.length) continue;
      if (action.group !== group) {
        group = action.group;
        rows.push(element("dt", { class: "group", text: group }), element("dd"));
      }
      rows.push(element("dt", { text: action.shown.join(", ") }), element("dd", { text: action.label }));
    }
    keyList.replaceChildren(...rows);
  }
  editor.showShortcuts = () => { fillShortcuts(); shortcuts.showModal(); };

  // MARK: The command palette

  const palette = byId("palette");
  const search = byId("palette-search");
  const results = byId("palette-results");
  let found = [];
  let chosen = 0;
  function fillPalette() {
    found = searchActions(actions.describe({}), search.value);
    chosen = Math.min(chosen, Math.max(0, found.length - 1));
    results.replaceChildren(...found.map((action, at) => {
      const row = element("li", { role: "option", id: `palette-${action.name}`,
                                  "data-action": action.name,
                                  "aria-selected": String(at === chosen),
                                  "aria-disabled": String(!action.enabled) },
        element("span", { text: action.label + (action.checked === undefined ? ""
          : action.checked ? " (on)" : " (off)") }),
        element("kbd", { text: action.shown[0] || "" }));
      row.addEventListener("click", () => choose(at));
      return row;
    }));
    search.setAttribute("aria-activedescendant", found.length ? `palette-${found[chosen].name}` : "");
    const row = results.children[chosen];
    if (row) row.scrollIntoView({ block: "nearest" });
  }
  function choose(at) {
    const action = found[at];
    if (!action || !action.enabled) return;
    palette.close();
    run(action.name);
  }
  editor.showPalette = () => {
    search.value = "";
    chosen = 0;
    fillPalette();
    palette.showModal();
    search.focus();
  };
  search.addEventListener("input", () => { chosen = 0; fillPalette(); });
  search.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      chosen = (chosen + (event.key === "ArrowDown" ? 1 : -1) + found.length) % Math.max(found.length, 1);
      fillPalette();
      event.preventDefault();
    } else if (event.key === "Enter") {
      choose(chosen);
      event.preventDefault();
    }
  });

  // MARK: The context menu

  const menu = byId("context-menu");
  let opener = null;
  /**
   * Shows the menu with actions (a `null` between two makes a separator), placed by
   * `place(size)` → {left, top} and kept inside the window.
   */
  function showMenu(listed, context, place) {
    if (!listed.some(Boolean)) return;
    // Where the focus goes back to when the menu closes from the keyboard or by a choice.
    if (menu.hidden) opener = document.activeElement;
    menu.replaceChildren(...listed.map((action) => {
      if (!action) return element("li", { role: "separator" });
      const item = element("li", { role: "menuitem", tabindex: "-1", "data-action": action.name,
                                   "aria-disabled": String(!action.when(context)) },
        element("span", { text: action.label }), element("kbd", { text: shownKey(action.name) }));
      item.addEventListener("click", () => { if (action.when(context)) run(action.name, context); });
      return item;
    }));
    menu.hidden = false;
    const size = menu.getBoundingClientRect();
    const { left, top } = place(size);
    menu.style.left = `${Math.max(0, Math.min(left, innerWidth - size.width))}px`;
    menu.style.top = `${Math.max(0, Math.min(top, innerHeight - size.height))}px`;
    menu.querySelector("[role=menuitem]").focus();
  }
  /** The context menu: the actions that apply here, by group. */
  function openMenu(clientX, clientY, point) {
    const context = { point };
    const listed = [];
    for (const action of actions.list) {
      if (!action.menu || !action.when(context)) continue;
      const last = listed[listed.length - 1];
      if (last && last.group !== action.group) listed.push(null);
      listed.push(action);
    }
    showMenu(listed, context, () => ({ left: clientX, top: clientY }));
  }
  /** Closes the menu; with `refocus`, the focus goes back to what had it (or the canvas). */
  function closeMenu({ refocus = false } = {}) {
    if (menu.hidden) return;
    const back = opener && opener.isConnected && !opener.disabled ? opener : stage;
    menu.hidden = true;
    menu.replaceChildren();
    zoomPercent.setAttribute("aria-expanded", "false");
    if (refocus || menu.contains(document.activeElement) || document.activeElement === document.body) {
      back.focus({ preventScroll: true });
    }
  }
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("[role=menuitem]")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "Escape" || event.key === "Tab") closeMenu({ refocus: true });
    else if (event.key === "ArrowDown") items[(at + 1) % items.length].focus();
    else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
    else if (event.key === "Home") items[0].focus();
    else if (event.key === "End") items[items.length - 1].focus();
    else if (event.key === "Enter" || event.key === " ") document.activeElement.click();
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!menu.contains(event.target)) closeMenu();
  }, { capture: true });
  window.addEventListener("blur", closeMenu);

  /** Selects what is under a point for the menu, as peers do: the rectangle, unless already chosen. */
  function openAt(clientX, clientY) {
    if (!editor.page.drawing || editor.state.gone) return;
    const point = editor.view.canvasPoint({ clientX, clientY });
    const found = editor.hitAt(point);
    if (found && !editor.state.selection.has(found.id)) editor.select([found.id]);
    else if (!found) editor.select([]);
    openMenu(clientX, clientY, point);
  }
  stage.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (onZoomControl(event)) return;
    // A finger's long press opens it by itself (below); some browsers also send this.
    if (press && press.opened) return;
    openAt(event.clientX, event.clientY);
  });
  let press = null;
  stage.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch" || onZoomControl(event)) return;
    clearTimeout(press && press.timer);
    press = { x: event.clientX, y: event.clientY, opened: false };
    press.timer = setTimeout(() => {
      // Not when the finger started a pinch with another, or a drag (past 3 px), since.
      if (editor.view.touches.size > 1
          || !["idle", "pointing"].includes(editor.gestures.state())) return;
      press.opened = true;
      editor.gestures.cancel();
      openAt(press.x, press.y);
    }, LONG_PRESS_MS);
  }, { capture: true });
  stage.addEventListener("pointermove", (event) => {
    if (press && !press.opened && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 8) {
      clearTimeout(press.timer);
    }
  }, { capture: true });
  for (const type of ["pointerup", "pointercancel"]) {
    stage.addEventListener(type, () => {
      if (press && !press.opened) clearTimeout(press.timer);
      // The finger lifted after the menu opened under it: the click that follows is not a
      // choice in the menu (it would run the item under the finger).
      if (press && press.opened && type === "pointerup") press.lifted = true;
    }, { capture: true });
  }
  document.addEventListener("click", (event) => {
    if (!press || !press.lifted) return;
    press.lifted = false;
    event.preventDefault();
    event.stopPropagation();
  }, { capture: true });
  document.addEventListener("pointerdown", () => { if (press) press.lifted = false; },
    { capture: true });

  // MARK: The zoom control

  // The control lies on the stage: a press on it is not a gesture on the canvas.
  document.querySelector(".zoom-control").addEventListener("pointerdown",
    (event) => event.stopPropagation());
  zoomPercent.addEventListener("click", () => {
    const box = zoomPercent.getBoundingClientRect();
    const listed = ["zoom-in", "zoom-out", "zoom-100", "zoom-fit", "zoom-selection"]
      .map((name) => actions.byName.get(name));
    showMenu(listed, {}, (size) => ({ left: box.left, top: box.top - size.height - 4 }));
    zoomPercent.setAttribute("aria-expanded", String(!menu.hidden));
  });
}
