"""drawdoc's editable pictures opened by draw.io's and Excalidraw's own code, and by Chromium
as pictures: for a few drawings (peers_test.py's, made the same way), `drawdoc convert X.svg`
to X.drawio.svg, X.drawio.png, X.excalidraw.svg and X.excalidraw.png, beside the plain
pictures (X.svg, X.png with --no-embed) and the files they carry (X.drawio, X.excalidraw).

draw.io: its viewer is given the whole X.drawio.svg as its `xml`, and finds the diagram in the
root's `content` itself (`GraphViewer.init` runs `Editor.extractGraphModel`, which draw.io's
editor runs on an SVG file it opens); what it read and drew is checked as peers_test.py checks
a .drawio file (`check_drawio`). From X.drawio.png, draw.io's `Editor.extractGraphModelFromPng`
(what its editor runs on a PNG it opens) must give back exactly the text of X.drawio.

Excalidraw: the renderer's bundle holds Excalidraw's `parseFileContents` (data/blob.ts, what
`loadFromBlob` runs on a file: `decodePngMetadata` for a PNG, `decodeSvgMetadata` for an SVG)
but exposes nothing. The pinned bundle (its sha256 checked) is served with one assignment
added that makes that function reachable, found by its code; the test fails if it is not
there. Given X.excalidraw.svg and X.excalidraw.png as blobs of their media types, it must give
back exactly the text of X.excalidraw; that scene is then drawn by the renderer as
peers_test.py draws a scene (`check_excalidraw`).

Chromium: each picture is shown as an `<img>` and drawn on a canvas at its natural size; the
pixels of X.drawio.svg and X.excalidraw.svg must be those of X.svg, and those of X.drawio.png
and X.excalidraw.png those of X.png, every one.

Run: python3 -m pytest Tests/browser/peers_editable_test.py [--drawdoc PATH] [--peers .build/peers]
"""
import base64
import json
import os
import shutil

import pytest
from served_app import Failure
from peers import IMAGE_PIXELS
from peers_test import base, chromium, check_drawio, check_excalidraw, drawdoc, drawings  # noqa: F401

DRAWINGS = ["escaped-title.svg", "fractional-edges.svg", "random-seed-1.svg"]
EDITABLE = ["drawio.svg", "drawio.png", "excalidraw.svg", "excalidraw.png"]

# Excalidraw's parseFileContents in the pinned bundle, and the name it is made reachable by.
PARSE_FILE_CONTENTS = "IxA=async A=>{let e;if(A.type===pt.png)"
EXPOSED = "window.parseFileContents="

# Reads files from the local server as draw.io's and Excalidraw's editors read them.
READ_CARRIED = """
const [name, program, done] = arguments;
const bytes = async (file) => new Uint8Array(await (await fetch(file)).arrayBuffer());
(async () => {
  const answer = {};
  if (program === "draw.io") {
    const png = await bytes(`${name}.drawio.png`);
    answer.drawioPNG = Editor.extractGraphModelFromPng(
      "data:image/png;base64," + btoa(Array.from(png, (b) => String.fromCharCode(b)).join("")));
  } else {
    for (const [ext, type] of [["excalidraw.svg", "image/svg+xml"], ["excalidraw.png", "image/png"]]) {
      try {
        answer[ext] = await window.parseFileContents(new Blob([await bytes(`${name}.${ext}`)], { type }));
      } catch (error) {
        answer[ext] = { error: String(error) };
      }
    }
  }
  done(answer);
})().catch((error) => done({ error: String(error) }));
"""

# Draws each picture at its natural size and answers its size and pixels (base64 RGBA).
PIXELS = IMAGE_PIXELS + """
const [files, done] = arguments;
const draw = (file) => new Promise((resolve) => {
  const img = new Image();
  img.onload = () => {
    const data = imagePixels(img);
    let text = "";
    for (let i = 0; i < data.length; i += 8192)
      text += String.fromCharCode.apply(null, data.subarray(i, i + 8192));
    resolve({ size: [img.naturalWidth, img.naturalHeight], pixels: btoa(text) });
  };
  img.onerror = () => resolve({ error: `${file} did not load as a picture` });
  img.src = file;
});
Promise.all(files.map(draw)).then(done);
"""


