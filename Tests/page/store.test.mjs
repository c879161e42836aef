// The editor's state store (store.js): values set and noted, views called once per turn for
// what they are drawn from.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Store } from "../../Sources/DrawdocWeb/Assets/store.js";

/** Lets the microtasks queued so far run. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a view is called once a turn, for the names it subscribed to", async () => {
  const store = new Store({ selection: [], zoom: 1, grid: false });
  const calls = [];
  store.subscribe(["selection", "zoom"], (changed) => calls.push([...changed].sort()));
  store.subscribe(["grid"], () => calls.push(["grid view"]));
  store.set({ selection: ["a"] });
  store.set({ zoom: 2 });
  assert.deepEqual(calls, [], "views wait for the turn to end");
  await turn();
  assert.deepEqual(calls, [["selection", "zoom"]]);
  store.state.grid = true;
  await turn();
  assert.deepEqual(calls, [["selection", "zoom"], ["grid view"]]);
});

test("a value set to what it is changes nothing; touch notes a change in place", async () => {
  const drawing = { rectangles: [] };
  const store = new Store({ zoom: 1, drawing });
  let called = 0;
  store.subscribe(["zoom", "drawing"], () => { called += 1; });
  store.set({ zoom: 1, drawing });
  await turn();
  assert.equal(called, 0);
  drawing.rectangles.push("r");
  store.touch("drawing");
  await turn();
  assert.equal(called, 1);
});

test("the state object reads and sets through the store", async () => {
  const store = new Store({ snap: true });
  const seen = [];
  store.subscribe(["snap"], () => seen.push(store.state.snap));
  store.state.snap = !store.state.snap;
  assert.equal(store.state.snap, false, "read at once");
  await turn();
  assert.deepEqual(seen, [false]);
});

test("what a view changes is drawn in the same turn; flush draws at once", async () => {
  const store = new Store({ drawing: 0, selection: ["a", "b"] });
  const order = [];
  store.subscribe(["drawing"], () => {
    order.push("prune");
    store.set({ selection: ["a"] });
  });
  store.subscribe(["selection"], () => order.push(`outline ${store.state.selection.join()}`));
  store.touch("drawing");
  store.flush();
  assert.deepEqual(order, ["prune", "outline a"]);
  const stop = store.subscribe(["drawing"], () => order.push("gone"));
  stop();
  store.touch("drawing");
  await turn();
  assert.deepEqual(order, ["prune", "outline a", "prune", "outline a"]);
});
