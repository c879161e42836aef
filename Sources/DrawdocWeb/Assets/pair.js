// The pairing page: the code comes in the address (`/pair#code=XXXX-XXXX`, what the QR code
// that `drawdoc serve --lan` shows holds), the device names itself, and the server answers
// with the device's own token, which the page keeps where every page of this origin finds it.

import { TOKEN_KEY } from "./common.js";

const form = document.getElementById("pair-form");
const codeInput = document.getElementById("pair-code");
const nameInput = document.getElementById("pair-name");
const message = document.getElementById("pair-message");

const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("code")) {
  codeInput.value = fragment.get("code");
  // The code is not left in the address bar or the history.
  history.replaceState(history.state, "", location.pathname);
  nameInput.focus();
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  message.textContent = "Pairing…";
  let response;
  try {
    response = await fetch("/api/pair", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: codeInput.value.trim(), name: nameInput.value.trim() }),
    });
  } catch (error) {
    message.textContent = "The server cannot be reached: " + error;
    return;
  }
  let data = {};
  try { data = await response.json(); } catch (error) { /* no JSON */ }
  if (!response.ok || !data.token) {
    message.textContent = data.error || `Pairing was refused (${response.status}).`;
    return;
  }
  try {
    localStorage.setItem(TOKEN_KEY, data.token);
  } catch (error) {
    message.textContent = "This browser does not keep the token (private browsing?): " + error;
    return;
  }
  message.textContent = `Paired as “${data.name}”.`;
  location.replace("/");
});