@pytest.fixture(scope="module")
def exposed(base, folder):
    """The page of Excalidraw's bundle with its parseFileContents made reachable."""
    with open(os.path.join(folder, "excalidraw-renderer.bundle.js"), encoding="utf-8") as file:
        bundle = file.read()
    if bundle.count(PARSE_FILE_CONTENTS) != 1:
        raise Failure("Excalidraw's parseFileContents is not in the bundle as the test knows it "
                      f"({PARSE_FILE_CONTENTS!r}): a new bundle needs the test to find it again")
    with open(os.path.join(folder, "excalidraw-exposed.js"), "w", encoding="utf-8") as file:
        file.write(bundle.replace(PARSE_FILE_CONTENTS, EXPOSED + PARSE_FILE_CONTENTS))
    with open(os.path.join(folder, "excalidraw.html"), encoding="utf-8") as file:
        page = file.read().replace("excalidraw-renderer.bundle.js", "excalidraw-exposed.js")
    with open(os.path.join(folder, "excalidraw-exposed.html"), "w", encoding="utf-8") as file:
        file.write(page)
    return f"{base}excalidraw-exposed.html"


def written(options, env, folder, file_name):
    """(name, what `drawdoc open --json` says) of a drawing, converted in `folder` to the
    editable pictures, the plain ones and the files they carry."""
    svg = dict(drawings(options, env, folder, only=file_name))[file_name]
    name = os.path.splitext(file_name)[0]
    drawing = json.loads(drawdoc(options, env, "open", svg, "--json"), parse_int=float)
    shutil.copyfile(svg, os.path.join(folder, f"{name}.plain.svg"))
    drawdoc(options, env, "convert", svg, os.path.join(folder, f"{name}.png"), "--no-embed")
    for ext in ["drawio", "excalidraw"] + EDITABLE:
        drawdoc(options, env, "convert", svg, os.path.join(folder, f"{name}.{ext}"))
    return name, drawing


def text(folder, path):
    with open(os.path.join(folder, path), encoding="utf-8") as file:
        return file.read()


@pytest.mark.parametrize("file_name", DRAWINGS)
def test_editable_pictures(file_name, request, env, folder, chromium, base, exposed):
    """draw.io and Excalidraw read the files they carry; Chromium draws the pictures."""
    options = request.config.option
    name, drawing = written(options, env, folder, file_name)

    # draw.io's viewer, given the whole .drawio.svg.
    summary, _ = check_drawio(chromium, base, name, drawing, text(folder, f"{name}.drawio.svg"))
    seen = chromium.execute_async_script(READ_CARRIED, name, "draw.io")
    if seen.get("drawioPNG") != text(folder, f"{name}.drawio"):
        raise Failure(f"{name}.drawio.png: draw.io's extractGraphModelFromPng gave "
                      f"{str(seen.get('drawioPNG'))[:300]!r}, not the text of {name}.drawio")

    # Excalidraw's parseFileContents, then its renderer on the scene.
    chromium.get(exposed)
    seen = chromium.execute_async_script(READ_CARRIED, name, "Excalidraw")
    scene = text(folder, f"{name}.excalidraw")
    for ext in ("excalidraw.svg", "excalidraw.png"):
        if seen.get(ext) != scene:
            raise Failure(f"{name}.{ext}: Excalidraw's parseFileContents gave "
                          f"{str(seen.get(ext))[:300]!r}, not the text of {name}.excalidraw")
    drawn = check_excalidraw(chromium, base, name, drawing)

    # Chromium: the pictures, pixel for pixel.
    chromium.get(f"{base}drawio.html")
    files = [f"{name}.plain.svg", f"{name}.drawio.svg", f"{name}.excalidraw.svg",
             f"{name}.png", f"{name}.drawio.png", f"{name}.excalidraw.png"]
    pictures = dict(zip(files, chromium.execute_async_script(PIXELS, files)))
    for file, plain in ((files[1], files[0]), (files[2], files[0]), (files[4], files[3]),
                        (files[5], files[3])):
        got, expected = pictures[file], pictures[plain]
        if "error" in got or "error" in expected:
            raise Failure(f"{got.get('error') or expected.get('error')}")
        if got["size"] != expected["size"] or got["pixels"] != expected["pixels"]:
            differ = sum(a != b for a, b in zip(base64.b64decode(got["pixels"]),
                                                base64.b64decode(expected["pixels"])))
            raise Failure(f"{file} in Chromium: {got['size']}, {differ} channel values differ "
                          f"from {plain} ({expected['size']})")
    width, height = pictures[files[0]]["size"]
    print(f"  {file_name}: {summary} from the .drawio.svg; the .drawio.png's file read back by "
          f"draw.io; both Excalidraw files' scene read back by Excalidraw, {drawn}; the four "
          f"pictures {width} × {height} as the plain ones in Chromium", flush=True)
