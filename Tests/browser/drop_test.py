"""Files dropped on the editor in headless Chromium: a draw.io file and an Excalidraw scene
dropped together on the canvas are imported by the server as a paste of their text is, their
rectangles added (one version each) and their warnings shown with the files' names and lines;
a PNG drawdoc exported, dropped, is imported for the drawing it carries (its bytes sent in
base64), a PNG without a drawing gets the server's reason as a notice, a file of another kind
one saying what drawdoc imports, and neither of those changes the drawing; while files are dragged over it the stage
shows it is a drop target; a drop anywhere in the page is kept from the browser, which would
open the file and leave the editor. Each check is against `drawdoc open --json` and
`drawdoc history --json`.

How a drop is driven: Selenium cannot drag a file of the operating system onto a page, so the
test builds `File` objects in the page (`new DataTransfer()`, `dt.items.add(new File([text],
"plan.drawio"))`) and dispatches synthetic `dragover` and `drop` events (`DragEvent`s holding
that `dataTransfer`) at a point of the canvas, on the element there, as Chromium does for a
real drop. What the page does with them is its own code, as for a real drop. The steps are
tests that run in order on one drawing (`kept` holds what they share).

Run: python3 -m pytest Tests/browser/drop_test.py [-k NAME] [--drawdoc PATH]
"""
import base64
import os
import sys
import tempfile
from types import SimpleNamespace

