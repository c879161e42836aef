"""The editor as a drawing tool, in headless Chromium with real pointer, keyboard and wheel
events: Shift-click and the marquee select many, Delete removes them as one version, the
page's own Ctrl+Z brings them back and Shift+Ctrl+Z takes them out again; the page's undo
leaves what a terminal changed, and says so in plain words when it cannot take its own edit
back; moving many is one version, the handles resize (a corner, an edge, Shift for the aspect
ratio, Alt about the centre); snapping lands on another rectangle's edge with a guide (its red
seen in a screenshot while the button is down), and not with Ctrl held or when turned off;
two pages edit two fields of one rectangle; two quick "alpha +" give +2; a refused edit is
put back with a message that fades and moves nothing; a stopped server is said once, refuses
edits visibly, and the page reconnects by itself; a rectangle dragged off the canvas stays
selectable, after a pan with the wheel; the cursors say what a drag does.

Every check of what an edit did is against the store, through `drawdoc open DOC --json` and
`drawdoc history DOC --json`; the page is read only for what it shows (its selection, its
SVG nodes, its notices and cursors).

Run: python3 -m pytest Tests/browser/editor_test.py [-k NAME] [--drawdoc PATH]
"""
import base64
import sys
import tempfile
import time

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
except ImportError:
    sys.exit("editor_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from served_app import Failure, wait  # noqa: E402
from check import read_png  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, canvas_is_file, chord, click, drag_canvas, drawn_at, hold, hover, idle, let_go,
    notices, one_more_version, open_editor, press_and_move, release, screen, selection,
    shows_as_file, type_into)


def step(name):
    print(f"  {name}", flush=True)


# MARK: The tests

def test_selecting_and_undo(driver, store, base):
    doc, (a, b, c, d, e) = store.new(
        "Select", (20, 20, 60, 40, "teal"), (120, 20, 60, 40, "tomato"),
        (220, 20, 60, 40, "gold"), (20, 150, 60, 40, "navy"), (120, 150, 60, 40, "orchid", 6))
    open_editor(driver, base, doc)

    step("Shift-click selects two")
    click(driver, screen(driver, 50, 40))
    click(driver, screen(driver, 250, 40), keys=(Keys.SHIFT,))
    wait("two selected", lambda: selection(driver) == sorted([a, c]), 5, 0.05)
    fields = driver.execute_script(
        "return ['x', 'y', 'color'].map((f) => { const i = document.getElementById('field-' + f);"
        " return [i.value, i.placeholder]; });")
    if fields != [["", "Mixed"], ["20", ""], ["", "Mixed"]]:
        raise Failure(f"x, y and color of the two show {fields}: x and color differ, y is 20")

    step("recoloring and raising the two are one version each")
    count = len(store.versions(doc))
    count = one_more_version(driver, store, doc, count, lambda: type_into(driver, "field-color", "#336699"),
                             "set color of 2 rectangles")
    if [r["color"] for r in store.rectangles(doc)] != ["#336699", "#ff6347", "#336699",
                                                        "#000080", "#da70d6"]:
        raise Failure(f"recolored: {store.rectangles(doc)}")
    idle(driver)
    count = one_more_version(driver, store, doc, count, lambda: driver.find_element(
        By.ID, "to-front").click(), "reordered 2 rectangles")
    if [r["id"] for r in store.rectangles(doc)] != [b, d, e, a, c]:
        raise Failure(f"to front gave {[r['id'] for r in store.rectangles(doc)]}")

    step("a marquee on empty canvas selects every rectangle it touches")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait("none selected", lambda: selection(driver) == [], 5, 0.05)
    press_and_move(driver, screen(driver, 70, 130), screen(driver, 130, 160))
    if not driver.find_elements(By.CSS_SELECTOR, "#overlay .marquee"):
        raise Failure("no marquee is drawn during the drag")
    release(driver)
    wait("the marquee's two selected", lambda: selection(driver) == sorted([d, e]), 5, 0.05)

    step("Delete removes the two as one version")
    before = store.rectangles(doc)
    idle(driver)
    count = one_more_version(driver, store, doc, count,
                             lambda: ActionChains(driver).send_keys(Keys.DELETE).perform(),
                             "removed 2 rectangles")
    left = [r["id"] for r in store.rectangles(doc)]
    if left != [b, a, c]:
        raise Failure(f"after Delete the file holds {left}, not {[b, a, c]}")

    step("Ctrl+Z brings both back, with their ids and places, as one version")
    idle(driver)
    count = one_more_version(driver, store, doc, count,
                             lambda: chord(driver, Keys.CONTROL, "z"))
    if store.rectangles(doc) != before:
        raise Failure(f"undo gave {store.rectangles(doc)}, not {before}")
    idle(driver)
    wait("the page's picture is the file", lambda: canvas_is_file(driver, store, doc),
         5, 0.1)

    step("Shift+Ctrl+Z removes them again, as one version")
    idle(driver)
    one_more_version(driver, store, doc, count, lambda: chord(driver, Keys.CONTROL, Keys.SHIFT, "z"))
    left = [r["id"] for r in store.rectangles(doc)]
    if left != [b, a, c]:
        raise Failure(f"after redo the file holds {left}, not {[b, a, c]}")


