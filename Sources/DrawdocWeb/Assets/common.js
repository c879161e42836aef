// What both pages' scripts share: the access token, the API, times, messages, the change
// stream. An ES module: the pages' scripts import what they use from it.

// The access token. `drawdoc serve` prints an address that carries it (`?token=…`); the page
// keeps it in localStorage, which the browser keeps apart for every scheme, host and port, so
// no page of another program on this machine can read it, and sends it only in the
// Authorization field of its own requests (never as a cookie, which a browser would send to
// every port of the host). The address loses it at once.
export const TOKEN_KEY = "drawdoc-token";

// On the network side (https, `drawdoc serve --lan`) the token is a paired device's own (the
// pairing page keeps it under the same key), or a shared link's: a link opens one drawing,
// `/drawings/ID#link=TOKEN`, and its token is kept for that drawing only.
const onNetwork = location.protocol === "https:";
const linkedDrawing = location.pathname.match(/^\/drawings\/([^/]+)$/)?.[1] ?? null;
const linkKey = linkedDrawing ? `drawdoc-link:${linkedDrawing}` : null;
if (onNetwork && linkKey) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const link = fragment.get("link");
  if (link) {
    try { localStorage.setItem(linkKey, link); } catch (error) { /* not kept */ }
    history.replaceState(history.state, "", location.pathname + location.search);
  }
}

function storedToken() {
  try {
    const link = onNetwork && linkKey ? localStorage.getItem(linkKey) : null;
    return link ?? localStorage.getItem(TOKEN_KEY);
  } catch (error) {
    return null;
  }
}

/** Whether this page holds a token (its own, or its drawing's link's) to send. */
export function holdsToken() { return storedToken() !== null; }

// The token goes only to a server that proves it holds it: the server this page came from may
// stop, and another program may take its port. Before the token leaves the page, the page
// sends a fresh random nonce to `GET /api/proof` (which needs no token) and checks the answer,
// HMAC-SHA256 of the nonce and this port under the token, with WebCrypto. A proof holds while
// the change stream opened after it stays open (the same server is there); with no stream
// open, every request proves again first (requests at the same moment share one proof).

const encoder = new TextEncoder();

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function proofMessage(nonce) {
  const port = location.port || (location.protocol === "https:" ? "443" : "80");
  return encoder.encode(`drawdoc server proof\nport ${port}\nnonce ${nonce}`);
}

/**
 * Whether the server at this address holds `token`: "proven"; "refused" when it answered with
 * a proof for another token (a server started with --new-token, or another program); "absent"
 * when it could not be asked or gave no proof at all (stopped, or not drawdoc).
 */
