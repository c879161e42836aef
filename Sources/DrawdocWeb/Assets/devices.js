// The owner's settings on the drawings page: the paired devices and the shared links, each
// with a button that takes it out, and "Pair a device", which makes a pairing code and shows
// its address as a QR code. Shown only to the owner, on this machine: a device or a link is
// refused these routes (403), and the section stays hidden.

import { api, element, notify } from "./common.js";

const section = document.getElementById("devices-section");
const deviceList = document.getElementById("device-list");
const linkList = document.getElementById("link-list");
const pairButton = document.getElementById("pair-device");
const pairing = document.getElementById("pairing");

function when(iso) {
  return iso ? new Date(iso).toLocaleString() : "never";
}

function row(label, details, takeOut) {
  return element("li", { class: "access-row" },
    element("span", { class: "access-name", text: label }),
    element("span", { class: "access-details", text: details }),
    element("button", { type: "button", "aria-label": `Take out ${label}`, onclick: takeOut },
      "Take out"));
}

async function takeOut(path, label) {
  const result = await api("DELETE", path);
  notify(result.ok ? `${label} was taken out: it opens nothing from now on.`
    : `${label} was not taken out: ${result.data.error}`);
  await loadDevices();
}

/** Reads the devices and links again and shows them. */
export async function loadDevices() {
  const result = await api("GET", "/api/devices");
  if (!result.ok) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  const { devices, links, network } = result.data;
  deviceList.replaceChildren(...devices.map((device) => row(device.name,
    `paired ${when(device.paired)} · last seen ${when(device.lastSeen)}` +
      (device.address ? ` · ${device.address}` : ""),
    () => takeOut(`/api/devices/${encodeURIComponent(device.name)}`, `The device “${device.name}”`))));
  if (!devices.length) deviceList.append(element("li", { text: "No device is paired." }));
  linkList.replaceChildren(...links.map((link) => row(`Link ${link.id}`,
    `${link.view ? "view" : "edit"} ${link.drawing}` +
      (link.expires ? ` · until ${when(link.expires)}` : " · no expiry"),
    () => takeOut(`/api/links/${encodeURIComponent(link.id)}`, `The link ${link.id}`))));
  if (!links.length) linkList.append(element("li", { text: "No link is shared." }));
  pairButton.disabled = !network;
  pairButton.title = network ? "" : "Start the server with drawdoc serve --lan to pair devices";
  document.body.dataset.devicesRead = "true";
}

pairButton.addEventListener("click", async () => {
  const result = await api("POST", "/api/pairing");
  if (!result.ok) {
    notify(`No pairing code: ${result.data.error}`);
    return;
  }
  const { code, address, qr } = result.data;
  const picture = element("img", {
    class: "pairing-qr", alt: `QR code of ${address}`,
    src: "data:image/svg+xml," + encodeURIComponent(qr),
  });
  pairing.replaceChildren(picture,
    element("p", { text: `Scan it on the device, or open ${address}` }),
    element("p", { text: `Code ${code}: it pairs one device, within 10 minutes.` }));
  pairing.hidden = false;
});