def test_undo_is_the_pages(driver, store, base):
    doc, (p, q) = store.new("Undo", (40, 40, 80, 50, "teal"), (200, 100, 80, 50, "gold"))
    open_editor(driver, base, doc)
    click(driver, screen(driver, 80, 65))
    wait("selected", lambda: selection(driver) == [p], 5, 0.05)

    def page_then_terminal(field, value, *terminal):
        original = store.rect(doc, p)
        type_into(driver, f"field-{field}", str(value))
        wait(f"the page's {field}", lambda: store.rect(doc, p)[field] == value, 5, 0.1)
        idle(driver)
        store.run("set", doc, *terminal)
        wait("the page shows the terminal's change", lambda: driver.execute_script(
            EDITOR + "version") == store.versions(doc)[0]["version"], 5, 0.1)
        return original

    step("the page edits x, a terminal sets another rectangle; Ctrl+Z takes back only x")
    original = page_then_terminal("x", 60, q, "--color", "#ff0000")
    count = len(store.versions(doc))
    one_more_version(driver, store, doc, count, lambda: chord(driver, Keys.CONTROL, "z"),
                     f"set x of {p}")
    if store.rect(doc, p) != original:
        raise Failure(f"undo left {store.rect(doc, p)}, not {original}")
    if store.rect(doc, q)["color"] != "#ff0000":
        raise Failure(f"the page's undo took back the terminal's color: {store.rect(doc, q)}")

    step("the page edits y, a terminal sets the color; Ctrl+Z takes back only y")
    idle(driver)
    original = page_then_terminal("y", 70, p, "--color", "#0000ff")
    count = len(store.versions(doc))
    one_more_version(driver, store, doc, count, lambda: chord(driver, Keys.CONTROL, "z"),
                     f"set y of {p}")
    now = store.rect(doc, p)
    if now["y"] != original["y"] or now["color"] != "#0000ff":
        raise Failure(f"undo of y gave {now}: y {original['y']} and the terminal's blue wanted")

    step("the terminal changes the field the page edited: Ctrl+Z leaves it and says so")
    idle(driver)
    page_then_terminal("width", 90, p, "--width", "77")
    count = len(store.versions(doc))
    seen = len(notices(driver))
    chord(driver, Keys.CONTROL, "z")
    said = wait("a notice", lambda: notices(driver)[seen:], 5, 0.05)
    idle(driver)
    if store.rect(doc, p)["width"] != 77:
        raise Failure(f"the page's undo replaced the terminal's width: {store.rect(doc, p)}")
    if len(store.versions(doc)) != count:
        raise Failure("an undo that changed nothing made a version")
    text = " ".join(said)
    if "Someone else changed" not in text or "width" not in text or "version" in text:
        raise Failure(f"the notice is not plain words about the width: {said}")
    wait("the page shows the terminal's width", lambda: shows_as_file(driver, store, doc, p),
         5, 0.05)


