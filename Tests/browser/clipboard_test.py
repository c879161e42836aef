"""The editor's clipboard in headless Chromium, with real keys and clicks: Ctrl+C and Ctrl+V
within a drawing (one version, the copies 10 to the right and down, 20 at the second paste);
copy in one tab and paste in another tab showing another drawing (the same coordinates
there); Ctrl+X (one version) and Ctrl+V puts them back where they were; Ctrl+D duplicates
(one version); the SVG text that copy writes is a file drawdoc's import reads; SVG copied
from another program is imported by the server and its warnings shown, and so is what
draw.io's copy (URL-encoded cells) and Excalidraw's copy (`excalidraw/clipboard` elements)
put on the clipboard, the notices naming what was pasted; a text field keeps its own paste;
text that is no drawing, SVG or a draw.io copy without a rectangle and SVG too large to send
are refused with a notice. Each check is against
`drawdoc open --json` and `drawdoc history --json`.

How the clipboard is driven: every copy, cut and paste here is a real key press (Ctrl+C, X,
V, D), which Chromium turns into the document's `copy`, `cut` and `paste` events with a
working `clipboardData`. Headless Chromium keeps a clipboard of its own, in the browser
process, shared by its tabs and windows (and by no other program): what one tab copies,
another pastes. The text of another program is put on that clipboard with the page's
`navigator.clipboard.writeText`, allowed by the DevTools protocol's
`Browser.grantPermissions` (clipboardReadWrite, clipboardSanitizedWrite); the paste that
follows is again a real Ctrl+V. No event is synthesized.

The steps are tests that run in order, each from where the one before left the page (`kept`
holds what they share).

Run: python3 -m pytest Tests/browser/clipboard_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import os
import subprocess
import sys
from types import SimpleNamespace

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("clipboard_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402

EDITOR = "return drawdocEditor."
# A point of each of the two rectangles that no copy made here covers.
A, B = (25, 25), (62, 32)

# SVG as another program writes it: a circle, a rectangle with rounded corners, a rectangle
# kept as it is, an ellipse and a line. Four warnings, with the lines 3, 4, 6 and 7.
FOREIGN_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
  <circle cx="10" cy="10" r="5" fill="red"/>
  <rect x="100" y="110" width="30" height="20" rx="4" fill="#00ff00"/>
  <rect x="150" y="60" width="40" height="25" fill="#123456" fill-opacity="0.4"/>
  <ellipse cx="50" cy="50" rx="5" ry="3"/>
  <line x1="0" y1="0" x2="10" y2="10" stroke="black"/>
</svg>
"""

# What draw.io's copy puts on the clipboard as text (`encodeURIComponent` of the cells'
# `<mxGraphModel>`, as draw.io 21.1's own code writes it): two vertices, the first with a
# label and draw.io's default stroke, and an edge. Its one line gives both warnings line 1.
DRAWIO_COPY = (
    "%3CmxGraphModel%3E%3Croot%3E%3CmxCell%20id%3D%220%22%2F%3E%3CmxCell%20id%3D%221%22%20"
    "parent%3D%220%22%2F%3E%3CmxCell%20id%3D%222%22%20value%3D%22A%22%20style%3D%22rounded%3D0"
    "%3BwhiteSpace%3Dwrap%3Bhtml%3D1%3BfillColor%3D%23dae8fc%3B%22%20vertex%3D%221%22%20parent"
    "%3D%221%22%3E%3CmxGeometry%20x%3D%2220%22%20y%3D%2230%22%20width%3D%2240%22%20height%3D"
    "%2250%22%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3CmxCell%20id%3D%223%22%20value%3D"
    "%22%22%20style%3D%22fillColor%3D%23ff0000%3BstrokeColor%3Dnone%3B%22%20vertex%3D%221%22"
    "%20parent%3D%221%22%3E%3CmxGeometry%20x%3D%22100%22%20y%3D%2230%22%20width%3D%2240%22%20"
    "height%3D%2250%22%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3CmxCell%20id%3D%224%22%20"
    "value%3D%22%22%20edge%3D%221%22%20source%3D%222%22%20target%3D%223%22%20parent%3D%221%22"
    "%3E%3CmxGeometry%20relative%3D%221%22%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3C%2F"
    "root%3E%3C%2FmxGraphModel%3E")

