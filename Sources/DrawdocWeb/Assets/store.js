// The editor page's one state store, as tldraw keeps its records: every value a view is drawn
// from lives here (the selection, the tool, the zoom, the toggles, whether the page is loading,
// offline or gone, the gesture's marks on the overlay), and the drawing is noted as changed
// when an edit or a change from elsewhere reaches it. A view subscribes to the names it is
// drawn from; after a change, once per turn of the event loop (a microtask, before the next
// frame), each view whose names changed is called: no view is redrawn by hand. Pure: no
// `document` here (`node --test` runs it). An ES module.

/** Reports an error without throwing it: `reportError` in a browser, the console elsewhere. */
function reportFailure(error) {
  if (typeof reportError === "function") reportError(error);
  else console.error(error);
}

export class Store {
  constructor(initial = {}) {
    this.values = { ...initial };
    this.views = [];
    this.changed = new Set();
    this.scheduled = false;
    /** The values as an object: reading one gives it, assigning one sets it. */
    this.state = new Proxy(this.values, {
      set: (values, name, value) => { this.set({ [name]: value }); return true; },
    });
  }

  /** Sets values; those that differ from what they were (`Object.is`) are noted as changed. */
  set(changes) {
    for (const [name, value] of Object.entries(changes)) {
      if (Object.is(this.values[name], value)) continue;
      this.values[name] = value;
      this.changed.add(name);
    }
    this.schedule();
  }

  /** Notes values as changed in place (the drawing, after an edit changed it). */
  touch(...names) {
    for (const name of names) this.changed.add(name);
    this.schedule();
  }

  /** Calls `view(changed)` after each change to any of `names`; returns what ends it. */
  subscribe(names, view) {
    const entry = { names: new Set(names), view };
    this.views.push(entry);
    return () => { this.views = this.views.filter((other) => other !== entry); };
  }

  schedule() {
    if (this.scheduled || !this.changed.size) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  /** Calls the views of what changed since the last time: now, rather than at the microtask. */
  flush() {
    this.scheduled = false;
    // A view may change values in turn: those are drawn by the next pass, in the same turn.
    for (let pass = 0; this.changed.size && pass < 10; pass += 1) {
      const changed = this.changed;
      this.changed = new Set();
      for (const { names, view } of [...this.views]) {
        if (![...names].some((name) => changed.has(name))) continue;
        // One view that fails leaves the others drawn; the browser reports its error.
        try { view(changed); } catch (error) { reportFailure(error); }
      }
    }
    if (this.changed.size) reportFailure(new Error("the views kept changing the store: stopped"));
  }
}