def test_moving_and_resizing(driver, store, base):
    doc, (m1, m2, s) = store.new("Arrange", (40, 40, 40, 30, "teal"),
                                 (100, 60, 40, 30, "gold"), (60, 180, 80, 40, "orchid"))
    open_editor(driver, base, doc)

    step("dragging a selection of two moves both, as one version")
    click(driver, screen(driver, 60, 55))
    click(driver, screen(driver, 120, 75), keys=(Keys.SHIFT,))
    wait("two selected", lambda: selection(driver) == sorted([m1, m2]), 5, 0.05)
    count = len(store.versions(doc))
    count = one_more_version(
        driver, store, doc, count, lambda: drag_canvas(driver, (60, 55), (90, 80)),
        "set x and y of 2 rectangles")
    if (store.box(doc, m1), store.box(doc, m2)) != ((70, 65, 40, 30), (130, 85, 40, 30)):
        raise Failure(f"moved by (30, 25): {store.box(doc, m1)}, {store.box(doc, m2)}")

    click(driver, screen(driver, 100, 200))
    wait("the third selected", lambda: selection(driver) == [s], 5, 0.05)
    # Each drag ends where no other rectangle's edge or centre is within snapping reach.
    for what, start, end, keys, expected in (
            ("a corner (se)", (140, 220), (160, 250), (), (60, 180, 100, 70)),
            ("an edge (e)", (160, 215), (180, 215), (), (60, 180, 120, 70)),
            ("a corner with Shift, keeping the aspect ratio", (180, 250), (240, 260),
             (Keys.SHIFT,), (60, 180, 180, 105)),
            ("an edge with Alt, about the centre", (240, 232), (260, 232), (Keys.ALT,),
             (40, 180, 220, 105)),
            ("a corner (nw)", (40, 180), (30, 172), (), (30, 172, 230, 113))):
        step(f"resizing by {what}")
        idle(driver)
        count = one_more_version(driver, store, doc, count,
                                 lambda: drag_canvas(driver, start, end, keys))
        if store.box(doc, s) != expected:
            raise Failure(f"resizing by {what} gave {store.box(doc, s)}, not {expected}")


# The guide's colour (app.css, `.overlay .guide`), drawn crisp: whole pixels of it.
GUIDE_RED = (0xe1, 0x1d, 0x48)


def guide_pixels(driver, x):
    """How many pixels of the guide's red a screenshot shows in the 200 rows from the top of
    the stage, within 10 px either side of client x."""
    stage = driver.find_element(By.ID, "stage").rect
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {
        "x": round(x) - 10, "y": round(stage["y"]), "width": 20, "height": 200, "scale": 1}})
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(base64.b64decode(shot["data"]))
        file.flush()
        _, _, rows = read_png(file.name)
    return sum(1 for row in rows for at in range(0, len(row), 4)
               if all(abs(row[at + k] - GUIDE_RED[k]) <= 2 for k in range(3)))