# What Excalidraw's copy puts on the clipboard as text (`JSON.stringify` of its type, the
# elements and the files, one line): a rectangle with a stroke and hand-drawn edges, and an
# ellipse up and left of it. Three warnings, all on line 1: the canvas moved, the rectangle's
# losses, the ellipse.
EXCALIDRAW_COPY = json.dumps({"type": "excalidraw/clipboard", "elements": [
    {"id": "r1", "type": "rectangle", "x": 110, "y": 220, "width": 30, "height": 40, "angle": 0,
     "strokeColor": "#1e1e1e", "backgroundColor": "#ffc9c9", "fillStyle": "solid",
     "strokeWidth": 2, "strokeStyle": "solid", "roughness": 1, "opacity": 100, "groupIds": [],
     "frameId": None, "roundness": None, "seed": 1, "version": 3, "versionNonce": 2,
     "isDeleted": False, "boundElements": None, "updated": 1, "link": None, "locked": False},
    {"id": "e1", "type": "ellipse", "x": 100, "y": 200, "width": 5, "height": 5,
     "backgroundColor": "#ff0000", "strokeColor": "transparent", "opacity": 100}],
    "files": {}}, separators=(",", ":"))


def run(drawdoc, env, *arguments):
    result = subprocess.run([drawdoc, *arguments], env=env, capture_output=True, text=True,
                            timeout=60)
    if result.returncode != 0:
        raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def rectangles(drawdoc, env, doc):
    """The drawing's rectangles, bottom first, as `drawdoc open --json` gives them."""
    return json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]


def versions(drawdoc, env, doc):
    return len(json.loads(run(drawdoc, env, "history", doc, "--json"))["versions"])


def shape(r):
    return (r["x"], r["y"], r["width"], r["height"], r["color"], r["alpha"])


def click_at(driver, point, shift=False):
    """A real mouse click at client coordinates, Shift held if asked."""
    if shift:
        ActionChains(driver).key_down(Keys.SHIFT).perform()
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(round(point["x"])), int(round(point["y"])))
    actions.pointer_action.click()
    actions.perform()
    if shift:
        ActionChains(driver).key_up(Keys.SHIFT).perform()


def command(driver, key):
    """Ctrl+KEY, pressed for real."""
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()


def open_editor(driver, base, doc):
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 10, 0.05)


def select(driver, *points):
    """Selects the rectangles under the points of the drawing: a click, then Shift-clicks."""
    for at, (x, y) in enumerate(points):
        click_at(driver, driver.execute_script(EDITOR + "toScreen(arguments[0], arguments[1])",
                                               x, y), shift=at > 0)
    wait("the selection", lambda: len(driver.execute_script(EDITOR + "selection()"))
         == len(points), 5, 0.05)


def settled(driver):
    wait("the page's edits sent", lambda: not driver.execute_script(EDITOR + "busy()"), 10, 0.05)


def one_version_more(drawdoc, env, doc, before, what):
    """Checks that the drawing has exactly one version more than `before`."""
    after = versions(drawdoc, env, doc)
    if after != before + 1:
        raise Failure(f"{what} made {after - before} versions, not one")


def notices(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#notices .notice')].map((n) => n.textContent)")


def write_clipboard(driver, text):
    """Puts text on the browser's clipboard as another program would (the page's permission
    was granted through the DevTools protocol)."""
    outcome = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.writeText(arguments[0])"
        ".then(() => done('ok'), (e) => done(String(e)));",
        text)
    if outcome != "ok":
        raise Failure(f"navigator.clipboard.writeText failed: {outcome}")


