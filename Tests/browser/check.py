#!/usr/bin/env python3
"""Browser check: draws drawdoc's SVG exports in headless Chromium and compares the
screenshots with drawdoc's own PNG export, pixel by pixel; then screenshots the gallery at
phone and desktop widths.

    python3 Tests/browser/check.py [--drawdoc PATH] [--keep DIR]

Needs `chromium` (apt-get install chromium). Prints, per drawing, the largest difference per
channel overall and away from fractional rectangle edges, and exits non-zero if a pixel away
from the edges differs by more than 2 levels (4 where hundreds of translucent rectangles
stack: see the cases below).
"""
import argparse
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

TOLERANCE = 2


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG into (width, height, RGBA rows)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if channels == 3:
            line = bytearray(b for j in range(width) for b in (*line[3 * j:3 * j + 3], 255))
        rows.append(line)
    return width, height, rows


def edge_mask(drawing, width, height, scale):
    """Pixels that a rectangle covers partly: there renderers may differ by more."""
    mask = [[False] * width for _ in range(height)]
    # A canvas that ends inside a pixel: browsers snap the page box to whole pixels there.
    if drawing["width"] * scale != width:
        for row in mask:
            row[width - 1] = True
    if drawing["height"] * scale != height:
        mask[height - 1] = [True] * width
    for r in drawing["rectangles"]:
        x0, y0 = r["x"] * scale, r["y"] * scale
        x1, y1 = x0 + r["width"] * scale, y0 + r["height"] * scale
        for value, horizontal in ((x0, True), (x1, True), (y0, False), (y1, False)):
            if value != int(value):
                edge = int(value // 1)
                if horizontal and 0 <= edge < width:
                    for y in range(max(0, int(y0)), min(height, int(y1) + 1)):
                        mask[y][edge] = True
                if not horizontal and 0 <= edge < height:
                    for x in range(max(0, int(x0)), min(width, int(x1) + 1)):
                        mask[edge][x] = True
    return mask


def compare(ours, theirs, mask):
    """Largest difference of premultiplied color and alpha, overall and away from edges."""
    w, h, a = ours
    w2, h2, b = theirs
    if (w, h) != (w2, h2):
        raise SystemExit(f"size differs: drawdoc {w}x{h}, chromium {w2}x{h2}")
    overall = away = 0.0
    for y in range(h):
        for x in range(w):
            p, q = a[y][4 * x:4 * x + 4], b[y][4 * x:4 * x + 4]
            worst = abs(p[3] - q[3])
            for c in range(3):
                worst = max(worst, abs(p[c] * p[3] / 255 - q[c] * q[3] / 255))
            overall = max(overall, worst)
            if not mask[y][x]:
                away = max(away, worst)
    return overall, away


def fmt(number):
    """A number as drawdoc writes it in an SVG attribute (for the values the samples use)."""
    return str(int(number)) if number == int(number) else repr(number)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    raise SystemExit("chromium is missing: apt-get install chromium")


def screenshot(browser, url, width, height, out, transparent=True):
    args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", f"--window-size={width},{height}",
            f"--screenshot={out}", url]
    if transparent:
        args.insert(1, "--default-background-color=00000000")
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=120)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--drawdoc", default=None)
    parser.add_argument("--keep", default=None)
    options = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    drawdoc = options.drawdoc
    if drawdoc is None:
        subprocess.run(["swift", "build", "--product", "drawdoc"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True,
                                  capture_output=True, text=True).stdout.strip()
        drawdoc = os.path.join(bin_path, "drawdoc")
    browser = chromium()
    work = options.keep or tempfile.mkdtemp(prefix="drawdoc-browser-")
    os.makedirs(work, exist_ok=True)
    shutil.rmtree(os.path.join(work, "store"), ignore_errors=True)
    env = dict(os.environ, DRAWDOC_STORE=os.path.join(work, "store"))

    def run(*args):
        return subprocess.run([drawdoc, *args], env=env, check=True, capture_output=True).stdout

    # (sample, scale, tolerance). Where hundreds of translucent rectangles stack, browsers
    # round to 8 bits after every layer and drift from the exact result, and from each other:
    # Chromium and rsvg-convert differ by 3.6 levels on factory-seed-42 itself. drawdoc keeps
    # the exact result, so those cases are held to 4 levels and reported.
    cases = [("seeds-example", 1, TOLERANCE), ("fractional-edges", 1, TOLERANCE),
             ("fractional-edges", 2, TOLERANCE), ("fractional-edges", 0.5, TOLERANCE),
             ("escaped-title", 1, TOLERANCE), ("factory-seed-42", 1, 4),
             ("factory-seed-42", 0.5, 4)]
    failed = False
    print(f"{'drawing':<28} {'size':>10} {'overall':>8} {'away':>6}")
    for name, scale, tolerance in cases:
        sample = os.path.join(root, "Samples", f"{name}.svg")
        json_path = os.path.join(work, f"{name}.json")
        run("convert", sample, json_path)
        with open(json_path) as f:
            drawing = json.load(f)
        ours = os.path.join(work, f"{name}@{scale}.png")
        run("convert", sample, ours, "--scale", str(scale))
        width, height = math.ceil(drawing["width"] * scale), math.ceil(drawing["height"] * scale)
        # The SVG inline, scaled through its width and height, so Chromium draws the vectors
        # at the target size instead of resampling a picture.
        with open(sample) as f:
            svg = f.read().split("?>", 1)[1]
        svg = svg.replace(f'width="{fmt(drawing["width"])}" height="{fmt(drawing["height"])}"',
                          f'width="{fmt(drawing["width"] * scale)}" '
                          f'height="{fmt(drawing["height"] * scale)}"', 1)
        page = os.path.join(work, f"{name}@{scale}.html")
        with open(page, "w") as f:
            f.write('<!DOCTYPE html><html><head><style>html, body { margin: 0; } '
                    'svg { display: block; }</style></head><body>' + svg + '</body></html>')
        theirs = os.path.join(work, f"{name}@{scale}-chromium.png")
        screenshot(browser, f"file://{page}", width, height, theirs)
        a, b = read_png(ours), read_png(theirs)
        overall, away = compare(a, b, edge_mask(drawing, width, height, scale))
        print(f"{name + ' @' + str(scale):<28} {width:>4}x{height:<5} {overall:>8.2f} {away:>6.2f}")
        failed |= away > tolerance

    # The gallery at phone and desktop widths, for a person to look at.
    for name in ("seeds-example", "fractional-edges", "escaped-title", "factory-seed-42"):
        run("save", os.path.join(root, "Samples", f"{name}.svg"), "--new")
    gallery = os.path.join(work, "gallery.html")
    run("gallery", "-o", gallery)
    for label, width, height in (("phone", 390, 844), ("desktop", 1280, 900)):
        out = os.path.join(work, f"gallery-{label}.png")
        screenshot(browser, f"file://{gallery}", width, height, out, transparent=False)
        w, h, rows = read_png(out)
        colors = {bytes(row[i:i + 3]) for row in rows[::7] for i in range(0, len(row), 28)}
        print(f"gallery at {label} width: {w}x{h}, {len(colors)} distinct colors sampled -> {out}")
        failed |= len(colors) < 10
    print(f"files in {work}")
    print("browser check " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