def test_snapping(driver, store, base):
    doc, (t, m) = store.new("Snap", (50, 50, 100, 60, "teal"), (250, 170, 40, 30, "gold"))
    open_editor(driver, base, doc)
    click(driver, screen(driver, 270, 185))
    wait("selected", lambda: selection(driver) == [m], 5, 0.05)

    def guides():
        return driver.execute_script(
            "return [...document.querySelectorAll('#overlay .guide')]"
            ".map((g) => [g.getAttribute('x1'), g.getAttribute('x2')]);")

    def move(by, keys=(), guided=None, red=None):
        """Drags m by `by` (keys held); checks the guides while the pointer is down, and with
        `red`, how many pixels of the guide's colour the screen shows along x = 150."""
        r = store.rect(doc, m)
        start = (r["x"] + 20, r["y"] + 15)
        hold(driver, keys)
        press_and_move(driver, screen(driver, *start),
                       screen(driver, start[0] + by[0], start[1] + by[1]))
        shown = guides()
        seen = guide_pixels(driver, screen(driver, 150, 0)["x"]) if red else None
        release(driver)
        let_go(driver, keys)
        if red and not red(seen):
            raise Failure(f"{seen} pixels of the guide's red along x = 150 during the drag")
        if guided is not None and shown != guided:
            raise Failure(f"the guides during the drag are {shown}, not {guided}")
        idle(driver)

    step("a left edge dragged 3 px from another's right edge lands on it, with a guide seen")
    # From x 250 by -97: the left edge would be at 153; the other's right edge is at 150. The
    # guide is a line the height of the screen: in the 200 rows looked at, a column of red.
    move((-97, 50), guided=[["150", "150"]], red=lambda seen: seen >= 190)
    wait("snapped", lambda: store.box(doc, m) == (150, 220, 40, 30), 5, 0.1)

    step("with Ctrl held it does not snap, and no red shows")
    move((4, 0), keys=(Keys.CONTROL,), guided=[], red=lambda seen: seen == 0)
    wait("not snapped", lambda: store.box(doc, m) == (154, 220, 40, 30), 5, 0.1)

    step("N turns snapping off, and on again")
    ActionChains(driver).send_keys("n").perform()
    wait("the toggle off", lambda: driver.find_element(By.ID, "toggle-snap").get_attribute(
        "aria-pressed") == "false", 5, 0.05)
    move((-7, 0), guided=[])
    wait("not snapped", lambda: store.box(doc, m) == (147, 220, 40, 30), 5, 0.1)
    ActionChains(driver).send_keys("n").perform()
    wait("the toggle on", lambda: driver.find_element(By.ID, "toggle-snap").get_attribute(
        "aria-pressed") == "true", 5, 0.05)
    move((5, 0), guided=[["150", "150"]])
    wait("snapped again", lambda: store.box(doc, m) == (150, 220, 40, 30), 5, 0.1)

    step("the toolbar's toggle turns snapping off")
    driver.find_element(By.ID, "toggle-snap").click()
    wait("the toggle off", lambda: driver.find_element(By.ID, "toggle-snap").get_attribute(
        "aria-pressed") == "false", 5, 0.05)
    move((4, 0), guided=[])
    wait("not snapped", lambda: store.box(doc, m) == (154, 220, 40, 30), 5, 0.1)
    driver.find_element(By.ID, "toggle-snap").click()

    step("G shows the grid, and hides it")
    grid = "return document.getElementById('canvas').classList.contains('grid') " \
           "&& getComputedStyle(document.getElementById('canvas')).backgroundImage;"
    if driver.execute_script(grid):
        raise Failure("the grid shows before G")
    ActionChains(driver).send_keys("g").perform()
    shown = wait("the grid", lambda: driver.execute_script(grid), 5, 0.05)
    if "gradient" not in shown:
        raise Failure(f"the grid draws nothing: {shown!r}")
    ActionChains(driver).send_keys("g").perform()
    wait("the grid hidden", lambda: not driver.execute_script(grid), 5, 0.05)


def test_pasteboard(driver, store, base):
    doc, (o,) = store.new("Pasteboard", (20, 20, 40, 30, "tomato"))
    open_editor(driver, base, doc)

    step("a rectangle dragged off the canvas stays visible and selectable on the pasteboard")
    click(driver, screen(driver, 40, 35))
    wait("selected", lambda: selection(driver) == [o], 5, 0.05)
    drag_canvas(driver, (40, 35), (-80, 35))
    wait("moved off the canvas", lambda: store.box(doc, o) == (-100, 20, 40, 30), 5, 0.1)
    idle(driver)
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait("none selected", lambda: selection(driver) == [], 5, 0.05)
    # The wheel pans the view first: the click goes where the page now draws the rectangle.
    before = screen(driver, -80, 35)
    ActionChains(driver).scroll_from_origin(
        ScrollOrigin.from_element(driver.find_element(By.ID, "stage")), 30, 40).perform()
    centre = wait("the pan", lambda: (lambda p: p if p != before else None)(
        screen(driver, -80, 35)), 5, 0.05)
    stage = driver.find_element(By.ID, "stage").rect
    if not (stage["x"] < centre["x"] < stage["x"] + stage["width"]):
        raise Failure(f"the pasteboard point {centre} is outside the stage {stage}")
    shown = drawn_at(driver, centre)
    if shown != o:
        raise Failure(f"the rectangle off the canvas is not drawn there: {shown!r}")
    click(driver, centre)
    wait("selected on the pasteboard", lambda: selection(driver) == [o], 5, 0.05)
    if store.box(doc, o) != (-100, 20, 40, 30):
        raise Failure(f"selecting it changed the file: {store.box(doc, o)}")


