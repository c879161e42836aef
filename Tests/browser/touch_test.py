"""Fingers and a pen on the editor's canvas in headless Chromium, with input sent by the
Chrome DevTools Protocol as a touch screen and a pen tablet send it (Input.dispatchTouchEvent,
Input.dispatchMouseEvent with pointerType "pen"): the page's rule for who does what.

- Before any pen, a finger uses the tool: with the rectangle tool its drag draws one.
- A pen draws with the rectangle tool and moves a rectangle with the select tool.
- Once a pen has touched the page, a finger's drag moves the view instead, with either tool,
  and changes nothing in the drawing; its tap selects; two fingers still pinch to zoom.
- A page opened again has seen no pen: a finger draws again.
- A second finger landing during a finger's move turns it into a pinch: the move is dropped,
  and the rectangle shows where it is, not hidden.
- On a phone (390 × 844, touch only, with Selenium's touch actions), a finger's drag on a
  rectangle beside the selected one moves that rectangle, even within 22 px of a handle of the
  selection, and one from well inside the selection (30 % in) moves it: a handle's zone for a
  finger never takes a point inside another rectangle, nor the middle of the selection.
- Chromium reads the web app manifest the page links without an error, and finds the app
  installable (Page.getAppManifest, Page.getInstallabilityErrors).

Every change is checked with `drawdoc open --json` and `drawdoc history --json`; the view
through `drawdocEditor.toScreen` and `zoom`. Each step of the pen and the fingers is a
test; they run in order on one drawing, each from where the one before left it.

Run: python3 -m pytest Tests/browser/touch_test.py [-k NAME] [--drawdoc PATH]
"""
import sys
from types import SimpleNamespace

