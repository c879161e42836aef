"""The editor's core flows in WebKit, the engine of Safari (WebKitGTK's MiniBrowser driven by
WebKitWebDriver, webkit_driver.py): open a drawing, select with a tap, draw a rectangle with
the rectangle tool and a drag, move one by dragging it, undo, copy and paste with the keys;
then the same with a pen (an Apple Pencil's pointer type): it draws, selects and moves.

Every action is real WebDriver input; the fingers are a `touch` pointer, which WebKitGTK
delivers as a mouse (see webkit_driver.py), the pen a `pen` pointer, whose events are of type
`pen`, checked. Every result is read back through the API (with the page's own credential)
and, when this test started the server, from the store by the command line; each check waits
for its condition. Each step is a test; they run in order on one drawing, each from where the
one before left it.

Run against a server of its own (`drawdoc serve` on a new store, loopback), or with
`--base-url URL` against one already running, whose credential the browser gets by opening
`URL?token=TOKEN` (`--token`); `--ca-file PEM` makes WebKit trust that authority through its
certificate store, for a server whose certificate it issued. Marked `webkit` (pytest's
`-m "not webkit"` leaves it out where WebKitGTK is not installed).

Run: python3 -m pytest Tests/browser/webkit_test.py [--drawdoc PATH | --base-url URL --token T]
"""
import json
from types import SimpleNamespace

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from served_app import Failure, wait
from webkit_driver import WebKit

pytestmark = pytest.mark.webkit

# The pointers of the flows: a finger (which WebKitGTK delivers as a mouse) and a pen.
TOUCH, PEN = interaction.POINTER_TOUCH, interaction.POINTER_PEN

A = {"id": "red-aaa-001", "x": 40, "y": 40, "width": 100, "height": 80, "color": "#dc2626",
     "alpha": 10}
B = {"id": "blu-aaa-002", "x": 220, "y": 150, "width": 120, "height": 100, "color": "#2563eb",
     "alpha": 10}

# The page's own API function, with the credential the page holds, from a script of the test.
API = """
const done = arguments[arguments.length - 1];
import("/assets/common.js").then((m) => m.api(arguments[0], arguments[1], arguments[2] ?? undefined))
  .then(done, (error) => done({ ok: false, status: -1, data: { error: String(error) } }));
"""
# Records the pointer type of every pointerdown on the stage.
RECORD_POINTERS = """
window.pointersSeen = [];
document.getElementById("stage").addEventListener("pointerdown",
  (event) => window.pointersSeen.push(event.pointerType), { capture: true });
"""


class Flows:
    def __init__(self, driver, base, store=None):
        self.driver = driver
        self.base = base
        self.store = store

    def api(self, method, path, body=None):
        result = self.driver.execute_async_script(API, method, path, body)
        if not result["ok"]:
            raise Failure(f"{method} {path}: {result['status']} {result['data']}")
        return result["data"]

    def rectangles(self, doc):
        """The drawing's rectangles as the API gives them, and as the store has them."""
        api = self.api("GET", f"/api/drawings/{doc}")["drawing"]["rectangles"]
        if self.store:
            stored = json.loads(self.store.run("open", doc, "--json"))["rectangles"]
            if [box(r) for r in stored] != [box(r) for r in api]:
                raise Failure(f"the API says {api}, the store {stored}")
        return api

    def until(self, what, doc, condition):
        """Waits for the page to have sent every edit and `condition(rectangles)`."""
        def settled():
            if self.driver.execute_script("return drawdocEditor.busy()"):
                return None
            rectangles = self.rectangles(doc)
            return rectangles if condition(rectangles) else None
        return wait(what, settled, 10, 0.1)

    def screen(self, x, y):
        return self.driver.execute_script("return drawdocEditor.toScreen(arguments[0], arguments[1])",
                                          x, y)

    def pointer(self, kind):
        return ActionBuilder(self.driver, mouse=PointerInput(kind, f"{kind}-1"))

    def tap(self, kind, x, y):
        """A tap (press and lift) at canvas point (x, y)."""
        at = self.screen(x, y)
        actions = self.pointer(kind)
        actions.pointer_action.move_to_location(round(at["x"]), round(at["y"]))
        actions.pointer_action.pointer_down().pointer_up()
        actions.perform()

    def drag(self, kind, start, end, steps=6):
        """A press at canvas point `start`, moved in steps to `end`, lifted there."""
        a, b = self.screen(*start), self.screen(*end)
        actions = self.pointer(kind)
        actions.pointer_action.move_to_location(round(a["x"]), round(a["y"]))
        actions.pointer_action.pointer_down()
        for done in range(1, steps + 1):
            actions.pointer_action.move_to_location(round(a["x"] + (b["x"] - a["x"]) * done / steps),
                                                    round(a["y"] + (b["y"] - a["y"]) * done / steps))
        actions.pointer_action.pointer_up()
        actions.perform()

    def press(self, kind, selector):
        """A tap on a control of the page."""
        actions = self.pointer(kind)
        actions.pointer_action.move_to(self.driver.find_element(By.CSS_SELECTOR, selector))
        actions.pointer_action.pointer_down().pointer_up()
        actions.perform()

    def chord(self, key):
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def selection(self):
        return sorted(self.driver.execute_script("return drawdocEditor.selection()"))