async function serverProof(token) {
  if (!globalThis.crypto || !crypto.subtle) return "absent";
  const nonce = hex(crypto.getRandomValues(new Uint8Array(32)));
  let answer;
  try {
    const response = await fetch(`/api/proof?nonce=${nonce}`, { cache: "no-store" });
    if (!response.ok) return "absent";
    answer = await response.json();
  } catch (error) {
    return "absent";
  }
  const proof = answer && typeof answer.proof === "string" ? answer.proof : "";
  if (!/^[0-9a-f]{64}$/.test(proof)) return "absent";
  const code = new Uint8Array(proof.match(/../g).map((pair) => parseInt(pair, 16)));
  try {
    const key = await crypto.subtle.importKey("raw", encoder.encode(token),
      { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    return await crypto.subtle.verify("HMAC", key, code, proofMessage(nonce)) ? "proven"
      : "refused";
  } catch (error) {
    return "absent";
  }
}

/** Settles once a token in the address has been checked and kept (or refused). */
const ready = (async () => {
  const address = new URL(location.href);
  const offered = address.searchParams.get("token");
  if (offered === null) return;
  address.searchParams.delete("token");
  history.replaceState(history.state, "", address.pathname + address.search + address.hash);
  // Kept only if this server proves it holds it: a link from elsewhere cannot put its own
  // token in place of the one that works, and the token is not sent to check it.
  if (await serverProof(offered) === "proven") {
    try { localStorage.setItem(TOKEN_KEY, offered); } catch (error) { /* not kept */ }
  }
})();

/** The change stream that is open on a proven server, if any (set by followChanges). */
let provenStream = null;
/** The proof being asked for now, which requests at the same moment share. */
let proving = null;

/**
 * The header fields that carry the token: `{}` without a token; `null` when the server did
 * not prove it holds the token (nothing may be sent then), after saying so on the page.
 */
async function authorization() {
  await ready;
  const token = storedToken();
  if (!token) return {};
  // In TLS the certificate proves the server: there is no proof to ask for.
  if (!provenStream && !onNetwork) {
    if (!proving) proving = serverProof(token).finally(() => { proving = null; });
    const proof = await proving;
    if (proof === "refused") showGetIn();
    if (proof !== "proven") return null;
    document.getElementById("get-in")?.remove();
  }
  return { Authorization: `Bearer ${token}` };
}

const unproven = "the server at this address did not prove that it holds this page's token, " +
  "so the page sent it nothing: is drawdoc serve running?";

/** Says, at the top of the page, how to get in: the page holds no token this server takes. */
function showGetIn() {
  if (document.getElementById("get-in")) return;
  const notice = onNetwork
    ? element("section", { id: "get-in", class: "get-in", role: "alert" },
      element("h2", { text: "This device is not paired" }),
      element("p", { text: "Scan the pairing code that drawdoc serve --lan shows (or that " +
        "drawdoc devices pair makes), or open the link you were given. A device that was " +
        "taken out needs a new code, and so does an app added to the home screen (it keeps " +
        "its own storage): " },
        element("a", { href: "/pair", text: "pair this device with a code" })))
    : element("section", { id: "get-in", class: "get-in", role: "alert" },
      element("h2", { text: "This page needs the access token" }),
      element("p", { text: "Open the address that drawdoc serve printed in its terminal (the " +
        "one that ends in ?token=…) once in this browser: the page keeps the token for this " +
        "address and works without it from then on. Lost it? Run drawdoc serve again: it " +
        "prints the same address." }));
  document.querySelector("main").prepend(notice);
  setStatus("no access token");
}

/** Calls the API; resolves to {ok, status, data}. The error's message is the command line's. */
export async function api(method, path, body) {
  const headers = await authorization();
  if (headers === null) return { ok: false, status: 0, data: { error: unproven } };
  const options = { method, headers };
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
  const headers = await authorization();
  if (headers === null) return { ok: false, error: unproven };
  let response;
  try {
    response = await fetch(path, { headers });
  } catch (error) {
    return { ok: false, error: "the server cannot be reached: " + error };
  }
  if (response.status === 401) showGetIn();
  if (!response.ok) {
    // The app's errors are JSON; the server's own (503 when it is busy) are plain text.
    let message = `${response.status} ${response.statusText}`;
    try {
      const text = (await response.text()).trim();
      try { message = JSON.parse(text).error || message; } catch (error) { message = text || message; }
    } catch (error) { /* no body */ }
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
 * by screen readers: what happened to an edit. The same sentence twice in a row shows once. A
 * notice of a `kind` (the editor's modes: snapping, the grid, …) takes the place of the one of
 * that kind still shown, so that a few toggles leave one notice, not a stack over the canvas.
 */
export function notify(text, { kind = "" } = {}) {
  if (!text) return;
  let region = document.getElementById("notices");
  if (!region) {
    region = element("div", { id: "notices", class: "notices", role: "status",
                              "aria-live": "polite" });
    document.body.append(region);
  }
  if (kind) {
    for (const old of [...region.children]) if (old.dataset.kind === kind) old.remove();
  }
  if (region.lastElementChild && region.lastElementChild.textContent === text) return;
  const note = element("p", { class: "notice", text });
  if (kind) note.dataset.kind = kind;
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
 * `presence` (an editor's): `query` added to the stream's address (its drawing and page),
 * `onEvent(name, data)` for its events of other names (`presence`, `terminal`), which carry
 * no id and take no part in the sequence.
 */
/** How many times a change stream of this page was lost or could not be opened (for tests). */
let streamFailures = 0;
export const lostStreams = () => streamFailures;

export function followChanges(since, onChange, onReload, onConnection = () => {}, presence = null) {
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
    } else if (presence && name !== "message") {
      presence.onEvent(name, data);
    }
  };
  const open = async () => {
    const mine = new AbortController();
    controller = mine;
    try {
      const headers = await authorization();
      if (headers === null) throw new Error("unproven");
      if (mine.signal.aborted) return;
      const response = await fetch("/api/events?since=" + encodeURIComponent(last) +
        (presence ? presence.query : ""), { headers, signal: mine.signal });
      if (response.status === 401) {
        showGetIn();
        setStatus("disconnected: open the address drawdoc serve printed");
        return;
      }
      if (!response.ok || !response.body) throw new Error(`${response.status}`);
      // Open on a server that proved it holds the token (or with no token at all): while it
      // stays open, requests go without a proof of their own.
      if (headers.Authorization) provenStream = mine;
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
    } finally {
      // Gone (the server stopped, or the page let go of it): the next request proves again.
      if (provenStream === mine) provenStream = null;
    }
    if (mine.signal.aborted || controller !== mine) return;
    setStatus("reconnecting…");
    onConnection(false);
    failures += 1;
    streamFailures += 1;
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
        // Away: no longer present (the server hears the stream close).
        if (presence) presence.onConnection(false);
      }, 30000);
    } else {
      clearTimeout(idle);
      if (!controller) { open(); onReload(); }
    }
  });
}

/**
 * Sends a last request as the page goes away (`pagehide`): a fetch kept alive after the page,
 * with the token, started at once — only while a change stream is open on a proven server.
 */
export function leaving(path, body) {
  const token = storedToken();
  if (!token || !provenStream) return;
  try {
    fetch(path, { method: "POST", keepalive: true, body: JSON.stringify(body),
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
  } catch (error) { /* the page is going anyway */ }
}

/** Calls `load` until it gives something, every two seconds. */
export async function keepTrying(load) {
  for (;;) {
    const data = await load();
    if (data) return data;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
