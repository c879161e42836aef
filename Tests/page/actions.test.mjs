// The action registry (actions.js): key specs read, matched and shown; what applies; search.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Actions, matchesKeys, parseKeys, searchActions, showKeys }
  from "../../Sources/DrawdocWeb/Assets/actions.js";

/** A key event as a browser makes it (only what the registry reads). */
const key = (code, key, mods = {}) => ({ code, key, ctrlKey: false, metaKey: false,
                                         shiftKey: false, altKey: false, ...mods });

test("a spec is read into its key and modifiers", () => {
  assert.deepEqual(parseKeys("Mod+Shift+Z"),
    { key: "z", mod: true, shift: true, alt: false, typed: false });
  assert.deepEqual(parseKeys("Mod++"), { key: "+", mod: true, shift: false, alt: false, typed: true });
  assert.deepEqual(parseKeys("?"), { key: "?", mod: false, shift: false, alt: false, typed: true });
  assert.equal(parseKeys("ArrowLeft").key, "ArrowLeft");
});

test("keys match by their code, whatever Shift or Alt typed", () => {
  // Shift+1 types "!" and Alt+A types "å" on a Mac: the code still says which key.
  assert.ok(matchesKeys("Shift+1", key("Digit1", "!", { shiftKey: true })));
  assert.ok(matchesKeys("Alt+A", key("KeyA", "å", { altKey: true })));
  assert.ok(matchesKeys("Mod+Shift+]", key("BracketRight", "}", { ctrlKey: true, shiftKey: true })));
  assert.ok(matchesKeys("Mod+Z", key("KeyZ", "z", { metaKey: true })));
  assert.ok(!matchesKeys("Mod+Z", key("KeyZ", "Z", { ctrlKey: true, shiftKey: true })));
  assert.ok(!matchesKeys("Shift+1", key("Digit1", "1")));
  assert.ok(!matchesKeys("V", key("KeyV", "v", { ctrlKey: true })));
});

test("a printed character matches what is typed, with or without Shift", () => {
  assert.ok(matchesKeys("?", key("Slash", "?", { shiftKey: true })));
  assert.ok(matchesKeys("Mod+=", key("Equal", "=", { ctrlKey: true })));
  assert.ok(matchesKeys("Mod++", key("Equal", "+", { ctrlKey: true, shiftKey: true })));
  assert.ok(!matchesKeys("=", key("Equal", "=", { ctrlKey: true })));
});

test("keys are shown as each system writes them", () => {
  assert.equal(showKeys("Mod+Shift+Z", false), "Ctrl+Shift+Z");
  assert.equal(showKeys("Mod+Shift+Z", true), "⇧⌘Z");
  assert.equal(showKeys("Alt+Shift+H", true), "⌥⇧H");
  assert.equal(showKeys("ArrowLeft", false), "←");
  assert.equal(showKeys("Escape", false), "Esc");
});

test("the registry performs what applies, finds actions by key, and lists them", () => {
  const actions = new Actions();
  const done = [];
  let selected = 0;
  actions.register(
    { name: "delete", label: "Delete", group: "Edit", keys: ["Delete", "Backspace"],
      when: () => selected > 0, perform: () => done.push("delete") },
    { name: "grid", label: "Grid", group: "View", keys: ["G"], checked: () => true,
      perform: () => done.push("grid") },
  );
  assert.throws(() => actions.register({ name: "grid", label: "Again", perform() {} }),
    /registered twice/);
  assert.equal(actions.perform("delete"), false);
  selected = 2;
  assert.equal(actions.perform("delete"), true);
  assert.equal(actions.forKey(key("Backspace", "Backspace")).name, "delete");
  assert.equal(actions.forKey(key("KeyG", "g")).name, "grid");
  assert.equal(actions.forKey(key("KeyK", "k")), undefined);
  assert.deepEqual(done, ["delete"]);
  assert.deepEqual(actions.describe({}, false), [
    { name: "delete", label: "Delete", group: "Edit", keys: ["Delete", "Backspace"],
      shown: ["Delete", "Backspace"], enabled: true, menu: false },
    { name: "grid", label: "Grid", group: "View", keys: ["G"], shown: ["G"], enabled: true,
      menu: false, checked: true },
  ]);
});

test("keys left to the browser are not taken", () => {
  const actions = new Actions();
  actions.register({ name: "copy", label: "Copy", keys: ["Mod+C"], nativeKeys: true, perform() {} });
  assert.equal(actions.forKey(key("KeyC", "c", { ctrlKey: true })), undefined);
});

test("search finds every word, labels that start with the query first", () => {
  const listed = [
    { label: "Align left", group: "Align", shown: ["Alt+A"] },
    { label: "Zoom to fit", group: "View", shown: ["Shift+1"] },
    { label: "Select all", group: "Selection", shown: ["Ctrl+A"] },
    { label: "Send to back", group: "Arrange", shown: [] },
  ];
  assert.deepEqual(searchActions(listed, "left align").map((a) => a.label), ["Align left"]);
  assert.deepEqual(searchActions(listed, "se").map((a) => a.label), ["Select all", "Send to back"]);
  assert.deepEqual(searchActions(listed, "shift+1").map((a) => a.label), ["Zoom to fit"]);
  assert.equal(searchActions(listed, "").length, 4);
});
