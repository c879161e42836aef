"""The drawing app in a real browser: `drawdoc serve` driven through headless Chromium with
Selenium, checked against the command line after every step.

    python3 -m pytest Tests/browser/app_test.py [-k NAME] [--drawdoc PATH] [--screenshots DIR]

Needs Debian's `chromium` and `chromium-driver` and the `selenium` package (.ci/setup
installs them). Every step is a test, and waits for the store to show the change (`drawdoc
open --json`), up to a few seconds, and fails with what it saw. The steps run in order on one
drawing, each from where the one before left the page (the first makes the drawing): one that
fails does not stop the others, but a test selected with `-k` needs the ones before it.
`--screenshots DIR` saves the pictures of the pages that the README and docs/serve.md show.

The editor's scripts are ES modules, so their names are not the page's: what the test reads of
the editor (the drawing and version it shows, its id) comes through `window.drawdocEditor`, the
hook for tests that `editor.js` sets.
"""
import json
import os
import re
import signal
import subprocess
import sys
import time
from xml.etree import ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("app_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, start_server, wait  # noqa: E402
from app_actions import add_one, compare_pictures, steady_point, topmost_at  # noqa: E402

RECT_ATTRIBUTES = ["data-id", "x", "y", "width", "height", "fill", "fill-opacity"]


class App:
    """A store, `drawdoc serve` on it, and a headless Chromium (`driver`)."""

    def __init__(self, drawdoc, folder, driver):
        self.drawdoc = drawdoc
        self.env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
        self.folder = folder
        self.server, self.base, self.token = start_server(drawdoc, self.env)
        self.address = f"{self.base}?token={self.token}"
        self.driver = driver

    def close(self):
        self.server.send_signal(signal.SIGINT)
        try:
            self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.server.kill()
            raise Failure("drawdoc serve did not stop on Ctrl-C within 10 s")

    # The command line, the independent view of the store.

    def run(self, *arguments, check=True):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=60)
        if check and result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
        return result

    def drawing(self, doc):
        return json.loads(self.run("open", doc, "--json").stdout)

    def rect(self, doc, rid):
        return next((r for r in self.drawing(doc)["rectangles"] if r["id"] == rid), None)

    # The page.

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def finds(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def type_into(self, selector, text):
        """Replaces a field's text as a person does (select all, type), then Enter."""
        field = self.find(selector)
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text, Keys.ENTER)

    def wait_ready(self):
        """Waits for the page's script to have read the store."""
        self.wait("the page's script", lambda: self.finds("body[data-ready]"))

    def click(self, selector):
        """Clicks what the selector finds, again if the page redrew it meanwhile."""
        def attempt():
            try:
                self.find(selector).click()
                return True
            except StaleElementReferenceException:
                return False
        self.wait(f"click {selector}", attempt)

    def wait(self, what, condition, seconds=5):
        """Waits until `condition()` is true; fails saying `what`."""
        return wait(what, condition, seconds, pause=0.05)

    def selected(self):
        """The ids the editor has selected, through its test handle."""
        return self.driver.execute_script("return drawdocEditor.selection();")

    def canvas_point(self, x, y):
        """Where canvas point (x, y) is on the page, as offsets from the drawing's centre."""
        box = self.driver.execute_script(
            "const r = document.getElementById('drawing').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];")
        drawing = self.driver.execute_script("return drawdocEditor.drawing;")
        scale = box[2] / drawing["width"]
        return (x * scale - box[2] / 2, y * scale - box[3] / 2)

    def click_canvas(self, x, y):
        dx, dy = self.canvas_point(x, y)
        ActionChains(self.driver).move_to_element_with_offset(
            self.find("#drawing"), dx, dy).click().perform()

    def drag_canvas(self, start, end, element="#drawing"):
        dx, dy = self.canvas_point(*start)
        ex, ey = self.canvas_point(*end)
        chain = ActionChains(self.driver)
        chain.move_to_element_with_offset(self.find("#drawing"), int(dx), int(dy)).click_and_hold()
        # Whole pixels, several moves, adding up to the distance exactly.
        total_x, total_y = round(ex - dx), round(ey - dy)
        steps = 8
        done_x = done_y = 0
        for step in range(1, steps + 1):
            to_x, to_y = total_x * step // steps, total_y * step // steps
            chain.move_by_offset(to_x - done_x, to_y - done_y)
            done_x, done_y = to_x, to_y
        chain.release().perform()

    def tap_canvas(self, x, y):
        """A touch: pointer events of type touch, as a finger makes."""
        dx, dy = self.canvas_point(x, y)
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(self.find("#drawing"), int(dx), int(dy)).pointer_down().pointer_up()
        actions.perform()


