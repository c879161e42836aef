// The selection as a PNG picture, drawn by the browser from the SVG the clipboard carries (the
// rectangles and nothing else, on a transparent ground), at 2 pixels a unit up to 4,096 pixels
// a side. An ES module.

import { clipboardSVG } from "./clipboard.js";

/** The largest side of a selection's picture, in pixels. */
const LARGEST = 4096;

/** A PNG blob of rectangles. */
export async function selectionPNG(rectangles) {
  const svg = clipboardSVG(rectangles);
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try { await image.decode(); } finally { URL.revokeObjectURL(image.src); }
  const width = Number(/width="([^"]+)"/.exec(svg)[1]);
  const height = Number(/height="([^"]+)"/.exec(svg)[1]);
  const scale = Math.min(2, LARGEST / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob)
    : reject(new Error("the browser could not make the PNG"))), "image/png"));
}
