#!/usr/bin/env python3
"""A large drawing in the editor, in headless Chromium: a stand-in shows it while its SVG
nodes are made, and the page takes real input meanwhile. At 100,000 rectangles (`drawdoc new
--random`), the stand-in is in the page when it is ready, and its pixel at an opaque
rectangle's centre is that rectangle's colour; a click made before the picture is whole
selects the rectangle under it (the topmost there, as `drawdoc hit` says); an arrow key
pressed meanwhile moves it once the whole picture is in (`drawdoc open --json`); then the
picture holds one node for each rectangle, the moved one where the file has it, and the
stand-in is gone. Not timed: the benchmark (Benchmarks/editor_bench.py) times the first
click.

One test (pytest; the fixtures are conftest.py's), its steps in order on one opening.

Run: python3 -m pytest Tests/browser/firstclick_test.py [--drawdoc PATH]
"""
import json
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("firstclick_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from editor_actions import click  # noqa: E402
from served_app import Failure, wait  # noqa: E402

SIZE = 100000
WIDTH, HEIGHT = 4000, 3000

# The stand-in's pixel at drawing point (x, y), or why there is none.
PIXEL = """
const standIn = document.querySelector('.canvas canvas.stand-in');
if (!standIn) return 'no stand-in';
const scale = standIn.width / drawdocEditor.drawing.width;
return Array.from(standIn.getContext('2d').getImageData(
  Math.floor(arguments[0] * scale), Math.floor(arguments[1] * scale), 1, 1).data);
"""

# Once the page is ready: notes the picture's rect nodes in the page at each pointerdown and
# keydown, and returns the client point of drawing point (x, y).
READY = """
if (document.body.dataset.ready !== 'true' || !window.drawdocEditor) return null;
const rects = () => document.querySelectorAll('#drawing rect').length;
window.seenAt = {};
for (const kind of ['pointerdown', 'keydown']) {
  addEventListener(kind, () => { window.seenAt[kind] ??= rects(); }, { capture: true });
}
return {point: drawdocEditor.toScreen(arguments[0], arguments[1]), rects: rects()};
"""


def step(name):
    print(f"  {name}", flush=True)


def pick(store, doc, rectangles):
    """An opaque rectangle of at least 40 units a side near the middle, the topmost at its
    centre."""
    for r in reversed(rectangles):
        cx, cy = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        if r["width"] < 40 or r["height"] < 40 or r["alpha"] != 10:
            continue
        if not (WIDTH / 4 <= cx <= 3 * WIDTH / 4 and HEIGHT / 4 <= cy <= 3 * HEIGHT / 4):
            continue
        if store.run("hit", doc, f"{cx:g}", f"{cy:g}").strip() == r["id"]:
            return r, cx, cy
    raise Failure("no rectangle near the middle is the topmost at its centre")


def test_a_click_while_the_picture_comes(driver, store, base):
    doc = store.run("new", "--title", "Large", "--random", str(SIZE), "--seed", "1",
              "--width", str(WIDTH), "--height", str(HEIGHT)).strip()
    rectangles = json.loads(store.run("open", doc, "--json"))["rectangles"]
    target, cx, cy = pick(store, doc, rectangles)

    step(f"a stand-in shows {SIZE:,} rectangles as the page is ready, the target in its colour")
    driver.get(f"{base}drawings/{doc}")
    ready = wait("the editor", lambda: driver.execute_script(READY, cx, cy), 120, 0.005)
    if ready["rects"]:
        raise Failure(f"as the page was ready, {ready['rects']} of the picture's nodes were in it")
    colour = [int(target["color"][k:k + 2], 16) for k in (1, 3, 5)] + [255]
    # The stand-in is drawn in runs, bottom first: the target's run may come after the first.
    pixel = wait("the target on the stand-in", lambda: (lambda p: p if p == colour or isinstance(
        p, str) else None)(driver.execute_script(PIXEL, cx, cy)), 30, 0.005)
    if pixel != colour:
        raise Failure(f"the stand-in's pixel at {cx:g}, {cy:g}: {pixel}, the target is {colour}")

    step("a click while the picture comes selects the one under it")
    click(driver, ready["point"])
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    # The first answer that holds a selection says how much of the picture was in then.
    seen = wait("a selection", lambda: driver.execute_script(
        "const ids = drawdocEditor.selection(); if (!ids.length) return null;"
        "return {ids, rects: document.querySelectorAll('#drawing rect').length,"
        " at: window.seenAt};"), 60, 0.005)
    if seen["ids"] != [target["id"]]:
        raise Failure(f"the click at {cx:g}, {cy:g} selected {seen['ids']}, not {target['id']}")
    if seen["at"].get("pointerdown", SIZE) >= SIZE or seen["rects"] >= SIZE:
        raise Failure(f"the picture was whole before the click was taken: {seen}")
    if seen["at"].get("keydown", SIZE) >= SIZE:
        raise Failure(f"the picture was whole before the arrow key: {seen}")

    step("the arrow key pressed meanwhile moves it once the whole picture is in")
    moved = wait("the nudge in the file", lambda: next(
        r for r in json.loads(store.run("open", doc, "--json"))["rectangles"]
        if r["id"] == target["id"] and r["x"] != target["x"]), 120, 0.2)
    if (moved["x"], moved["y"]) != (target["x"] + 1, target["y"]):
        raise Failure(f"the arrow key moved {target} to {moved}")

    step("then the picture has one node a rectangle, the moved one where the file has it")
    shown = wait("the whole picture", lambda: driver.execute_script(
        "const nodes = document.querySelectorAll('#drawing rect');"
        "if (nodes.length < arguments[0] || drawdocEditor.busy()) return null;"
        "if (document.querySelector('canvas.stand-in')) return 'the stand-in is still there';"
        "const ids = new Set(Array.from(nodes, (node) => node.getAttribute('data-id')));"
        "const node = document.querySelector(`#drawing rect[data-id='${arguments[1]}']`);"
        "return {nodes: nodes.length, ids: ids.size, x: Number(node.getAttribute('x'))};",
        SIZE, target["id"]), 120, 0.1)
    if shown != {"nodes": SIZE, "ids": SIZE, "x": moved["x"]}:
        raise Failure(f"the picture: {shown}, not {SIZE} nodes of {SIZE} ids, x {moved['x']}")

