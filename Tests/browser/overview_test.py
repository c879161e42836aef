#!/usr/bin/env python3
"""A large drawing's overview, in headless Chromium: zoomed out, a bitmap of the rectangles
(drawn by a worker) stands for the SVG picture, which is moved out of sight, up to three
zoom-ins past the fit; at the fourth, the picture is shown again. The overview's pixels are
checked against the file's rectangles composited here, in Python, as SVG draws them (each
filled at its fill-opacity over those below), away from their edges; then again after a real
mouse drag of one rectangle and after Ctrl+Z, both drawn again on it where they changed, and
after a nudge of all of it, drawn anew; and the screen, at an opaque rectangle's centre, shows
its colour.

One test (pytest; the fixtures are conftest.py's), its steps in order on one opening.

Run: python3 -m pytest Tests/browser/overview_test.py [--drawdoc PATH]
"""
import base64
import sys

try:
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("overview_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from checks import png_rows  # noqa: E402
from editor_actions import chord, drag, open_editor  # noqa: E402
from served_app import Failure, wait  # noqa: E402

SIZE = 20000
# A canvas large enough that rectangles lie a few deep (points away from their edges are many)
# and small enough to fit the stage.
WIDTH, HEIGHT = 8000, 6000
# Premultiplied levels an overview pixel may differ from the composite here: each of the
# rectangles over a point is blended in 8 bits, and several lie over most points.
TOLERANCE = 6

# The overview's pixels (RGBA, not premultiplied) at the given pixel points.
PIXELS = """
const overview = document.querySelector('.canvas canvas.overview');
if (!overview) return null;
const context = overview.getContext('2d');
return arguments[0].map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data));
"""


def step(name):
    print(f"  {name}", flush=True)


def editor(driver, name):
    return driver.execute_script(f"return drawdocEditor.{name}();")


CELL = 500


def cells(rectangles):
    """The rectangles by the CELL-unit squares they reach into, bottom first in each."""
    found = {}
    for r in rectangles:
        for i in range(int(r["x"] // CELL), int((r["x"] + r["width"]) // CELL) + 1):
            for j in range(int(r["y"] // CELL), int((r["y"] + r["height"]) // CELL) + 1):
                found.setdefault((i, j), []).append(r)
    return found


def around(index, x, y):
    """The rectangles that may reach (x, y), bottom first."""
    return index.get((int(x // CELL), int(y // CELL)), [])


def composite(rectangles, x, y):
    """The premultiplied RGBA (0 to 255) of drawing point (x, y), as SVG draws the file;
    `rectangles` by cell (`cells`)."""
    red = green = blue = alpha = 0.0
    for r in around(rectangles, x, y):
        if r["x"] <= x < r["x"] + r["width"] and r["y"] <= y < r["y"] + r["height"]:
            opacity = 1.0 if r["alpha"] >= 10 else r["alpha"] / 10
            rgb = [int(r["color"][k:k + 2], 16) for k in (1, 3, 5)]
            red = rgb[0] * opacity + red * (1 - opacity)
            green = rgb[1] * opacity + green * (1 - opacity)
            blue = rgb[2] * opacity + blue * (1 - opacity)
            alpha = 255 * opacity + alpha * (1 - opacity)
    return [red, green, blue, alpha]


def near_an_edge(rectangles, x, y, margin):
    """Whether an edge of a rectangle passes within `margin` units of (x, y)."""
    near = [around(rectangles, x + dx, y + dy) for dx in (-margin, 0, margin)
            for dy in (-margin, 0, margin)]
    for r in (r for cell in near for r in cell):
        x0, y0, x1, y1 = r["x"], r["y"], r["x"] + r["width"], r["y"] + r["height"]
        if x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin:
            if not (x0 + margin <= x <= x1 - margin and y0 + margin <= y <= y1 - margin):
                return True
    return False


def sample(rectangles, overview, boxes):
    """Pixel points of the overview to check: a grid over the drawing and over each box, those
    whose centre lies more than a pixel from every edge."""
    scale = overview["scale"]
    points = []
    for bx, by, bw, bh, count in [(0, 0, WIDTH, HEIGHT, 24), *boxes]:
        for i in range(count):
            for j in range(count):
                px = int((bx + bw * (i + 0.5) / count - overview["x"]) * scale)
                py = int((by + bh * (j + 0.5) / count - overview["y"]) * scale)
                x, y = overview["x"] + (px + 0.5) / scale, overview["y"] + (py + 0.5) / scale
                if not near_an_edge(rectangles, x, y, 1.2 / scale):
                    points.append((px, py, x, y))
    return points


def mismatches(driver, rectangles, points):
    """The points whose overview pixel differs from the composite by more than TOLERANCE."""
    pixels = driver.execute_script(PIXELS, [[px, py] for px, py, _, _ in points])
    if pixels is None:
        return ["no overview in the page"]
    wrong = []
    for (px, py, x, y), pixel in zip(points, pixels):
        shown = [pixel[c] * pixel[3] / 255 for c in range(3)] + [pixel[3]]
        wanted = composite(rectangles, x, y)
        if max(abs(a - b) for a, b in zip(shown, wanted)) > TOLERANCE:
            wrong.append(f"pixel {px}, {py} (drawing {x:.1f}, {y:.1f}): {pixel}, "
                         f"composited {[round(v) for v in wanted]}")
    return wrong


def agrees(driver, store, doc, what, boxes=()):
    """Waits until the overview agrees with the file at every sampled point."""
    rectangles = cells(store.rectangles(doc))
    overview = editor(driver, "overview")
    points = sample(rectangles, overview, boxes)
    if len(points) < 50:
        raise Failure(f"{what}: only {len(points)} points away from every edge")
    found = [["not compared yet"]]
    try:
        wait(what, lambda: not found.append(mismatches(driver, rectangles, points))
             and not found[-1], 10, 0.1)
    except Failure as failure:
        raise Failure(f"{what}: {len(found[-1])} of {len(points)} pixels differ: "
                      + "; ".join(found[-1][:5])) from failure


def pick(store, doc, rectangles):
    """An opaque rectangle near the middle, the topmost at its centre (`drawdoc hit`)."""
    for r in reversed(rectangles):
        cx, cy = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        if r["alpha"] != 10 or not (WIDTH / 4 <= cx <= 3 * WIDTH / 4
                                    and HEIGHT / 4 <= cy <= 3 * HEIGHT / 4):
            continue
        if store.run("hit", doc, f"{cx:g}", f"{cy:g}").strip() == r["id"]:
            return r
    raise Failure("no opaque rectangle near the middle is the topmost at its centre")


def screen_pixel(driver, point):
    """The screen's RGBA at a client point (a screenshot of that one pixel)."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {
        "x": round(point["x"]), "y": round(point["y"]), "width": 1, "height": 1, "scale": 1}})
    return list(png_rows(base64.b64decode(shot["data"]))[0][:4])


def picture_in_sight(driver):
    """Whether the SVG picture lies over the stage."""
    return driver.execute_script(
        "const picture = document.getElementById('drawing').getBoundingClientRect();"
        "const stage = document.getElementById('stage').getBoundingClientRect();"
        "return picture.right > stage.left && picture.left < stage.right;")


def test_a_large_drawing_zoomed_out_is_its_overview(driver, store, base):
    doc = store.run("new", "--title", "Overview", "--random", str(SIZE), "--seed", "7",
                    "--width", str(WIDTH), "--height", str(HEIGHT)).strip()
    rectangles = store.rectangles(doc)
    target = pick(store, doc, rectangles)

    step("zoomed out, the overview is drawn and shown, and the picture is out of sight")
    open_editor(driver, base, doc)
    wait("the overview shown", lambda: editor(driver, "overview")["shown"], 60, 0.05)
    if picture_in_sight(driver):
        raise Failure("the overview is shown and the SVG picture still lies over the stage")
    agrees(driver, store, doc, "the overview as the file draws it")
    centre = driver.execute_script("return drawdocEditor.toScreen(arguments[0], arguments[1]);",
                                   target["x"] + target["width"] / 2,
                                   target["y"] + target["height"] / 2)
    colour = [int(target["color"][k:k + 2], 16) for k in (1, 3, 5)] + [255]
    shown = screen_pixel(driver, centre)
    if max(abs(a - b) for a, b in zip(shown, colour)) > 2:
        raise Failure(f"the screen at {target['id']}'s centre is {shown}, not its {colour}")

    step("a real drag of a rectangle is drawn on the overview, where it was and where it is")
    builds = editor(driver, "overview")["builds"]
    drag(driver, centre, {"x": centre["x"] + 90, "y": centre["y"] + 40})
    moved = wait("the drag in the file", lambda: next(
        (r for r in store.rectangles(doc) if r["id"] == target["id"] and r != target), None),
        20, 0.1)
    old = (target["x"], target["y"], target["width"], target["height"], 6)
    new = (moved["x"], moved["y"], moved["width"], moved["height"], 6)
    agrees(driver, store, doc, "the overview after the drag", [old, new])

    step("Ctrl+Z takes it back, on the overview too")
    chord(driver, Keys.CONTROL, "z")
    wait("the drag taken back in the file", lambda: next(
        r for r in store.rectangles(doc) if r["id"] == target["id"]) == target, 20, 0.1)
    agrees(driver, store, doc, "the overview after Ctrl+Z", [old, new])
    if editor(driver, "overview")["builds"] != builds:
        raise Failure("a drag and its undo had the worker draw the whole overview again")

    step("all of it nudged (Ctrl+A, an arrow) is drawn anew on the overview, by its worker")
    chord(driver, Keys.CONTROL, "a")
    chord(driver, Keys.ARROW_RIGHT)
    wait("every rectangle nudged in the file", lambda: store.rectangles(doc)[0]["x"]
         == rectangles[0]["x"] + 1, 30, 0.2)
    wait("the overview drawn anew by the worker", lambda: editor(driver, "overview")["builds"]
         > builds and editor(driver, "overview")["shown"], 30, 0.05)
    agrees(driver, store, doc, "the overview after all of it moved")
    chord(driver, Keys.ESCAPE)

    step("three zoom-ins past the fit keep the overview; a fourth shows the picture, drawn at it")
    fit = editor(driver, "zoom")
    reach = editor(driver, "overview")["scale"] / driver.execute_script(
        "return window.devicePixelRatio || 1")
    if not fit * 1.25 ** 3 <= reach < fit * 1.25 ** 4:
        raise Failure(f"the overview serves zooms up to {reach:.4f}, the fit is {fit:.4f}")
    for count in (1, 2, 3):
        chord(driver, "=")
        wait(f"zoom-in {count}, settled", lambda: editor(driver, "overview")["zoom"]
             == editor(driver, "zoom") > fit * 1.2 ** count, 5, 0.05)
        if not editor(driver, "overview")["shown"] or picture_in_sight(driver):
            raise Failure(f"at {editor(driver, 'zoom'):.4f} (fit {fit:.4f}, overview to "
                          f"{reach:.4f}) the picture is shown, not the overview")
    chord(driver, "=")
    wait("the picture in sight", lambda: not editor(driver, "overview")["shown"]
         and picture_in_sight(driver), 5, 0.05)
    wait("the picture drawn at the zoom", lambda: abs(driver.execute_script(
        "return new DOMMatrix(getComputedStyle(document.getElementById('drawing'))"
        ".transform).a;") / editor(driver, "zoom") - 1) < 1e-5, 5, 0.05)

    step("Shift+1 fits again, on the overview")
    chord(driver, Keys.SHIFT, "1")
    wait("the overview shown again", lambda: editor(driver, "overview")["shown"]
         and not picture_in_sight(driver), 5, 0.05)