@pytest.fixture(scope="module")
def app(drawdoc, folder, chromium):
    """The store, its server and the browser of the file's tests; the steps keep here what
    those after them use (`doc`, `rid`, …)."""
    served = App(drawdoc, folder, chromium)
    yield served
    served.close()


@pytest.fixture(scope="module")
def screenshots(request):
    """The folder of --screenshots (made if need be), or None."""
    folder = request.config.getoption("screenshots")
    if folder:
        os.makedirs(folder, exist_ok=True)
    return folder


def test_create_from_the_form(app):
    """Create a drawing from the form: it opens in the editor at once."""
    driver = app.driver
    driver.get(app.address)
    # The page keeps the token (in this origin's storage) and drops it from the address.
    app.wait("the token leaves the address", lambda: "token" not in driver.current_url)
    app.wait_ready()

    form = app.find("#create")
    form.find_element(By.NAME, "title").send_keys("Browser test")
    for name, value in (("width", "400"), ("height", "300"), ("random", "3")):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    doc = app.wait("the new drawing's editor", lambda: (lambda m: m and m.group(1))(
        re.search(r"/drawings/([a-z0-9]{3}-[a-z0-9]{3}-[a-z0-9]{3})$", driver.current_url)))
    app.doc = doc
    row = next(r for r in json.loads(app.run("list", "--json").stdout) if r["id"] == doc)
    assert row["title"] == "Browser test" and row["rectangles"] == 3 and row["width"] == 400, row
    app.wait_ready()
    driver.get(app.base)
    app.wait_ready()


def test_rename_and_duplicate_from_the_cards(app):
    """Rename and duplicate from the cards."""
    doc = app.doc
    app.click(f'.card[data-id="{doc}"] button.rename')
    box = app.wait("the rename box", lambda: app.find(f'.card[data-id="{doc}"] form.rename input'))
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Renamed on the page", Keys.ENTER)
    app.wait("renamed", lambda: app.drawing(doc)["title"] == "Renamed on the page")
    app.click(f'.card[data-id="{doc}"] button.duplicate')
    app.wait("duplicated", lambda: [r for r in json.loads(app.run("list", "--json").stdout)
                                    if r["title"] == "Renamed on the page (copy)"])
    app.wait("the copy's card", lambda: len(app.finds(".card")) == 2)


def test_terminal_drawing_on_the_drawings_page(app, screenshots):
    """A change from the command line shows up on the drawings page."""
    driver = app.driver
    other = app.run("new", "--title", "From the terminal", "--width", "390", "--height", "844",
                    "--random", "5", "--seed", "9").stdout.strip()
    app.wait("the terminal's drawing on the page",
             lambda: app.finds(f'.card[data-id="{other}"]'), seconds=1.5)
    if screenshots:
        ActionChains(driver).move_to_element(app.find("h1")).perform()  # no card hovered
        app.wait("the thumbnails", lambda: driver.execute_script(
            "return [...document.querySelectorAll('.card img')].every(i => i.complete && i.src)"))
        driver.save_screenshot(os.path.join(screenshots, "drawings-page.png"))
    app.other = other


def test_trash_and_restore_from_the_page(app):
    """Delete to the trash and restore from the page."""
    other = app.other
    app.click(f'.card[data-id="{other}"] button.delete')
    app.wait("in the trash", lambda: [t for t in json.loads(app.run("trash", "--json").stdout)
                                      if t["id"] == other])
    app.wait("the trash on the page", lambda: app.find("#trash li button.restore"))
    app.click("#trash li button.restore")
    app.wait("back from the trash", lambda: json.loads(app.run("trash", "--json").stdout) == [])


def test_open_the_editor(app):
    """Open the editor."""
    doc = app.doc
    app.click(f'.card[data-id="{doc}"] a.open')
    app.wait_ready()
    app.wait("the editor", lambda: app.finds("#drawing rect"))
    assert len(app.finds("#drawing rect")) == 3


def test_click_selects_the_topmost(app):
    """Click selects the topmost rectangle under the pointer."""
    doc = app.doc
    drawing = app.drawing(doc)
    target = drawing["rectangles"][-1]
    cx, cy = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
    expected = topmost_at(app, doc, cx, cy)
    app.click_canvas(cx, cy)
    app.wait("the selection", lambda: app.selected() == [expected])
    assert app.finds("#overlay rect.outline"), "the selection is not outlined"
    rid = expected
    app.cx = cx
    app.cy = cy
    app.rid = rid