def read_clipboard(driver):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (e) => done('failed: ' + e));")


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_copy_and_paste(driver, drawdoc, env, base, kept):
    """Ctrl+C copies two rectangles; Ctrl+V pastes them 10 to the right and down, as one version,
    and selects them."""
    doc = run(drawdoc, env, "new", "--title", "Source", "--width", "400", "--height", "300").strip()
    kept.doc = doc
    other = run(drawdoc, env, "new", "--title", "Target", "--width", "400", "--height", "300")
    other = other.strip()
    kept.other = other
    run(drawdoc, env, "add", doc, "--x", "20", "--y", "20", "--width", "30", "--height", "20",
        "--color", "teal", "--alpha", "5")
    run(drawdoc, env, "add", doc, "--x", "60", "--y", "30", "--width", "20", "--height", "20",
        "--color", "tomato", "--alpha", "8")
    originals = rectangles(drawdoc, env, doc)
    kept.originals = originals
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": base.rstrip("/"),
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    open_editor(driver, base, doc)

    select(driver, A, B)
    command(driver, "c")
    before = versions(drawdoc, env, doc)
    command(driver, "v")
    now = wait("the pasted copies", lambda: (lambda rs: rs if len(rs) == 4 else None)(
        rectangles(drawdoc, env, doc)), 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "a paste")
    expected = [shape(dict(r, x=r["x"] + 10, y=r["y"] + 10)) for r in originals]
    if [shape(r) for r in now[2:]] != expected or now[:2] != originals:
        raise Failure(f"pasted {now}, expected the originals and {expected} on top")
    if {r["id"] for r in now[2:]} & {r["id"] for r in originals}:
        raise Failure("the copies kept the originals' ids")
    if sorted(driver.execute_script(EDITOR + "selection()")) != sorted(r["id"] for r in now[2:]):
        raise Failure("the pasted copies are not the selection")


def test_paste_again_further(driver, drawdoc, env, kept):
    """Ctrl+V again pastes the same clipboard 10 further."""
    doc, originals = kept.doc, kept.originals
    before = versions(drawdoc, env, doc)
    command(driver, "v")
    now = wait("the second paste", lambda: (lambda rs: rs if len(rs) == 6 else None)(
        rectangles(drawdoc, env, doc)), 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "a second paste")
    expected = [shape(dict(r, x=r["x"] + 20, y=r["y"] + 20)) for r in originals]
    if [shape(r) for r in now[4:]] != expected:
        raise Failure(f"the second paste gave {now[4:]}, expected {expected}")


def test_copy_writes_standalone_svg(driver, drawdoc, env, folder, kept):
    """What copy wrote as text is a standalone SVG file that drawdoc's import reads."""
    originals = kept.originals
    text = read_clipboard(driver)
    if not text.startswith('<svg xmlns="http://www.w3.org/2000/svg"'):
        raise Failure(f"the clipboard's text is not SVG: {text[:200]!r}")
    path = os.path.join(folder, "clipboard.svg")
    with open(path, "w") as file:
        file.write(text)
    run(drawdoc, env, "convert", path, os.path.join(folder, "clipboard.json"))
    with open(os.path.join(folder, "clipboard.json")) as file:
        imported = json.load(file)
    # The file's canvas is the box around the two (its corner at 20, 20).
    if (imported["width"], imported["height"]) != (60, 30) or [
            shape(r) for r in imported["rectangles"]] != [
            shape(dict(r, x=r["x"] - 20, y=r["y"] - 20)) for r in originals]:
        raise Failure(f"drawdoc read the copied SVG as {imported}")


def test_paste_in_another_tab(driver, drawdoc, env, base, kept):
    """Copied in one tab, pasted in another showing another drawing: the same coordinates."""
    originals, other = kept.originals, kept.other
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        open_editor(driver, base, other)
        before = versions(drawdoc, env, other)
        driver.execute_script("document.getElementById('stage').focus()")
        command(driver, "v")
        pasted = wait("the paste in the other drawing", lambda: rectangles(drawdoc, env, other),
                      10, 0.1)
        settled(driver)
        one_version_more(drawdoc, env, other, before, "a paste in another drawing")
        if [shape(r) for r in pasted] != [shape(r) for r in originals]:
            raise Failure(f"pasted {pasted} into the other drawing, expected {originals}")
    finally:  # the tests after it in the first tab, whatever happened here
        driver.close()
        driver.switch_to.window(first)