try:
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("touch_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, Store, idle, node, one_more_version, open_editor, pointer_drag, screen, selection)

RED = (40, 40, 100, 80)


def step(name):
    print(f"  {name}", flush=True)


class Hands:
    """A finger and a pen on the page, at canvas points."""

    def __init__(self, driver):
        self.driver = driver

    def cdp(self, command, **parameters):
        self.driver.execute_cdp_cmd(command, parameters)

    def path(self, start, end, steps=6):
        """Client points from canvas point `start` to `end`, whole pixels (the view's are)."""
        a, b = screen(self.driver, *start), screen(self.driver, *end)
        return [(round(a["x"] + (b["x"] - a["x"]) * done / max(steps, 1)),
                 round(a["y"] + (b["y"] - a["y"]) * done / max(steps, 1)))
                for done in range(steps + 1)]

    def fingers(self, *tracks):
        """Fingers moving together along client-point tracks of equal length, then lifted."""
        def points(at):
            return [{"x": track[at][0], "y": track[at][1], "id": finger}
                    for finger, track in enumerate(tracks)]
        self.cdp("Input.dispatchTouchEvent", type="touchStart", touchPoints=points(0))
        for at in range(1, len(tracks[0])):
            self.cdp("Input.dispatchTouchEvent", type="touchMove", touchPoints=points(at))
        self.cdp("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def finger(self, start, end):
        self.fingers(self.path(start, end))

    def tap(self, x, y):
        self.fingers(self.path((x, y), (x, y), steps=0))

    def pen(self, start, end):
        """A pen pressed at canvas point `start`, moved to `end`, lifted."""
        track = self.path(start, end)
        common = {"pointerType": "pen", "force": 0.5}
        self.cdp("Input.dispatchMouseEvent", type="mouseMoved", x=track[0][0], y=track[0][1],
                 **common)
        self.cdp("Input.dispatchMouseEvent", type="mousePressed", x=track[0][0], y=track[0][1],
                 button="left", buttons=1, clickCount=1, **common)
        for x, y in track[1:]:
            self.cdp("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left",
                     buttons=1, **common)
        self.cdp("Input.dispatchMouseEvent", type="mouseReleased", x=track[-1][0],
                 y=track[-1][1], button="left", buttons=0, clickCount=1, **common)


def pick(driver, tool):
    driver.find_element(By.CSS_SELECTOR, f'button[data-tool="{tool}"]').click()
    wait(f"the {tool} tool", lambda: driver.execute_script(EDITOR + "tool()") == tool, 5, 0.05)


def boxes(store, doc):
    return sorted((r["x"], r["y"], r["width"], r["height"]) for r in store.rectangles(doc))


def drawn(store, doc, before, wanted):
    """Waits for the store to hold the rectangles `before` and one more, `wanted`."""
    expected = sorted(before + [wanted])
    wait(f"a rectangle at {wanted}", lambda: boxes(store, doc) == expected, 10, 0.1)


def unchanged(driver, store, doc, before, versions, what):
    """The page has sent nothing, and the store is as it was."""
    idle(driver)
    if boxes(store, doc) != before or len(store.versions(doc)) != versions:
        raise Failure(f"{what} changed the drawing: {boxes(store, doc)}, "
                      f"{len(store.versions(doc)) - versions} versions more")


def origin(driver):
    return screen(driver, 0, 0)


def panned_by(driver, before, dx, dy):
    """Waits for the canvas's corner to be (dx, dy) away from `before` on the screen."""
    def moved():
        now = origin(driver)
        return round(now["x"] - before["x"]) == dx and round(now["y"] - before["y"]) == dy
    wait(f"the view moved by ({dx}, {dy})", moved, 5, 0.05)


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_manifest_installable(driver, store, base, kept):
    """Chromium reads the editor's web app manifest without an error and can install it."""
    doc, (red,) = store.new("Pen and fingers", (*RED, "#dc2626"))
    kept.doc = doc
    kept.red = red
    open_editor(driver, base, doc)
    hands = Hands(driver)
    kept.hands = hands

    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    if not manifest["url"].endswith("/assets/manifest.webmanifest") or manifest["errors"]:
        raise Failure(f"the manifest at {manifest['url']!r}: {manifest['errors']}")
    if manifest["manifest"]["name"] != "drawdoc" or len(manifest["manifest"]["icons"]) != 4:
        raise Failure(f"Chromium read {manifest['manifest']}")
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    if errors:
        raise Failure(f"Chromium would not install the app: {errors}")


def test_finger_draws_before_a_pen(driver, store, kept):
    """No pen yet: a finger's drag with the rectangle tool draws (250, 15, 60, 40)."""
    doc, hands = kept.doc, kept.hands
    pick(driver, "rectangle")
    hands.finger((250, 15), (310, 55))
    drawn(store, doc, [RED], (250, 15, 60, 40))
    idle(driver)


def test_pen_draws(driver, store, kept):
    """A pen's drag with the rectangle tool draws (20, 200, 80, 60)."""
    doc, hands = kept.doc, kept.hands
    # Each drawing takes the tool back to Select: it is picked again.
    pick(driver, "rectangle")
    hands.pen((20, 200), (100, 260))
    drawn(store, doc, [RED, (250, 15, 60, 40)], (20, 200, 80, 60))
    idle(driver)
    before = boxes(store, doc)
    kept.before = before
    versions = len(store.versions(doc))
    kept.versions = versions


def test_finger_pans_after_a_pen(driver, store, kept):
    """After the pen, a finger's drag with the rectangle tool moves the view by (40, 30)."""
    before, doc, hands, versions = kept.before, kept.doc, kept.hands, kept.versions
    pick(driver, "rectangle")
    corner = origin(driver)
    hands.finger((250, 150), (290, 180))
    panned_by(driver, corner, 40, 30)
    unchanged(driver, store, doc, before, versions, "a finger's drag after a pen")


def test_finger_drag_on_a_rectangle_pans(driver, store, kept):
    """With the select tool, a finger's drag on the red rectangle moves the view, not it."""
    before, doc, hands, red, versions = kept.before, kept.doc, kept.hands, kept.red, kept.versions
    pick(driver, "select")
    chosen = selection(driver)
    corner = origin(driver)
    hands.finger((90, 80), (60, 60))
    panned_by(driver, corner, -30, -20)
    unchanged(driver, store, doc, before, versions, "a finger's drag on a rectangle")
    if selection(driver) != chosen or red in chosen:
        raise Failure(f"a finger's drag changed the selection from {chosen} to {selection(driver)}")


def test_finger_tap_selects(driver, kept):
    """A finger's tap on the red rectangle selects it."""
    hands, red = kept.hands, kept.red
    hands.tap(90, 80)
    wait("the red rectangle selected", lambda: selection(driver) == [red], 5, 0.05)


def test_pen_drag_moves(driver, store, kept):
    """A pen's drag moves the red rectangle by (20, 30)."""
    doc, hands, red = kept.doc, kept.hands, kept.red
    hands.pen((90, 80), (110, 110))
    wait("the red rectangle at (60, 70)", lambda: store.box(doc, red) == (60, 70, 100, 80),
         10, 0.1)
    idle(driver)
    before = boxes(store, doc)
    kept.before = before
    versions = len(store.versions(doc))
    kept.versions = versions


def test_two_fingers_still_zoom(driver, store, kept):
    """Two fingers spread apart still zoom in."""
    before, doc, hands, versions = kept.before, kept.doc, kept.hands, kept.versions
    zoom = driver.execute_script(EDITOR + "zoom()")
    middle = screen(driver, 200, 150)
    hands.fingers(*[[(middle["x"] + side * spread, middle["y"]) for spread in range(20, 101, 10)]
                    for side in (-1, 1)])
    wait("a larger zoom", lambda: driver.execute_script(EDITOR + "zoom()") > zoom * 2, 5, 0.05)
    unchanged(driver, store, doc, before, versions, "a pinch after a pen")


def test_page_opened_again_finger_draws(driver, store, base, kept):
    """The page opened again has seen no pen: a finger draws again."""
    before, doc, hands = kept.before, kept.doc, kept.hands
    open_editor(driver, base, doc)
    pick(driver, "rectangle")
    hands.finger((300, 200), (360, 250))
    drawn(store, doc, before, (300, 200, 60, 50))


def test_second_finger_makes_a_pinch(driver, store, kept):
    """A second finger landing during a finger's move makes a pinch: the move is dropped."""
    doc, hands, red = kept.doc, kept.hands, kept.red
    idle(driver)
    pick(driver, "select")
    before, versions = boxes(store, doc), len(store.versions(doc))
    zoom = driver.execute_script(EDITOR + "zoom()")
    first = screen(driver, 90, 100)
    second = screen(driver, 200, 100)
    track = [(first["x"] + 8 * at, first["y"]) for at in range(4)]
    for x, y in track:  # the first finger alone: a move of the red rectangle, under way
        hands.cdp("Input.dispatchTouchEvent", type="touchMove" if x != track[0][0] else
                  "touchStart", touchPoints=[{"x": x, "y": y, "id": 0}])
    for spread in range(0, 41, 10):  # the second lands, and they spread apart
        hands.cdp("Input.dispatchTouchEvent", type="touchMove" if spread else "touchStart",
                  touchPoints=[{"x": track[-1][0] - spread, "y": track[-1][1], "id": 0},
                               {"x": second["x"] + spread, "y": second["y"], "id": 1}])
    hands.cdp("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    wait("a larger zoom", lambda: driver.execute_script(EDITOR + "zoom()") > zoom, 5, 0.05)
    unchanged(driver, store, doc, before, versions, "a move turned into a pinch")
    if node(driver, red)[:2] != [str(v) for v in store.box(doc, red)[:2]] or driver.execute_script(
            "return document.querySelector(`#drawing rect[data-id='${arguments[0]}']`)"
            ".getAttribute('visibility')", red):
        raise Failure(f"the red rectangle shows as {node(driver, red)}, hidden or moved")


def test_phone(session):
    """A phone, 390 × 844 and touch only, at the zoom a 1,200 × 900 drawing opens at (about
    0.28): a finger near a handle of the selection, but on another rectangle or well inside the
    selection, moves what it is on, and resizes nothing; outside it, on nothing else, it takes
    the handle."""
    driver = session.driver
    store = Store(session.drawdoc, session.env)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                                  "maxTouchPoints": 5})
    # A is selected; B lies 10 units right of it, 3 screen pixels at this zoom.
    a_box, b_box = (100, 100, 260, 200), (370, 100, 200, 200)
    doc, (a, b) = store.new("Phone", (*a_box, "#0d9488"), (*b_box, "#ca8a04"), size=(1200, 900))
    open_editor(driver, session.server.base, doc)
    if driver.execute_script("return matchMedia('(pointer: coarse)').matches") is not True:
        raise Failure("the emulated phone's pointer is not coarse")
    # Snapping off (its toggle, tapped): the moves below land where the finger takes them.
    driver.find_element(By.ID, "toggle-snap").click()
    wait("snapping off", lambda: driver.find_element(By.ID, "toggle-snap").get_attribute(
        "aria-pressed") == "false", 5, 0.05)
    zoom = driver.execute_script(EDITOR + "zoom()")

    def select_a():
        pointer_drag(driver, (230, 200), (0, 0), kind=interaction.POINTER_TOUCH)
        wait("A selected", lambda: selection(driver) == [a], 5, 0.05)

    def near_handle(point, handle):
        """Checks that a canvas point lies within 22 screen pixels (a finger's reach) of a
        handle of A: where a finger took that handle before this rule."""
        x, y, width, height = store.box(doc, a)
        hx = x + width if "e" in handle else x if "w" in handle else x + width / 2
        hy = y + height if "s" in handle else y if "n" in handle else y + height / 2
        if max(abs(point[0] - hx), abs(point[1] - hy)) * zoom > 22:
            raise Failure(f"{point} is not within 22 px of A's {handle} handle at zoom {zoom}")

    def moved(box, by):
        return (box[0] + round(by[0] / zoom), box[1] + round(by[1] / zoom), *box[2:])

    step(f"a phone at zoom {zoom:.3f}: a finger's drag on B, 10 units right of the selected "
         "A's e handle, moves B and leaves A alone")
    select_a()
    start, by = (380, 200), (40, 30)
    near_handle(start, "e")
    versions = len(store.versions(doc))
    one_more_version(driver, store, doc, versions, lambda: pointer_drag(
        driver, start, by, kind=interaction.POINTER_TOUCH))
    if store.box(doc, a) != a_box:
        raise Failure(f"a finger's drag on B changed A to {store.box(doc, a)}")
    if store.box(doc, b) != moved(b_box, by):
        raise Failure(f"B is {store.box(doc, b)}, not {moved(b_box, by)}")
    if selection(driver) != [b]:
        raise Failure(f"the selection is {selection(driver)}, not B")

    step("a finger's drag from 30 % inside the selected A's top edge moves it, not resizes it")
    select_a()
    start, by = (230, 160), (-30, 40)
    near_handle(start, "n")
    versions = len(store.versions(doc))
    one_more_version(driver, store, doc, versions, lambda: pointer_drag(
        driver, start, by, kind=interaction.POINTER_TOUCH))
    if store.box(doc, a) != moved(a_box, by):
        raise Failure(f"A is {store.box(doc, a)}, not {moved(a_box, by)}: resized, not moved")

    step("a finger 10 px outside A's w edge, on nothing else, still takes its handle")
    x, y, width, height = store.box(doc, a)
    versions = len(store.versions(doc))
    one_more_version(driver, store, doc, versions, lambda: pointer_drag(
        driver, (x, y + height / 2), (-16, 0), grab=(-10, 0), kind=interaction.POINTER_TOUCH))
    dx = round(-16 / zoom)
    if store.box(doc, a) != (x + dx, y, width - dx, height):
        raise Failure(f"A is {store.box(doc, a)}, not {(x + dx, y, width - dx, height)}")
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