def test_click_on_empty_canvas_clears(app):
    """Click on empty canvas clears it."""
    doc, rid, cx, cy = app.doc, app.rid, app.cx, app.cy
    empty = steady_point(app, doc, ((x, y) for x in range(3, 400, 7) for y in range(3, 300, 7)),
                         lambda here: here is None)
    app.click_canvas(*empty)
    app.wait("no selection", lambda: not app.find("#selection").is_displayed())
    app.click_canvas(cx, cy)
    app.wait("selected again", lambda: app.selected() == [rid])


def test_color_and_alpha_in_the_panel(app):
    """Change color and alpha in the panel."""
    doc, rid = app.doc, app.rid
    app.type_into("#field-color", "#123456")
    app.wait("the color in the store", lambda: app.rect(doc, rid)["color"] == "#123456")
    alpha = app.rect(doc, rid)["alpha"]
    if alpha == 1:
        app.find("#alpha-up").click()
        app.wait("alpha up", lambda: app.rect(doc, rid)["alpha"] == 2)
        alpha = 2
    app.find("#alpha-down").click()
    app.wait("alpha down", lambda: app.rect(doc, rid)["alpha"] == alpha - 1)
    while app.rect(doc, rid)["alpha"] > 1:
        level = app.rect(doc, rid)["alpha"]
        app.find("#alpha-down").click()
        app.wait("alpha down", lambda: app.rect(doc, rid)["alpha"] == level - 1)
    app.wait("− disabled at 1", lambda: not app.find("#alpha-down").is_enabled())


def test_refused_value_changes_nothing(app):
    """A refused value gets the command line's message, and changes nothing."""
    doc, rid = app.doc, app.rid
    before = app.drawing(doc)
    app.type_into("#field-x", "abc")
    message = app.wait("the message", lambda: [n.text for n in app.finds("#notices .notice")
                                               if "abc" in n.text])[-1]
    command = app.run("set", doc, rid, "--x", "abc", check=False)
    assert command.returncode == 64, command
    # The command says "Error: set: MESSAGE"; the page, "That change was not made: MESSAGE."
    said = command.stderr.splitlines()[0].removeprefix("Error: set: ")
    assert said in message, (message, command.stderr)
    assert app.drawing(doc) == before
    app.wait("the field shows x again",
             lambda: app.find("#field-x").get_attribute("value") == str(app.rect(doc, rid)["x"]))


def test_drag_moves_as_one_change(app):
    """Drag moves it as one change."""
    doc, rid = app.doc, app.rid
    # Snapping off: a random rectangle's edge near where the drag ends would pull it there.
    app.click("#toggle-snap")
    app.wait("snapping off", lambda: app.find("#toggle-snap").get_attribute("aria-pressed")
             == "false")
    versions = len(json.loads(app.run("history", doc, "--json").stdout)["versions"])
    r = app.rect(doc, rid)
    middle = (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)
    app.drag_canvas(middle, (middle[0] + 30, middle[1] + 20))
    app.wait("moved", lambda: (app.rect(doc, rid)["x"], app.rect(doc, rid)["y"])
             == (r["x"] + 30, r["y"] + 20))
    history = json.loads(app.run("history", doc, "--json").stdout)
    assert len(history["versions"]) == versions + 1, history["versions"][:3]
    assert history["versions"][0]["change"] == f"set x and y of {rid}", history["versions"][0]


def test_resize_by_the_corner_handle(app):
    """Resize by the corner handle."""
    doc, rid = app.doc, app.rid
    r = app.rect(doc, rid)
    assert app.finds("#overlay rect.handle.se"), "no resize handle"
    corner = (r["x"] + r["width"], r["y"] + r["height"])
    app.drag_canvas(corner, (corner[0] + 10, corner[1] + 8))
    app.wait("resized", lambda: (app.rect(doc, rid)["width"], app.rect(doc, rid)["height"])
             == (r["width"] + 10, r["height"] + 8))


def test_arrow_keys_nudge(app):
    """Arrow keys nudge it."""
    doc, rid = app.doc, app.rid
    r = app.rect(doc, rid)
    app.find("#stage").send_keys(Keys.ARROW_RIGHT)
    app.wait("nudged", lambda: app.rect(doc, rid)["x"] == r["x"] + 1)
    # Presses faster than the store answers: each moves from where the one before left it.
    for _ in range(5):
        app.find("#stage").send_keys(Keys.ARROW_DOWN)
    app.wait("five nudges, none lost", lambda: app.rect(doc, rid)["y"] == r["y"] + 5)