def box(r):
    return (r["x"], r["y"], r["width"], r["height"])


def with_box(rectangles, wanted):
    return next((r for r in rectangles if box(r) == wanted), None)


@pytest.fixture(scope="module")
def target(request):
    """(base address ending in `/`, token, store): the server of --base-url (and --token), or
    conftest.py's `drawdoc serve` on a new store, then also read by the command line."""
    options = request.config.option
    if options.base_url:
        base = options.base_url if options.base_url.endswith("/") else options.base_url + "/"
        return base, options.token, None
    server = request.getfixturevalue("server")
    return server.base, server.token, request.getfixturevalue("store")


@pytest.fixture(scope="module")
def webkit(request, target):
    """WebKit (webkit_driver.py, trusting --ca-file) that has opened the drawings page."""
    base, token, _ = target
    browser = WebKit(ca_file=request.config.option.ca_file)
    try:
        print(f"The editor in WebKit ({browser.driver.capabilities['browserVersion']}), "
              f"{base}:", flush=True)
        browser.driver.get(f"{base}?token={token}" if token else base)
        wait("the drawings page", lambda: browser.driver.execute_script(
            "return document.body.dataset.ready === 'true'"), 15, 0.05)
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def flows(webkit, target):
    """The flows' actions and reads, in WebKit holding a credential for the target."""
    base, _, store = target
    return Flows(webkit.driver, base, store)


@pytest.fixture(scope="module")
def driver(webkit):
    """WebKit's WebDriver (in this file, not conftest.py's Chromium)."""
    return webkit.driver


@pytest.fixture(scope="module")
def base(target):
    return target[0]


@pytest.fixture(autouse=True)
def told(request, webkit):
    """A failed test's report gets what WebKit showed (a screenshot's path) and its log."""
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        webkit.tell_what_it_shows(f"{request.node.name}-failure.png")


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_drawing_opens_in_the_editor(driver, base, flows, kept):
    """A drawing made through the API opens in the editor."""
    doc = flows.api("POST", "/api/drawings", {"title": "In WebKit", "width": 400, "height": 300})["id"]
    kept.doc = doc
    flows.api("POST", f"/api/drawings/{doc}/edits", {"edits": [{"add": A}, {"add": B}]})
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 15, 0.05)
    driver.execute_script(RECORD_POINTERS)
    shown = driver.execute_script("return drawdocEditor.drawing.rectangles.map((r) => r.id)")
    if shown != [A["id"], B["id"]]:
        raise Failure(f"the editor shows {shown}, not the two rectangles made")


