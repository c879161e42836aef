// Draws a large drawing's overview (overview.js) off the page's thread: a module worker that
// takes the packed rectangles and gives back their bitmap.

import { drawRectangles, unpackRectangles } from "./pictureparts.js";

self.onmessage = ({ data }) => {
  const { job, scale, origin, pixels, boxes, colors } = data;
  const canvas = new OffscreenCanvas(pixels.width, pixels.height);
  const rectangles = unpackRectangles({ boxes, colors });
  drawRectangles(canvas.getContext("2d"), rectangles, scale, 0, rectangles.length, origin);
  const bitmap = canvas.transferToImageBitmap();
  self.postMessage({ job, bitmap }, [bitmap]);
};