def test_to_front_and_rename_from_the_title(app):
    """To front, and rename from the editor's title."""
    doc, rid = app.doc, app.rid
    app.click("#to-front")
    app.wait("on top", lambda: json.loads(app.run("layers", doc, "--json").stdout)[0]["id"] == rid)
    app.type_into("#title", "Browser test")
    app.wait("renamed back", lambda: app.drawing(doc)["title"] == "Browser test")


def test_add_delete_undo_and_redo(app):
    """Add one in the middle of the view, delete it, undo and redo with the toolbar."""
    driver, doc = app.driver, app.doc
    app.find("#stage").send_keys(Keys.ESCAPE)
    added = add_one(app, doc)
    app.find("#delete").click()
    app.wait("deleted", lambda: app.rect(doc, added) is None)
    app.wait("undo enabled", lambda: app.find("#undo").is_enabled())
    app.find("#undo").click()
    app.wait("undone", lambda: app.rect(doc, added) is not None)
    app.wait("redo enabled", lambda: app.find("#redo").is_enabled())
    app.find("#redo").click()
    app.wait("redone", lambda: app.rect(doc, added) is None)
    app.wait("undo enabled", lambda: app.find("#undo").is_enabled())
    app.find("#stage").click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    app.wait("Ctrl+Z undoes", lambda: app.rect(doc, added) is not None)
    app.wait("redo enabled", lambda: app.find("#redo").is_enabled())
    ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z") \
        .key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    app.wait("Shift+Ctrl+Z redoes", lambda: app.rect(doc, added) is None)


def test_add_with_typed_fields(app):
    """Add one, and give it the fields typed."""
    doc = app.doc
    app.find("#stage").send_keys(Keys.ESCAPE)
    typed = add_one(app, doc)
    for name, value in (("x", "10"), ("y", "20"), ("width", "30"), ("height", "40"),
                        ("color", "teal")):
        app.type_into(f"#field-{name}", value)
    # The alpha slider, by its keys: Home is 1, each right arrow one more.
    app.find("#field-alpha").send_keys(Keys.HOME, *[Keys.ARROW_RIGHT] * 5)
    app.wait("the typed fields", lambda: app.rect(doc, typed) == {
        "id": typed, "x": 10, "y": 20, "width": 30, "height": 40, "color": "#008080",
        "alpha": 6})


def test_terminal_set_shows_within_1_s(app):
    """A `drawdoc set` in a terminal shows up in the open page within 1 s."""
    doc, rid = app.doc, app.rid
    started = time.time()
    app.run("set", doc, rid, "--color", "#ff0000")
    app.wait("the page shows it", lambda: any(
        e.get_attribute("data-id") == rid and e.get_attribute("fill") == "#ff0000"
        for e in app.finds("#drawing rect")), seconds=1.0)
    print(f"    seen after {time.time() - started:.3f} s", flush=True)


def test_terminal_changes_arrive_as_changes(app):
    """Changes from a terminal reach the page as what changed, and its canvas is the file."""
    driver, doc, rid = app.driver, app.doc, app.rid
    driver.execute_script("performance.clearResourceTimings();")
    ids = [r["id"] for r in app.drawing(doc)["rectangles"] if r["id"] != rid]
    assert len(ids) >= 3, ids
    app.run("add", doc, "--count", "2")
    app.run("remove", doc, ids[0])
    app.run("raise", doc, ids[1], "--to-top")
    app.run("set", doc, ids[2], "--width", "77", "--alpha", "3")
    app.run("rename", doc, "Caught up")

    def file_rectangles():
        root = ElementTree.fromstring(app.run("export", doc, "--format", "svg").stdout)
        return [[node.get(name) for name in RECT_ATTRIBUTES]
                for node in root.iter("{http://www.w3.org/2000/svg}rect")]

    expected = file_rectangles()

    def canvas_rectangles():
        return driver.execute_script(
            "return [...document.querySelectorAll('#drawing rect')]"
            ".map(node => arguments[0].map(name => node.getAttribute(name)));", RECT_ATTRIBUTES)

    try:
        app.wait("the canvas holds the file's rectangles",
                 lambda: canvas_rectangles() == expected, seconds=1.0)
    except Failure as failure:
        raise Failure(f"{failure}\n  canvas: {canvas_rectangles()}\n  file:   {expected}")
    app.wait("the page's title", lambda: driver.execute_script(
        "return document.querySelector('#drawing title').textContent;") == "Caught up")
    reads = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname);")
    assert any(path.endswith("/changes") for path in reads), reads
    assert not any(path == f"/api/drawings/{doc}" for path in reads), reads