def test_cut_and_paste_back(driver, drawdoc, env, kept):
    """Ctrl+X removes the selection as one version; Ctrl+V puts it back where it was."""
    doc, originals = kept.doc, kept.originals
    select(driver, A)
    before = versions(drawdoc, env, doc)
    command(driver, "x")
    wait("the cut", lambda: originals[0]["id"] not in [
        r["id"] for r in rectangles(drawdoc, env, doc)], 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "a cut")
    count = len(rectangles(drawdoc, env, doc))
    before = versions(drawdoc, env, doc)
    command(driver, "v")
    now = wait("the paste after the cut", lambda: (lambda rs: rs if len(rs) == count + 1 else None)(
        rectangles(drawdoc, env, doc)), 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "a paste after a cut")
    if shape(now[-1]) != shape(originals[0]):
        raise Failure(f"the cut rectangle came back as {now[-1]}, not {originals[0]}")


def test_duplicate(driver, drawdoc, env, kept):
    """Ctrl+D duplicates the selection 10 to the right and down, as one version."""
    doc, originals = kept.doc, kept.originals
    select(driver, B)
    count = len(rectangles(drawdoc, env, doc))
    before = versions(drawdoc, env, doc)
    command(driver, "d")
    now = wait("the duplicate", lambda: (lambda rs: rs if len(rs) == count + 1 else None)(
        rectangles(drawdoc, env, doc)), 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "a duplicate")
    if shape(now[-1]) != shape(dict(originals[1], x=70, y=40)):
        raise Failure(f"the duplicate is {now[-1]}")
    if driver.execute_script(EDITOR + "selection()") != [now[-1]["id"]]:
        raise Failure("the duplicate is not the selection")


def test_svg_from_another_program(driver, drawdoc, env, kept):
    """SVG from another program: the server imports it, its rectangles are added as one version and
    its warnings shown (the first two, then how many more)."""
    doc = kept.doc
    write_clipboard(driver, FOREIGN_SVG)
    count = len(rectangles(drawdoc, env, doc))
    before = versions(drawdoc, env, doc)
    driver.execute_script("document.getElementById('stage').focus()")
    command(driver, "v")
    now = wait("the imported rectangles", lambda: (lambda rs: rs if len(rs) == count + 2 else None)(
        rectangles(drawdoc, env, doc)), 10, 0.1)
    settled(driver)
    one_version_more(drawdoc, env, doc, before, "pasting SVG")
    if [shape(r) for r in now[-2:]] != [(100, 110, 30, 20, "#00ff00", 10),
                                        (150, 60, 40, 25, "#123456", 4)]:
        raise Failure(f"the SVG was pasted as {now[-2:]}")
    shown = wait("the warnings", lambda: (lambda n: n if any("more" in t for t in n) else None)(
        notices(driver)), 5, 0.05)
    if shown != ["Line 3 of the pasted SVG: <circle> skipped: drawdoc keeps only rectangles.",
                 "Line 4 of the pasted SVG: <rect>: rounded corners (rx, ry) dropped.",
                 "And 2 more warnings."]:
        raise Failure(f"the notices say {shown}")


def test_drawio_and_excalidraw_copies(driver, drawdoc, env, kept):
    """What draw.io's and Excalidraw's copy put on the clipboard: the server imports it, its
    rectangles are added as one version each and its warnings shown, naming what was pasted."""
    doc = kept.doc
    for text, added, expected in [
            (DRAWIO_COPY, [(0, 0, 40, 50, "#dae8fc", 10), (80, 0, 40, 50, "#ff0000", 10)],
             ['Line 1 of the pasted draw.io diagram: cell "2" kept as a rectangle without its '
              'label, stroke.',
              'Line 1 of the pasted draw.io diagram: cell "4" skipped: a connector.']),
            (EXCALIDRAW_COPY, [(10, 20, 30, 40, "#ffc9c9", 10)],
             ["Line 1 of the pasted Excalidraw selection: the canvas is the box around the "
              "elements, moved to the origin: every rectangle moved by (-100, -200).",
              'Line 1 of the pasted Excalidraw selection: rectangle "r1": its stroke dropped; '
              "its hand-drawn edges (roughness 1) drawn straight.",
              "And 1 more warning."])]:
        write_clipboard(driver, text)
        count = len(rectangles(drawdoc, env, doc))
        before = versions(drawdoc, env, doc)
        driver.execute_script("document.getElementById('stage').focus()")
        command(driver, "v")
        now = wait("the imported rectangles", lambda: (
            lambda rs: rs if len(rs) == count + len(added) else None)(
            rectangles(drawdoc, env, doc)), 10, 0.1)
        settled(driver)
        one_version_more(drawdoc, env, doc, before, "pasting a copy of another program")
        if [shape(r) for r in now[-len(added):]] != added:
            raise Failure(f"{text[:40]}… was pasted as {now[-len(added):]}, not {added}")
        shown = wait("the warnings", lambda: (
            lambda n: n if n and n[-1] == expected[-1] else None)(notices(driver)), 5, 0.05)
        if shown[-len(expected):] != expected:
            raise Failure(f"the notices say {shown}, not {expected}")
        if sorted(driver.execute_script(EDITOR + "selection()")) != sorted(
                r["id"] for r in now[-len(added):]):
            raise Failure("the pasted rectangles are not the selection")


