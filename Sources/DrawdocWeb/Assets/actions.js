// The editor's one registry of actions, as Excalidraw keeps its own: each action has a name, a
// label, its keys, when it applies and what it does. The keys, the toolbar's buttons, the
// context menu, the command palette and the `?` dialog are all made from it, so a command is
// written once. Pure: no `document` here (`node --test` runs it). An ES module.

/** Whether the page runs on an Apple system, where Mod is ⌘ rather than Ctrl. */
const apple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || "");

/** A key's name from a `KeyboardEvent.code`, whatever the layout's Shift does to its key. */
const CODE_NAMES = {
  BracketLeft: "[", BracketRight: "]", Equal: "=", Minus: "-", Slash: "/", Comma: ",",
  Period: ".", Semicolon: ";", Quote: "'", Backquote: "`", Backslash: "\\",
};

/** The name a key event's main key has in a key spec: "a", "1", "]", "ArrowLeft", "?". */
function keyName(event) {
  const code = event.code || "";
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (CODE_NAMES[code]) return CODE_NAMES[code];
  return event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

/**
 * A key spec ("Mod+Shift+Z", "Alt+A", "Shift+1", "?", "Delete") as its parts. `Mod` is Ctrl,
 * or ⌘ on Apple systems; a spec of one printed character other than a letter or digit ("?",
 * "+") is matched by the character typed, whatever Shift it took.
 */
export function parseKeys(spec) {
  const parts = spec.split("+");
  // "Mod++" is Mod and the plus key.
  const key = parts.pop() || (parts.pop(), "+");
  const mods = new Set(parts.map((part) => part.toLowerCase()));
  return { key: key.length === 1 ? key.toLowerCase() : key, mod: mods.has("mod"),
           shift: mods.has("shift"), alt: mods.has("alt"),
           typed: key.length === 1 && !/[a-z0-9]/i.test(key) && !mods.has("shift") };
}

/** Whether a key event is the key of a spec. */
export function matchesKeys(spec, event) {
  const want = parseKeys(spec);
  const mod = event.ctrlKey || event.metaKey;
  if (want.mod !== mod || want.alt !== event.altKey) return false;
  if (want.typed && event.key === want.key) return true;
  return want.shift === event.shiftKey && keyName(event) === want.key;
}

/** A key spec as a person reads it on this system: "Ctrl+Shift+Z", or "⇧⌘Z" on a Mac. */
export function showKeys(spec, onApple = apple) {
  const { key, mod, shift, alt } = parseKeys(spec);
  const names = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓", Escape: "Esc" };
  const main = names[key] || (key.length === 1 ? key.toUpperCase() : key);
  if (onApple) return `${alt ? "⌥" : ""}${shift ? "⇧" : ""}${mod ? "⌘" : ""}${main}`;
  return [mod && "Ctrl", alt && "Alt", shift && "Shift", main].filter(Boolean).join("+");
}

/**
 * The registry. An action is `{name, label, group, keys, when, perform, checked, menu}`:
 * `keys` an array of specs (the first is the one shown), `when(context)` whether it applies
 * now (it is listed greyed out otherwise), `perform(context)` what it does, `checked()` for a
 * toggle, `menu` true when the context menu offers it. `nativeKeys` leaves its keys to the
 * browser (copy and paste come as clipboard events).
 */
export class Actions {
  constructor() {
    this.list = [];
    this.byName = new Map();
  }

  /** Adds actions; a name used twice is a mistake in the page, thrown at once. */
  register(...actions) {
    for (const action of actions) {
      if (this.byName.has(action.name)) throw new Error(`the action ${action.name} is registered twice`);
      const made = { keys: [], group: "", when: () => true, ...action };
      this.list.push(made);
      this.byName.set(made.name, made);
    }
  }

  /** Whether an action applies in this context. */
  applies(name, context = {}) {
    const action = this.byName.get(name);
    return Boolean(action) && Boolean(action.when(context));
  }

  /** Performs an action if it applies; returns whether it did. */
  perform(name, context = {}) {
    const action = this.byName.get(name);
    if (!action || !action.when(context)) return false;
    action.perform(context);
    return true;
  }

  /** The action a key event asks for (the first whose keys match), applying or not. */
  forKey(event) {
    return this.list.find((action) => !action.nativeKeys
      && action.keys.some((spec) => matchesKeys(spec, event)));
  }

  /** Every action as data: what `drawdocEditor.actions()` gives and the menus are made from. */
  describe(context = {}, onApple = apple) {
    return this.list.map((action) => ({
      name: action.name, label: action.label, group: action.group, keys: [...action.keys],
      shown: action.keys.map((spec) => showKeys(spec, onApple)),
      enabled: Boolean(action.when(context)), menu: Boolean(action.menu),
      ...(action.checked ? { checked: Boolean(action.checked()) } : {}),
    }));
  }
}

/** The actions whose label holds every word of a query (any order, any case), best first. */
export function searchActions(described, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = described.filter((action) => {
    const text = `${action.label} ${action.group} ${action.shown.join(" ")}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  // Those whose label starts with the query first, then in the registry's order.
  const first = words.join(" ");
  return [...found.filter((a) => a.label.toLowerCase().startsWith(first)),
          ...found.filter((a) => !a.label.toLowerCase().startsWith(first))];
}