def test_finger_tap_selects(flows):
    """A finger's tap on the red rectangle selects it."""
    flows.tap(TOUCH, 90, 80)
    wait("the red rectangle selected", lambda: flows.selection() == [A["id"]], 5, 0.05)


def test_rectangle_tool_finger_drag_draws(driver, flows, kept):
    """The rectangle tool and a finger's drag from (250, 15) to (310, 55) draw one."""
    doc = kept.doc
    flows.press(TOUCH, 'button[data-tool="rectangle"]')
    wait("the rectangle tool", lambda: driver.execute_script("return drawdocEditor.tool()") == "rectangle", 5, 0.05)
    flows.drag(TOUCH, (250, 15), (310, 55))
    drawn = with_box(flows.until("a rectangle at (250, 15, 60, 40)", doc,
                                 lambda rs: len(rs) == 3 and with_box(rs, (250, 15, 60, 40))),
                     (250, 15, 60, 40))
    wait("the drawn rectangle selected", lambda: flows.selection() == [drawn["id"]], 5, 0.05)


def test_finger_drag_moves(flows, kept):
    """The select tool and a finger's drag move the red rectangle by (30, 30)."""
    doc = kept.doc
    flows.press(TOUCH, 'button[data-tool="select"]')
    flows.drag(TOUCH, (90, 80), (120, 110))
    flows.until("the red rectangle at (70, 70)", doc,
                lambda rs: box(next(r for r in rs if r["id"] == A["id"])) == (70, 70, 100, 80))


def test_undo_puts_it_back(flows, kept):
    """Undo puts it back at (40, 40)."""
    doc = kept.doc
    flows.press(TOUCH, "#undo")
    flows.until("the red rectangle back at (40, 40)", doc,
                lambda rs: box(next(r for r in rs if r["id"] == A["id"])) == box(A))


def test_copy_and_paste_keys(flows, kept):
    """Ctrl+C, Ctrl+V: a copy of the red rectangle, 10 units aside, selected."""
    doc = kept.doc
    flows.tap(TOUCH, 90, 80)
    wait("the red rectangle selected", lambda: flows.selection() == [A["id"]], 5, 0.05)
    flows.chord("c")
    flows.chord("v")
    rectangles = flows.until("a pasted copy at (50, 50)", doc,
                             lambda rs: len(rs) == 4 and with_box(rs, (50, 50, 100, 80)))
    copy = with_box(rectangles, (50, 50, 100, 80))
    if copy["id"] == A["id"] or copy["color"] != A["color"]:
        raise Failure(f"the paste made {copy}, not a new copy of {A}")
    wait("the copy selected", lambda: flows.selection() == [copy["id"]], 5, 0.05)


def test_pen_draws(flows, kept):
    """A pen draws with the rectangle tool, from (20, 200) to (100, 260)."""
    doc = kept.doc
    flows.press(PEN, 'button[data-tool="rectangle"]')
    flows.drag(PEN, (20, 200), (100, 260))
    flows.until("a rectangle at (20, 200, 80, 60)", doc,
                lambda rs: len(rs) == 5 and with_box(rs, (20, 200, 80, 60)))


def test_pen_taps_and_drags(driver, flows, kept):
    """A pen's tap selects the blue rectangle, its drag moves it by (-30, 40)."""
    doc = kept.doc
    flows.press(PEN, 'button[data-tool="select"]')
    flows.tap(PEN, 280, 200)
    wait("the blue rectangle selected", lambda: flows.selection() == [B["id"]], 5, 0.05)
    flows.drag(PEN, (280, 200), (250, 240))
    flows.until("the blue rectangle at (190, 190)", doc,
                lambda rs: box(next(r for r in rs if r["id"] == B["id"])) == (190, 190, 120, 100))
    kinds = driver.execute_script("return window.pointersSeen")
    if "pen" not in kinds:
        raise Failure(f"WebKit sent no pointer events of type pen: {kinds}")
    print(f"    pointer types WebKit sent: {sorted(set(kinds))}")
