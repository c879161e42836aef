// The editor's first read of its drawing, asked for as soon as this small module has run (an
// async module script at the top of editor.html), not once all of the page's modules are in:
// the answer (a quarter of a second at 100,000 rectangles) then comes while the others load.
// editor.js takes it for its first load. An ES module.

import { api, holdsToken } from "./common.js";

const id = decodeURIComponent(location.pathname.split("/")[2] || "");
// Only with a token: without one the read would be refused and say so on the page, which may
// not be there yet. A read that fails (never, as `api` answers) is read again by editor.js.
let first = id && holdsToken()
  ? api("GET", `/api/drawings/${id}`).catch(() => null) : null;

/**
 * The answer of the read asked for as the page opened (null if it could not be made), once;
 * null after that.
 */
export function firstRead() {
  const read = first;
  first = null;
  return read;
}
