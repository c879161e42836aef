// What both pages' scripts share: the access token, the API, times, messages, the change
// stream. An ES module: the pages' scripts import what they use from it.

// The access token. `drawdoc serve` prints an address that carries it (`?token=…`); the page
// keeps it in localStorage, which the browser keeps apart for every scheme, host and port, so
// no page of another program on this machine can read it, and sends it only in the
// Authorization field of its own requests (never as a cookie, which a browser would send to
// every port of the host). The address loses it at once.
const TOKEN_KEY = "drawdoc-token";

function storedToken() {
  try { return localStorage.getItem(TOKEN_KEY); } catch (error) { return null; }
}

/** Settles once a token in the address has been checked and kept (or refused). */
const ready = (async () => {
  const address = new URL(location.href);
  const offered = address.searchParams.get("token");
  if (offered === null) return;
  address.searchParams.delete("token");
  history.replaceState(history.state, "", address.pathname + address.search + address.hash);
  // Kept only if this server takes it: a link from elsewhere cannot put its own token in
  // place of the one that works.
  try {
    const check = await fetch("/api/session", { headers: { Authorization: `Bearer ${offered}` } });
    if (check.ok) localStorage.setItem(TOKEN_KEY, offered);
  } catch (error) { /* the server cannot be reached: the calls that follow say so */ }
})();

function authorization() {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Says, at the top of the page, how to get in: the page holds no token this server takes. */
function showGetIn() {
  if (document.getElementById("get-in")) return;
  const notice = element("section", { id: "get-in", class: "get-in", role: "alert" },
    element("h2", { text: "This page needs the access token" }),
    element("p", { text: "Open the address that drawdoc serve printed in its terminal (the one " +
      "that ends in ?token=…) once in this browser: the page keeps the token for this address " +
      "and works without it from then on. Lost it? Run drawdoc serve again: it prints the " +
      "same address." }));
  document.querySelector("main").prepend(notice);
  setStatus("no access token");
}

/** Calls the API; resolves to {ok, status, data}. The error's message is the command line's. */
export async function api(method, path, body) {
  await ready;
  const options = { method, headers: authorization() };
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
  if (response.status === 401) showGetIn();
  let data = {};
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch (error) { data = { error: text }; }
  }
  return { ok: response.ok, status: response.status, data };
}

/** Fetches a file of the API with the token; resolves to {ok, blob, name, error}. */
export async function fetchFile(path) {
  await ready;
  let response;
  try {
    response = await fetch(path, { headers: authorization() });
  } catch (error) {
    return { ok: false, error: "the server cannot be reached: " + error };
  }
  if (response.status === 401) showGetIn();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = (await response.json()).error || message; } catch (error) { /* not JSON */ }
    return { ok: false, error: message };
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = /filename="([^"]*)"/.exec(disposition);
  return { ok: true, blob: await response.blob(), name: name ? name[1] : "" };
}

/** Shows a picture of the API (a thumbnail) in an img, fetched with the token. */
export async function showPicture(img, path) {
  const file = await fetchFile(path);
  if (!file.ok) return;
  const url = URL.createObjectURL(file.blob);
  // Once drawn (or refused), the picture needs its address no more: no blob is kept alive.
  const release = () => URL.revokeObjectURL(url);
  img.addEventListener("load", release, { once: true });
  img.addEventListener("error", release, { once: true });
  img.src = url;
}

/** Downloads a file of the API (an export) under the name the server gives it. */
export async function download(path) {
  const file = await fetchFile(path);
  if (!file.ok) return file.error;
  const link = element("a", { href: URL.createObjectURL(file.blob), download: file.name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  return null;
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

/**
 * Shows a plain sentence for a few seconds, over the page (the layout does not move), read out
 * by screen readers: what happened to an edit. The same sentence twice in a row shows once.
 */
export function notify(text) {
  if (!text) return;
  let region = document.getElementById("notices");
  if (!region) {
    region = element("div", { id: "notices", class: "notices", role: "status",
                              "aria-live": "polite" });
    document.body.append(region);
  }
  if (region.lastElementChild && region.lastElementChild.textContent === text) return;
  const note = element("p", { class: "notice", text });
  region.append(note);
  while (region.children.length > 3) region.firstElementChild.remove();
  setTimeout(() => note.classList.add("fading"), 4500);
  setTimeout(() => note.remove(), 5200);
}

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
 * `onReload()` when events were lost (the page then reads everything again), `onConnection(up)`
 * when the stream connects or is lost. The stream is
 * Server-Sent Events read with fetch (EventSource cannot send the token). It reconnects by
 * itself from the last event it saw — after a network error, or a restart of the server, which
 * keeps its token. A page hidden for a while lets go of its stream — a browser opens only six
 * connections to a server, and every tab's stream holds one — and takes it again when shown.
 */
export function followChanges(since, onChange, onReload, onConnection = () => {}) {
  let last = since;
  let controller = null;
  let idle = null;
  let retry = 1000;
  // Failures in a row: each waits longer before the next try (up to 5 s), with some chance
  // in it, so that many pages do not come back all at once.
  let failures = 0;
  const handle = (block) => {
    let name = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") name = value;
      else if (field === "data") data += (data ? "\n" : "") + value;
      else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
    }
    if (name === "change") {
      let event;
      try { event = JSON.parse(data); } catch (error) { onReload(); return; }
      last = Math.max(last, event.sequence);
      onChange(event);
    } else if (name === "reload") {
      onReload();
    }
  };
  const open = async () => {
    await ready;
    const mine = new AbortController();
    controller = mine;
    try {
      const response = await fetch("/api/events?since=" + encodeURIComponent(last),
        { headers: authorization(), signal: mine.signal });
      if (response.status === 401) {
        showGetIn();
        setStatus("disconnected: open the address drawdoc serve printed");
        return;
      }
      if (!response.ok || !response.body) throw new Error(`${response.status}`);
      setStatus("live");
      onConnection(true);
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        // Line ends of any kind; a CR at the end may be half of a CRLF still to come.
        const whole = buffer.endsWith("\r") ? buffer.length - 1 : buffer.length;
        buffer = buffer.slice(0, whole).replace(/\r\n?/g, "\n") + buffer.slice(whole);
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          handle(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch (error) {
      if (mine.signal.aborted) return;
    }
    if (mine.signal.aborted || controller !== mine) return;
    setStatus("reconnecting…");
    onConnection(false);
    failures += 1;
    const wait = Math.min(5000, retry * 2 ** (Math.min(failures, 4) - 1)) * (0.75 + Math.random() / 2);
    setTimeout(() => { if (controller === mine) open(); }, wait);
  };
  open();
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      idle = setTimeout(() => {
        if (controller) controller.abort();
        controller = null;
        setStatus("paused");
      }, 30000);
    } else {
      clearTimeout(idle);
      if (!controller) { open(); onReload(); }
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
