// Draws a large drawing's overview (overview.js) off the page's thread: a module worker that
// takes the packed rectangles and gives back their bitmap.

import { drawPacked } from "./overview.js";

self.onmessage = ({ data }) => {
  const { job, scale, origin, pixels, boxes, colors } = data;
  const canvas = new OffscreenCanvas(pixels.width, pixels.height);
  drawPacked(canvas.getContext("2d"), { boxes, colors }, scale, origin.x, origin.y);
  const bitmap = canvas.transferToImageBitmap();
  self.postMessage({ job, bitmap }, [bitmap]);
};