try:
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("drop_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402

EDITOR = "return drawdocEditor."

# A draw.io file: a rectangle kept without its stroke (line 3) and an ellipse skipped (line 5).
DRAWIO = """<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" parent="1" vertex="1" style="fillColor=#336699;">
<mxGeometry x="20" y="30" width="40" height="50" as="geometry"/></mxCell>
<mxCell id="b" parent="1" vertex="1" style="ellipse;fillColor=#ff0000;">
<mxGeometry x="0" y="0" width="10" height="10" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>
"""

# An Excalidraw scene: a rectangle kept and an ellipse skipped (line 3).
EXCALIDRAW = """{"type": "excalidraw", "version": 2, "elements": [
{"id": "r1", "type": "rectangle", "x": 10, "y": 20, "width": 30, "height": 40, "backgroundColor": "#ff0000", "strokeColor": "transparent", "roughness": 0, "opacity": 100},
{"id": "e1", "type": "ellipse", "x": 0, "y": 0, "width": 5, "height": 5, "backgroundColor": "#ff0000", "strokeColor": "transparent", "opacity": 100}
]}
"""

# Dispatches `dragover` then `drop` at client point (x, y), on the element there, with a
# DataTransfer holding files built here: each [name, text or null, type, base64 or absent],
# the file's bytes in base64 when given, else its text, or for null a PNG's first bytes. Answers the element's id, whether the stage showed itself a target during the
# drag, and whether the page took the drop from the browser (`defaultPrevented`).
DROP = """
const [files, x, y] = arguments;
const dt = new DataTransfer();
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
for (const [name, text, type, bytes] of files) {
  const content = bytes ? Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))
    : text === null ? png : text;
  dt.items.add(new File([content], name, { type }));
}
const target = document.elementFromPoint(x, y);
const init = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y,
               dataTransfer: dt };
target.dispatchEvent(new DragEvent("dragenter", init));
target.dispatchEvent(new DragEvent("dragover", init));
const shown = document.getElementById("stage").classList.contains("dropping");
const drop = new DragEvent("drop", init);
target.dispatchEvent(drop);
return { target: target.closest("[id]") && target.closest("[id]").id, shown,
         prevented: drop.defaultPrevented,
         after: document.getElementById("stage").classList.contains("dropping") };
"""


def shape(r):
    return (r["x"], r["y"], r["width"], r["height"], r["color"], r["alpha"])


def notices(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#notices .notice')].map((n) => n.textContent)")


def settled(driver):
    wait("the page's edits sent", lambda: not driver.execute_script(EDITOR + "busy()"), 10, 0.05)


def drop(driver, files, at):
    """Drops files (each `(name, text or None, type[, base64])`) at client point `at`."""
    return driver.execute_script(DROP, [list(f) for f in files], at["x"], at["y"])


def exported_png(store, doc, *options):
    """The bytes of the PNG `drawdoc export` writes of a drawing, in base64."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "picture.png")
        store.run("export", doc, "--format", "png", "-o", path, *options)
        with open(path, "rb") as file:
            return base64.b64encode(file.read()).decode("ascii")


def still_here(driver, url):
    """Checks that the page is still the editor it was: same address, same document."""
    if driver.current_url != url or not driver.execute_script("return window.dropTestMark === 1"):
        raise Failure(f"the page navigated away, to {driver.current_url}")


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_drawio_and_excalidraw_dropped(driver, store, base, kept):
    """A draw.io file and an Excalidraw scene dropped together on the canvas: their rectangles
    added, one version each, their warnings shown with their names and lines."""
    doc = store.run("new", "--title", "Drops", "--width", "400", "--height", "300").strip()
    kept.doc = doc
    store.run("add", doc, "--x", "200", "--y", "150", "--width", "30", "--height", "20",
        "--color", "teal", "--alpha", "5")
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 10, 0.05)
    url = driver.current_url
    kept.url = url
    driver.execute_script("window.dropTestMark = 1")
    # A point of the canvas that no rectangle covers.
    at = driver.execute_script(EDITOR + "toScreen(100, 200)")
    kept.at = at

    before = len(store.versions(doc))
    outcome = drop(driver, [("plan.drawio", DRAWIO, ""),
                            ("scene.excalidraw", EXCALIDRAW, "")], at)
    if outcome["target"] != "stage" or not outcome["shown"] or not outcome["prevented"] \
            or outcome["after"]:
        raise Failure(f"the drop on the canvas went as {outcome}")
    now = wait("the dropped rectangles", lambda: (lambda rs: rs if len(rs) == 3 else None)(
        store.rectangles(doc)), 10, 0.1)
    settled(driver)
    if [shape(r) for r in now[1:]] != [(0, 0, 40, 50, "#336699", 10),
                                       (10, 20, 30, 40, "#ff0000", 10)]:
        raise Failure(f"the files were dropped as {now[1:]}")
    if len(store.versions(doc)) != before + 2:
        raise Failure(f"two files made {len(store.versions(doc)) - before} versions, not two")
    if driver.execute_script(EDITOR + "selection()") != [now[2]["id"]]:
        raise Failure("the last file's rectangle is not the selection")
    expected = [
        'Line 3 of plan.drawio: cell "a" kept as a rectangle without its stroke.',
        'Line 5 of plan.drawio: cell "b" skipped: a shape "ellipse", not a rectangle.',
        'Line 3 of scene.excalidraw: ellipse "e1" skipped: drawdoc keeps only rectangles.',
    ]
    try:
        wait("the warnings", lambda: notices(driver) == expected, 5, 0.05)
    except Failure:
        raise Failure(f"the notices say {notices(driver)}")
    still_here(driver, url)


def test_png_with_a_drawing_dropped(driver, store, kept):
    """A PNG drawdoc exported, dropped: the rectangles of the drawing it carries added, one
    version."""
    at, doc, url = kept.at, kept.doc, kept.url
    picture = store.run("new", "--title", "Picture", "--width", "200",
                  "--height", "100").strip()
    kept.picture = picture
    store.run("add", picture, "--x", "5", "--y", "6", "--width", "70", "--height", "8",
        "--color", "#aa5500", "--alpha", "7")
    store.run("add", picture, "--x", "50", "--y", "40", "--width", "20", "--height",
        "30", "--color", "#123456")
    carried = [shape(r) for r in store.rectangles(picture)]
    before = len(store.versions(doc))
    outcome = drop(driver, [("picture.png", None, "image/png",
                             exported_png(store, picture))], at)
    if not outcome["prevented"]:
        raise Failure(f"the PNG's drop was left to the browser: {outcome}")
    now = wait("the PNG's rectangles", lambda: (lambda rs: rs if len(rs) == 5 else None)(
        store.rectangles(doc)), 10, 0.1)
    settled(driver)
    if [shape(r) for r in now[3:]] != carried:
        raise Failure(f"the PNG was dropped as {now[3:]}, not {carried}")
    if len(store.versions(doc)) != before + 1:
        raise Failure(f"the PNG made {len(store.versions(doc)) - before} versions, not one")
    still_here(driver, url)


def test_png_without_a_drawing_and_text_refused(driver, store, kept):
    """A PNG without a drawing gets the server's reason, a text file a notice saying what drawdoc
    imports; the drawing does not change."""
    at, doc, picture, url = kept.at, kept.doc, kept.picture, kept.url
    before = len(store.versions(doc))
    outcome = drop(driver, [("board.png", None, "image/png",
                             exported_png(store, picture, "--no-embed"))], at)
    if not outcome["prevented"]:
        raise Failure(f"the PNG's drop was left to the browser: {outcome}")
    try:
        wait("the PNG's notice", lambda: any(
            t.startswith("board.png could not be pasted: the PNG file is not a drawing that "
                         "drawdoc can read: the PNG holds no drawing") for t in notices(driver)),
            5, 0.05)
    except Failure:
        raise Failure(f"the notices say {notices(driver)}")
    drop(driver, [("notes.txt", "just some words", "text/plain")], at)
    wait("the text file's notice", lambda: any(
        t.startswith("notes.txt is not a file drawdoc can import") for t in notices(driver)),
        5, 0.05)
    settled(driver)
    if len(store.versions(doc)) != before or len(store.rectangles(doc)) != 5:
        raise Failure("dropping a PNG without a drawing or a text file changed the drawing")
    still_here(driver, url)


def test_drop_beside_the_stage(driver, store, kept):
    """A file dropped beside the stage (on the panel) is kept from the browser and imports
    nothing."""
    doc, url = kept.doc, kept.url
    before = len(store.versions(doc))
    panel = driver.execute_script(
        "const box = document.querySelector('aside.panel').getBoundingClientRect();"
        "return { x: box.left + 10, y: box.top + 10 };")
    outcome = drop(driver, [("plan.drawio", DRAWIO, "")], panel)
    if not outcome["prevented"] or outcome["shown"]:
        raise Failure(f"the drop beside the stage went as {outcome}")
    settled(driver)
    if len(store.versions(doc)) != before:
        raise Failure("a drop beside the stage changed the drawing")
    still_here(driver, url)