def test_edit_of_a_changed_field_keeps_theirs(app):
    """An edit of a field someone changed meanwhile keeps their value, with a notice."""
    driver, doc, rid = app.driver, app.doc, app.rid
    shown = app.rect(doc, rid)["alpha"]
    theirs = 9 if shown != 9 else 8
    app.run("set", doc, rid, "--alpha", str(theirs))
    result = driver.execute_script(
        "return drawdocEditor.api('POST', `/api/drawings/${drawdocEditor.id}/edits`, "
        + "{edits: [{set: '" + rid + "', to: {alpha: 3}, was: {alpha: " + str(shown) + "}}]})"
        + ".then(r => [r.status, r.data.notices.length]);")
    assert result == [200, 1], result
    assert app.rect(doc, rid)["alpha"] == theirs


def test_canvas_is_the_file(app):
    """The canvas is the file: a screenshot matches `export --format png`."""
    driver, doc = app.driver, app.doc
    ActionChains(driver).move_to_element(app.find("#title")).perform()  # no hover outline
    app.find("#stage").send_keys(Keys.ESCAPE)
    app.wait("no selection", lambda: not app.finds("#overlay rect"))
    # The terminal's last change is outlined for 3 s (presence): the file has no outline.
    app.wait("no outline of the terminal's change", lambda: not app.finds("#presence-outlines rect"))
    app.wait("no transition under way", lambda: driver.execute_script(
        "return !document.getAnimations().some((a) => a instanceof CSSTransition)"))
    shot = os.path.join(app.folder, "canvas.png")
    app.find("#drawing").screenshot(shot)
    exported = os.path.join(app.folder, "export.png")
    app.run("export", doc, "-o", exported, "--background", "white", "--no-embed")
    worst = compare_pictures(shot, exported)
    print(f"    largest difference: {worst} levels", flush=True)


def test_exports_byte_for_byte(app, screenshots):
    """Exports download what `export` writes, byte for byte."""
    driver, doc, cx, cy = app.driver, app.doc, app.cx, app.cy
    downloads = os.path.join(app.folder, "downloads")
    os.makedirs(downloads, exist_ok=True)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": downloads})
    for form in ("svg", "json", "png"):
        before = set(os.listdir(downloads))
        app.click(f"#export-{form}")
        name = app.wait(f"the {form} download", lambda: [
            n for n in set(os.listdir(downloads)) - before
            if n.endswith("." + form) and os.path.getsize(os.path.join(downloads, n)) > 0])[0]
        body = open(os.path.join(downloads, name), "rb").read()
        expected = subprocess.run([app.drawdoc, "export", doc, "--format", form], env=app.env,
                                  capture_output=True, timeout=60).stdout
        if form == "png":
            path = os.path.join(app.folder, "expected.png")
            app.run("export", doc, "-o", path)
            expected = open(path, "rb").read()
        assert body == expected, f"{form}: {len(body)} bytes, export wrote {len(expected)}"

    if screenshots:
        # Everything selected (the box, its handles, Mixed values) and the history open.
        app.click_canvas(cx, cy)
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
        app.wait("all selected", lambda: len(app.selected()) == len(app.drawing(doc)["rectangles"]))
        driver.execute_script("document.getElementById('history-panel').open = true;")
        app.wait("the history", lambda: app.finds("#history-list li"))
        driver.save_screenshot(os.path.join(screenshots, "editor-page.png"))


def test_phone_panel_under_canvas_and_tap(app, screenshots):
    """A phone: the panel goes under the canvas, and a tap selects."""
    driver, doc, rid = app.driver, app.doc, app.rid
    driver.set_window_size(390, 844)
    app.find("#stage").send_keys(Keys.ESCAPE)
    app.wait("layout", lambda: app.find(".panel").rect["y"] >= app.find("#stage").rect["y"]
             + app.find("#stage").rect["height"] - 1)
    r = app.rect(doc, rid)
    x, y = steady_point(app, doc, ((r["x"] + r["width"] * i / 8, r["y"] + r["height"] * j / 8)
                                   for i in (4, 3, 5, 2, 6, 1, 7) for j in (4, 3, 5, 2, 6, 1, 7)),
                        lambda here: here is not None)
    app.tap_canvas(x, y)
    app.wait("a tap selects", lambda: app.selected() == [topmost_at(app, doc, x, y)])
    if screenshots:
        driver.save_screenshot(os.path.join(screenshots, "editor-phone.png"))