def test_cursors(driver, store, base):
    doc, (r,) = store.new("Cursors", (100, 100, 80, 60, "teal"))
    open_editor(driver, base, doc)

    def cursor_at(point):
        return driver.execute_script(
            "const e = document.elementFromPoint(arguments[0], arguments[1]);"
            "return [getComputedStyle(e).cursor,"
            "        getComputedStyle(document.getElementById('stage')).cursor];",
            point["x"], point["y"])

    step("over a rectangle the stage shows move")
    hover(driver, screen(driver, 140, 130))
    wait("move", lambda: cursor_at(screen(driver, 140, 130))[1] == "move", 5, 0.05)
    hover(driver, screen(driver, 300, 250))
    wait("no move over empty canvas", lambda: cursor_at(screen(driver, 300, 250))[1] != "move",
         5, 0.05)

    step("over a handle, a resize cursor")
    click(driver, screen(driver, 140, 130))
    wait("selected", lambda: selection(driver) == [r], 5, 0.05)
    for x, y, wanted in ((180, 160, "nwse-resize"), (100, 100, "nwse-resize"),
                         (180, 100, "nesw-resize"), (180, 130, "ew-resize"),
                         (140, 160, "ns-resize")):
        hover(driver, screen(driver, x, y))
        got = cursor_at(screen(driver, x, y))[0]
        if got != wanted:
            raise Failure(f"the cursor over the handle at ({x}, {y}) is {got}, not {wanted}")


