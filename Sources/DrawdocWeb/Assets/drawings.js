// The drawings page: cards newest first, kept current by the change stream.

import {
  api, coalesced, element, followChanges, keepTrying, localTime, showMessage, showPicture,
} from "./common.js";

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
  cards.replaceChildren(...data.drawings.map((drawing) => card(drawing, data)));
  document.getElementById("empty").hidden = data.drawings.length > 0;
  const trash = document.getElementById("trash");
  trash.replaceChildren(...data.trash.map(trashRow));
  document.getElementById("trash-section").hidden = data.trash.length === 0;
}

function card(drawing, data) {
  const count = drawing.rectangles === 1 ? "1 rectangle" : `${drawing.rectangles} rectangles`;
  const title = element("p", { class: "title", text: drawing.title || "(untitled)" });
  const text = element("div", { class: "text" }, title,
    element("p", { class: "meta", text: `${count} · ${drawing.id}` }),
    element("p", { class: "meta", text: `created ${localTime(drawing.created)}` }),
    element("p", { class: "meta", text: `modified ${localTime(drawing.modified)}` }));
  const image = element("img", { alt: drawing.title || "(untitled)" });
  showPicture(image, `/api/drawings/${drawing.id}/thumbnail?at=${data.sequence}`);
  const picture = element("a", { class: "picture", href: `/drawings/${drawing.id}` }, image);
  const actions = element("div", { class: "actions" },
    element("a", { href: `/drawings/${drawing.id}`, class: "open", text: "Open" }),
    element("button", { class: "rename", text: "Rename", onclick: () => rename(drawing, text, title) }),
    element("button", { class: "duplicate", text: "Duplicate", onclick: () => duplicate(drawing) }),
    element("button", { class: "delete danger", text: "Delete", onclick: () => trashIt(drawing) }));
  return element("li", { class: "card", "data-id": drawing.id }, picture, text, actions);
}

function trashRow(drawing) {
  return element("li", { "data-id": drawing.id },
    element("span", { text: drawing.title || "(untitled)" }),
    element("span", { class: "meta", text: `deleted ${localTime(drawing.trashed)}` }),
    element("button", { class: "restore", text: "Restore", onclick: () => restore(drawing) }));
}

function rename(drawing, text, title) {
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
    element("button", { type: "submit", text: "Save" }),
    element("button", { type: "button", text: "Cancel", onclick: () => { done(); reload(); } }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    renaming = false;
    await save();
    done();
  });
  renaming = true;
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

document.getElementById("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = event.target.elements;
  const result = await api("POST", "/api/drawings", {
    title: fields.title.value, width: fields.width.value, height: fields.height.value,
    random: fields.random.value,
  });
  if (!result.ok) { showMessage("create-error", result.data.error); return; }
  showMessage("create-error", "");
  fields.title.value = "";
  reload();
});

keepTrying(load).then((data) => {
  followChanges(data.sequence, () => reload(), () => reload());
  document.body.dataset.ready = "true";
});