def test_text_field_keeps_its_paste(driver, drawdoc, env, kept):
    """A text field keeps its own paste; text that is no drawing is refused with a notice."""
    doc = kept.doc
    write_clipboard(driver, "2")
    before = versions(drawdoc, env, doc)
    scale = driver.find_element(By.ID, "png-scale")
    scale.clear()
    scale.click()
    command(driver, "v")
    wait("the pasted text in the field", lambda: scale.get_attribute("value") == "2", 5, 0.05)
    write_clipboard(driver, "just some words")
    driver.execute_script("document.getElementById('stage').focus()")
    command(driver, "v")
    wait("the notice", lambda: any("nothing on the clipboard that drawdoc can paste" in t
                                   for t in notices(driver)), 5, 0.05)
    settled(driver)
    if versions(drawdoc, env, doc) != before:
        raise Failure("pasting into a field, or pasting words, changed the drawing")


def test_pastes_without_rectangles_or_too_large(driver, drawdoc, env, kept):
    """SVG or a draw.io copy without a rectangle, and SVG over the 16 MiB a paste sends, are
    refused with notices."""
    doc = kept.doc
    before = versions(drawdoc, env, doc)
    write_clipboard(driver, '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">\n'
                    '<circle r="1"/>\n<circle r="2"/>\n<circle r="3"/>\n</svg>')
    command(driver, "v")
    headline = "The SVG on the clipboard has no rectangle that drawdoc can keep."
    shown = wait("the notices", lambda: (lambda n: n if headline in n else None)(
        notices(driver)), 5, 0.05)
    if shown[-3:] != [headline,
                      "Line 2 of the pasted SVG: <circle> skipped: drawdoc keeps only rectangles.",
                      "And 2 more warnings."]:
        raise Failure(f"the notices say {shown}")
    # draw.io's copy without the root cell and layer draw.io writes: its cell's parent is not
    # in the text, so nothing is kept, and the notices say it was a draw.io diagram.
    write_clipboard(driver, DRAWIO_COPY.replace(
        "%3CmxCell%20id%3D%220%22%2F%3E%3CmxCell%20id%3D%221%22%20parent%3D%220%22%2F%3E", ""))
    command(driver, "v")
    headline = "The draw.io diagram on the clipboard has no rectangle that drawdoc can keep."
    shown = wait("the notices", lambda: (lambda n: n if headline in n else None)(
        notices(driver)), 5, 0.05)
    if shown[-3:] != [headline,
                      'Line 1 of the pasted draw.io diagram: cell "2" skipped: parent "1" is not '
                      "a cell.",
                      "And 2 more warnings."]:
        raise Failure(f"the notices say {shown}")
    write_clipboard(driver, '<svg xmlns="http://www.w3.org/2000/svg"><!--' + "x" * (16 << 20)
                    + "--></svg>")
    command(driver, "v")
    wait("the notice", lambda: any("larger than the 16 MiB" in t for t in notices(driver)), 5, 0.05)
    settled(driver)
    if versions(drawdoc, env, doc) != before:
        raise Failure("pasting SVG or a draw.io copy without rectangles, or SVG too large, "
                      "changed the drawing")
