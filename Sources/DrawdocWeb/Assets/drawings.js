// The drawings page: same-size cards newest first, kept current by the change stream. A
// card's whole face is one link to the editor; its buttons sit beside the link, not in it.

import {
  api, coalesced, element, followChanges, keepTrying, localTime, notify, showMessage, showPicture,
} from "./common.js";
import { loadDevices } from "./devices.js";

/** While a card is being renamed, the cards wait: redrawing them would lose the typing. */
let renaming = false;
let waiting = false;

async function load() {
  if (renaming) { waiting = true; return null; }
  const result = await api("GET", "/api/drawings");
  if (!result.ok) { showMessage("message", result.data.error); return null; }
  render(result.data);
  return result.data;
}

const reload = coalesced(load);

function render(data) {
  const cards = document.getElementById("cards");
  const trash = document.getElementById("trash");
  const focus = focused(cards) || focused(trash);
  cards.replaceChildren(...data.drawings.map((drawing) => card(drawing, data)));
  document.getElementById("empty").hidden = data.drawings.length > 0;
  trash.replaceChildren(...data.trash.map(trashRow));
  document.getElementById("trash-section").hidden = data.trash.length === 0;
  if (focus) refocus(focus);
}

/** What has the focus in a list's item, if anything: the item's id and place, its class. */
function focused(list) {
  const active = document.activeElement;
  const item = active && active.closest ? active.closest("li") : null;
  if (!item || item.parentElement !== list) return null;
  const index = [...list.children].indexOf(item);
  return { list, id: item.dataset.id, index, kind: active.classList[0] };
}

/** Gives the focus back after a redraw: to the same control, or to the item that took the
 * place of one that went (to the trash, or out of it), so that a keyboard user keeps their
 * place. */
function refocus({ list, id, index, kind }) {
  const items = [...list.children];
  const same = items.find((item) => item.dataset.id === id);
  const item = same || items[Math.min(index, items.length - 1)];
  const target = item &&
    ((same && kind && item.querySelector(`:scope .${kind}`)) || item.querySelector("a, button"));
  (target || document.getElementById("drawings-heading")).focus();
}

const ICONS = {
  rename: "M4 20h4L19 9l-4-4L4 16z M13.5 6.5l4 4",
  duplicate: "M8 8h11v11H8z M5 16V5h11",
  delete: "M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6",
  save: "M5 12.5l4.5 4.5L19 7.5",
  cancel: "M6.5 6.5l11 11 M17.5 6.5l-11 11",
};

function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

/** A button that shows an icon and says what it does in a tooltip; `name` says to what. */
function iconButton(kind, label, name, onclick, type = "button") {
  const attributes = { type, class: kind, title: label, "aria-label": `${label} ${name}` };
  if (onclick) attributes.onclick = onclick;
  return element("button", attributes, icon(kind));
}

/** The most rectangles a card shows as the drawing's own SVG on a high-density screen. */
const SVG_CARD_MOST = 2000;

/**
 * A card's picture: the store's thumbnail, a PNG 256 px across, sharp where a card shows it
 * at about its pixels; on a high-density screen (a phone's 3× shows it over 900 pixels) the
 * drawing's SVG file, sharp at any density, unless the drawing is too large to show cheaply.
 */
function picturePath(drawing, sequence) {
  const dense = (globalThis.devicePixelRatio || 1) > 1.25;
  return dense && drawing.rectangles <= SVG_CARD_MOST
    ? `/api/drawings/${drawing.id}/export?format=svg&at=${sequence}`
    : `/api/drawings/${drawing.id}/thumbnail?at=${sequence}`;
}

function card(drawing, data) {
  const name = drawing.title || "(untitled)";
  const count = drawing.rectangles === 1 ? "1 rectangle" : `${drawing.rectangles} rectangles`;
  const metaId = `meta-${drawing.id}`;
  // The thumbnail is fitted in a frame of one shape for every card, on the drawing's white.
  const image = element("img", { alt: "" });
  showPicture(image, picturePath(drawing, data.sequence));
  const sheet = element("div", { class: "sheet" }, image);
  sheet.style.setProperty("--ratio", String(drawing.width / drawing.height));
  const link = element("a", {
    class: "open", href: `/drawings/${drawing.id}`, "aria-describedby": metaId, text: name,
  });
  const title = element("h3", { class: "title", title: name }, link);
  const meta = element("div", { class: "meta", id: metaId },
    element("p", { text: `${drawing.width} × ${drawing.height} · ${count}` }),
    element("p", { class: "mono", text: drawing.id }),
    element("p", { text: `modified ${localTime(drawing.modified)}` }),
    element("p", { text: `created ${localTime(drawing.created)}` }));
  const actions = element("div", { class: "actions" },
    iconButton("rename", "Rename", name, () => rename(drawing, item, title)),
    iconButton("duplicate", "Duplicate", name, () => duplicate(drawing)),
    iconButton("delete", "Move to trash", name, () => trashIt(drawing)));
  const item = element("li", { class: "card", "data-id": drawing.id },
    element("div", { class: "frame" }, sheet), title, actions, meta);
  return item;
}

function trashRow(drawing) {
  const name = drawing.title || "(untitled)";
  return element("li", { "data-id": drawing.id },
    element("span", { class: "name", text: name }),
    element("span", { class: "meta", text: `deleted ${localTime(drawing.trashed)}` }),
    element("button", {
      type: "button", class: "restore", text: "Restore", "aria-label": `Restore ${name}`,
      onclick: () => restore(drawing),
    }));
}