def test_expected_edits(driver, store, base, server):
    doc, (w,) = store.new("Expect", (100, 100, 80, 60, "teal", 5))
    open_editor(driver, base, doc)
    first = driver.current_window_handle

    step("two pages edit two fields of one rectangle: both apply")
    driver.switch_to.new_window("window")
    second = driver.current_window_handle
    open_editor(driver, base, doc)
    for window in (first, second):
        driver.switch_to.window(window)
        click(driver, screen(driver, 140, 130))
        wait("selected", lambda: selection(driver) == [w], 5, 0.05)
    # Both fields get their text before either is sent: each page still shows the rectangle
    # as it was when the other's edit arrives.
    for window, field, text in ((first, "field-x", "130"), (second, "field-color", "#00ff00")):
        driver.switch_to.window(window)
        box = driver.find_element(By.ID, field)
        box.click()
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(text)
    driver.switch_to.window(first)
    driver.find_element(By.ID, "field-x").send_keys(Keys.ENTER)
    driver.switch_to.window(second)
    driver.find_element(By.ID, "field-color").send_keys(Keys.ENTER)
    wait("both fields in the file", lambda: (lambda r: (r["x"], r["color"]))(
        store.rect(doc, w)) == (130, "#00ff00"), 5, 0.1)
    for window in (second, first):
        driver.switch_to.window(window)
        wait("each page shows both", lambda: shows_as_file(driver, store, doc, w), 5, 0.05)
        refused = [n for n in notices(driver) if "not made" in n or "Someone else" in n]
        if refused:
            raise Failure(f"a page says an edit was refused: {refused}")
    driver.switch_to.window(second)
    driver.close()
    driver.switch_to.window(first)

    step("two quick clicks of alpha + give +2")
    idle(driver)
    alpha = store.rect(doc, w)["alpha"]
    plus = driver.find_element(By.ID, "alpha-up")
    ActionChains(driver).click(plus).click(plus).perform()
    wait("alpha + 2", lambda: store.rect(doc, w)["alpha"] == alpha + 2, 5, 0.1)
    idle(driver)
    if store.rect(doc, w)["alpha"] != alpha + 2:
        raise Failure(f"two clicks of + from {alpha} gave {store.rect(doc, w)['alpha']}")

    step("a refused width is put back, said plainly, fades, and moves nothing")
    def stage_box():
        return driver.execute_script(
            "const b = document.getElementById('stage').getBoundingClientRect();"
            "return [b.left, b.top, b.width, b.height];")
    before_box = stage_box()
    before = store.rectangles(doc)
    count = len(store.versions(doc))
    seen = len(notices(driver))
    type_into(driver, "field-width", "0")
    said = wait("the message", lambda: notices(driver)[seen:], 5, 0.05)
    during = stage_box()
    wait("the rectangle as the file has it", lambda: shows_as_file(driver, store, doc, w), 5,
         0.05)
    if driver.find_element(By.ID, "field-width").get_attribute("value") != "80":
        raise Failure("the width field still shows the refused value")
    if store.rectangles(doc) != before or len(store.versions(doc)) != count:
        raise Failure("a refused width changed the file")
    if "width" not in said[0] or not said[0].endswith(".") \
            or any(word in said[0] for word in ("version", "step", "{")):
        raise Failure(f"the message is not a plain sentence about the width: {said}")
    wait("the message fades", lambda: not driver.find_elements(By.CSS_SELECTOR, ".notice"), 10,
         0.1)
    if not (before_box == during == stage_box()):
        raise Failure(f"the stage moved: {before_box}, {during}, {stage_box()}")

    step("the server stops: the page says so once and refuses edits visibly")
    port = base.rstrip("/").rsplit(":", 1)[1]
    seen = len(notices(driver))
    server.stop()
    wait("the page says the server is gone", lambda: [
        n for n in notices(driver)[seen:] if "cannot be reached" in n], 10, 0.1)
    lost = driver.execute_script("return drawdocEditor.lostStreams()")
    wait("two more tries to reconnect", lambda: driver.execute_script(
        "return drawdocEditor.lostStreams()") >= lost + 2, 15, 0.1)
    said = [n for n in notices(driver)[seen:] if "cannot be reached" in n]
    if len(said) != 1:
        raise Failure(f"the page said it {len(said)} times: {said}")
    before = store.rectangles(doc)
    seen = len(notices(driver))
    type_into(driver, "field-x", "150")
    wait("the edit refused", lambda: notices(driver)[seen:], 5, 0.05)
    wait("the field as the file has it", lambda: driver.find_element(
        By.ID, "field-x").get_attribute("value") == "130", 5, 0.05)
    wait("the rectangle as the file has it", lambda: shows_as_file(driver, store, doc, w), 5,
         0.05)
    drag_canvas(driver, (140, 130), (180, 130))
    # The same sentence is not shown twice at once: the one still showing says it.
    wait("the move refused", lambda: [n for n in driver.find_elements(By.CSS_SELECTOR, ".notice")
                                      if "cannot be reached" in n.text], 5, 0.05)
    wait("the rectangle back where the file has it",
         lambda: shows_as_file(driver, store, doc, w), 5, 0.05)
    if store.rectangles(doc) != before:
        raise Failure("an edit while the server was stopped changed the file")

    step("the server starts again on its port: the page reconnects and edits work")
    server.start(port)
    started = time.time()
    wait("the page reconnects", lambda: not driver.execute_script(
        "return document.getElementById('status').textContent").startswith(
        ("offline", "reconnecting")), 15, 0.2)
    print(f"    reconnected after {time.time() - started:.1f} s", flush=True)
    type_into(driver, "field-x", "150")
    wait("the edit after the restart", lambda: store.rect(doc, w)["x"] == 150, 5, 0.1)
