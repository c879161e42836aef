// What the page tests share: a 2D context that notes what is drawn on it. Not a test itself.

/** A 2D context that notes what is drawn: each fillRect with the fill and alpha it had. */
export function recorder() {
  const drawn = [];
  return {
    drawn, fillStyle: "#000000", globalAlpha: 1, transform: null,
    setTransform(...values) { this.transform = values; },
    fillRect(x, y, width, height) {
      drawn.push({ x, y, width, height, fill: this.fillStyle, alpha: this.globalAlpha });
    },
  };
}