function rename(drawing, item, title) {
  const input = element("input", { value: drawing.title, "aria-label": "New title" });
  const save = async () => {
    const current = await api("GET", `/api/drawings/${drawing.id}`);
    if (!current.ok) { showMessage("message", current.data.error); return; }
    const result = await api("POST", `/api/drawings/${drawing.id}/rename`,
      { version: current.data.version, title: input.value });
    if (!result.ok) { showMessage("message", result.data.error); return; }
    showMessage("message", "");
    reload();
  };
  const done = () => {
    renaming = false;
    if (waiting) { waiting = false; reload(); }
  };
  const form = element("form", { class: "rename" }, input,
    iconButton("save", "Save", "the title", null, "submit"),
    iconButton("cancel", "Cancel", "renaming", () => { done(); reload(); }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    renaming = false;
    await save();
    done();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); done(); reload(); }
  });
  renaming = true;
  item.classList.add("renaming");
  title.replaceWith(form);
  input.focus();
  input.select();
}

async function duplicate(drawing) {
  const result = await api("POST", `/api/drawings/${drawing.id}/duplicate`, {});
  showMessage("message", result.ok ? "" : result.data.error);
  reload();
}

async function trashIt(drawing) {
  const result = await api("DELETE", `/api/drawings/${drawing.id}`);
  showMessage("message", result.ok ? "" : result.data.error);
  reload();
}

async function restore(drawing) {
  const result = await api("POST", `/api/trash/${drawing.id}/restore`);
  showMessage("message", result.ok ? "" : result.data.error);
  reload();
}

// A new drawing opens in the editor at once.
document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = event.target.elements;
  const result = await api("POST", "/api/drawings", {
    title: fields.title.value, width: fields.width.value, height: fields.height.value,
    random: fields.random.value,
  });
  if (!result.ok) { showMessage("create-error", result.data.error); return; }
  showMessage("create-error", "");
  location.assign(`/drawings/${encodeURIComponent(result.data.id)}`);
});

// MARK: The sync bar: shown when the store has a remote (GET /api/sync), with Sync.

/** The last status the server gave, for the time since the last sync to be said again. */
let syncStatus = null;
let syncing = false;

/** Syncs, devices and links are the owner's, on this machine: a device's page asks for none. */
const onThisMachine = location.protocol !== "https:";

async function loadSync() {
  if (!onThisMachine) return;
  const result = await api("GET", "/api/sync");
  if (result.ok) syncStatus = result.data;
  showSync();
  document.body.dataset.syncRead = "true";
}

const reloadSync = coalesced(loadSync);

/** Reads the status again once the changes stop coming for a moment, not once per change. */
let syncTimer = null;
function reloadSyncSoon() {
  clearTimeout(syncTimer);
  syncTimer = setTimeout(reloadSync, 500);
}

/** `5 minutes ago`, from an ISO time. */
function ago(iso) {
  const minutes = Math.floor((Date.now() - new Date(iso).getTime()) / 60000);
  const count = (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return count(minutes, "minute");
  if (minutes < 48 * 60) return count(Math.floor(minutes / 60), "hour");
  return count(Math.floor(minutes / (24 * 60)), "day");
}

function showSync() {
  const bar = document.getElementById("sync");
  bar.hidden = !syncStatus || syncStatus.remote === null;
  if (bar.hidden) return;
  const parts = [syncStatus.lastSync ? `Synced ${ago(syncStatus.lastSync)}` : "Never synced"];
  if (syncStatus.error) {
    parts.push(syncStatus.error);
  } else {
    const here = syncStatus.changedHere;
    parts.push(`${here} drawing${here === 1 ? "" : "s"} changed here`,
      `${syncStatus.changedThere} there`);
    // Drawings the last sync could not bring in: said until a sync brings them in.
    if (syncStatus.leftOut) parts.push(`${syncStatus.leftOut} not brought in`);
  }
  const state = document.getElementById("sync-state");
  state.textContent = parts.join(" · ");
  state.title = `remote: ${syncStatus.remote}`;
  const button = document.getElementById("sync-button");
  button.disabled = syncing;
  button.textContent = syncing ? "Syncing…" : "Sync";
}

/** Syncs, as `drawdoc sync` does, and says what it did; the cards follow by the changes. */
async function sync() {
  if (syncing) return;
  syncing = true;
  showSync();
  const result = await api("POST", "/api/sync");
  syncing = false;
  if (result.ok) {
    const report = result.data;
    const leftOut = report.refused.map((drawing) =>
      `${drawing.id}: not brought in: ${drawing.reason}`);
    notify([`Synced: sent ${report.sent}, received ${report.received.length}` +
      (report.complete ? "" : `; ${report.refused.length} not brought in`),
    ...(report.lines || []), ...leftOut].join("\n"));
  } else {
    notify(`Not synced: ${result.data.error}`);
  }
  await reloadSync();
  reload();
}

document.getElementById("sync-button").addEventListener("click", sync);
// "Synced 5 minutes ago" stays true as the minutes pass.
setInterval(showSync, 30000);

keepTrying(load).then((data) => {
  followChanges(data.sequence, () => { reload(); reloadSyncSoon(); },
    () => { reload(); reloadSyncSoon(); });
  reloadSync();
  if (onThisMachine) loadDevices();
  document.body.dataset.ready = "true";
});
