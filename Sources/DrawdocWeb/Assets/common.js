// What both pages' scripts share: the API, times, messages, the change stream. An ES module:
// the pages' scripts import what they use from it.

/** Calls the API; resolves to {ok, status, data}. The error's message is the command line's. */
export async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { ok: false, status: 0, data: { error: "the server cannot be reached: " + error } };
  }
  let data = {};
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch (error) { data = { error: text }; }
  }
  return { ok: response.ok, status: response.status, data };
}

/** `2026-11-24 10:05` in the reader's time zone. */
export function localTime(iso) {
  const date = new Date(iso);
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}`;
}

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function showMessage(id, text) {
  const node = document.getElementById(id);
  if (node) node.textContent = text || "";
}

export function setStatus(text) { showMessage("status", text); }

/** Makes `load` run one at a time: calls during a run make one more run after it. */
export function coalesced(load) {
  let running = null;
  let again = false;
  return function reload() {
    if (running) { again = true; return running; }
    running = Promise.resolve(load()).finally(() => {
      running = null;
      if (again) { again = false; reload(); }
    });
    return running;
  };
}

/**
 * Follows the store's changes after event `since`: `onChange(event)` for each,
 * `onReload()` when events were lost (the page then reads everything again). A page
 * hidden for a while lets go of its stream — a browser opens only six connections to a
 * server, and every tab's stream holds one — and takes it again, from the last event it
 * saw, when it is shown.
 */
export function followChanges(since, onChange, onReload) {
  let last = since;
  let source = null;
  let idle = null;
  const open = () => {
    source = new EventSource("/api/events?since=" + encodeURIComponent(last));
    source.addEventListener("change", (message) => {
      const event = JSON.parse(message.data);
      last = Math.max(last, event.sequence);
      onChange(event);
    });
    source.addEventListener("reload", () => onReload());
    source.addEventListener("open", () => setStatus("live"));
    source.addEventListener("error", async () => {
      if (source.readyState !== EventSource.CLOSED) { setStatus("reconnecting…"); return; }
      // Refused for good (a restarted server has another token): say what to do.
      const check = await api("GET", "/api/drawings");
      setStatus(check.status === 401
        ? "disconnected: open the address drawdoc serve printed"
        : "disconnected: reload the page");
    });
  };
  open();
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      idle = setTimeout(() => { source.close(); source = null; setStatus("paused"); }, 30000);
    } else {
      clearTimeout(idle);
      if (!source) { open(); onReload(); }
    }
  });
}

/** Calls `load` until it gives something, every two seconds. */
export async function keepTrying(load) {
  for (;;) {
    const data = await load();
    if (data) return data;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
