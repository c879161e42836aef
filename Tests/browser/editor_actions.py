"""What editor_test.py drives the editor with: the command line's view of the store (every
check compares with it), `drawdoc serve` stopped and started again on its port, and real
pointer and key actions at canvas points (through `drawdocEditor.toScreen`).
"""
import json
import subprocess
from xml.etree import ElementTree

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from served_app import Failure, wait

EDITOR = "return drawdocEditor."

# Records every notice the page shows, as it appears: notices fade after a few seconds, and a
# check may come after one is gone.
RECORD_NOTICES = """
if (!window.noticesSeen) {
  window.noticesSeen = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.classList.contains("notice")) {
          window.noticesSeen.push(node.textContent);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
"""


class Store:
    """The command line's view of the store: what every check compares with."""

    def __init__(self, drawdoc, env):
        self.drawdoc = drawdoc
        self.env = env

    def run(self, *arguments):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=60)
        if result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
        return result.stdout

    def new(self, title, *rectangles, size=(400, 300)):
        """A drawing of `size` (400 × 300) with rectangles given as (x, y, width, height,
        color[, alpha]); returns its id and the rectangles' ids."""
        doc = self.run("new", "--title", title, "--width", str(size[0]), "--height",
                       str(size[1])).strip()
        ids = []
        for x, y, width, height, color, *alpha in rectangles:
            ids.append(self.run("add", doc, "--x", str(x), "--y", str(y), "--width", str(width),
                                "--height", str(height), "--color", color,
                                "--alpha", str(alpha[0] if alpha else 10)).strip())
        return doc, ids

    def rectangles(self, doc):
        """The rectangles of the file, bottom first."""
        return json.loads(self.run("open", doc, "--json"))["rectangles"]

    def rect(self, doc, rid):
        return next((r for r in self.rectangles(doc) if r["id"] == rid), None)

    def box(self, doc, rid):
        r = self.rect(doc, rid)
        return r and (r["x"], r["y"], r["width"], r["height"])

    def versions(self, doc):
        """The history, newest first."""
        return json.loads(self.run("history", doc, "--json"))["versions"]


# MARK: Acting on the page

def screen(driver, x, y):
    """The client point of canvas point (x, y) at the page's zoom and pan."""
    return driver.execute_script(EDITOR + "toScreen(arguments[0], arguments[1])", x, y)


def hold(driver, keys):
    """Presses modifier keys and keeps them down (until `let_go`)."""
    if keys:
        chain = ActionChains(driver)
        for key in keys:
            chain.key_down(key)
        chain.perform()


def let_go(driver, keys):
    """Lets go of keys that `hold` pressed."""
    if keys:
        chain = ActionChains(driver)
        for key in reversed(keys):
            chain.key_up(key)
        chain.perform()


def click(driver, point, keys=()):
    """A real mouse click at a client point, with modifier keys held."""
    hold(driver, keys)
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(point["x"]), round(point["y"]))
    actions.pointer_action.click()
    actions.perform()
    let_go(driver, keys)


def hover(driver, point):
    """Moves the mouse to a client point, no button pressed."""
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(point["x"]), round(point["y"]))
    actions.perform()


def pointer_drag(driver, start, by, keys=(), grab=(0, 0), kind=None):
    """Presses at canvas point `start` + `grab` screen pixels, moves by `by` screen pixels in
    four steps and lets go, with `keys` held; a touch pointer (a finger) when `kind` says so
    (`interaction.POINTER_TOUCH`)."""
    origin = screen(driver, *start)
    x, y = round(origin["x"] + grab[0]), round(origin["y"] + grab[1])
    hold(driver, keys)
    actions = ActionBuilder(driver)
    pointer = actions.add_pointer_input(kind, "finger") if kind else actions.pointer_action
    if kind:
        pointer.create_pointer_move(x=x, y=y)
        pointer.create_pointer_down()
        for part in (1, 2, 3, 4):
            pointer.create_pointer_move(duration=50, x=round(x + by[0] * part / 4),
                                        y=round(y + by[1] * part / 4))
        pointer.create_pointer_up(0)
    else:
        pointer.move_to_location(x, y)
        pointer.pointer_down()
        for part in (1, 2, 3, 4):
            pointer.move_to_location(round(x + by[0] * part / 4), round(y + by[1] * part / 4))
        pointer.pointer_up()
    actions.perform()
    let_go(driver, keys)


def press_and_move(driver, start, end, steps=5):
    """Presses the mouse button at `start` and moves to `end` in steps, without letting go."""
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(start["x"]), round(start["y"]))
    actions.pointer_action.pointer_down()
    for done in range(1, steps + 1):
        actions.pointer_action.move_to_location(
            round(start["x"] + (end["x"] - start["x"]) * done / steps),
            round(start["y"] + (end["y"] - start["y"]) * done / steps))
    actions.perform()


def release(driver):
    """Lets go of the mouse button where the pointer is."""
    actions = ActionBuilder(driver)
    actions.pointer_action.pointer_up()
    actions.perform()


def drag(driver, start, end, keys=()):
    """A real mouse drag between client points, with modifier keys held throughout."""
    hold(driver, keys)
    press_and_move(driver, start, end)
    release(driver)
    let_go(driver, keys)


def drag_canvas(driver, start, end, keys=()):
    """A drag between two canvas points."""
    drag(driver, screen(driver, *start), screen(driver, *end), keys)


def chord(driver, *keys):
    """Presses keys together (the last one with the others held), as Ctrl+Z."""
    chain = ActionChains(driver)
    for key in keys[:-1]:
        chain.key_down(key)
    chain.send_keys(keys[-1])
    for key in reversed(keys[:-1]):
        chain.key_up(key)
    chain.perform()


def type_into(driver, field, text):
    """Replaces a field's text as a person does (click, select all, type), then Enter."""
    box = driver.find_element(By.ID, field)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text, Keys.ENTER)


def open_editor(driver, base, doc):
    """Opens a drawing in the editor, waits for it, and starts recording its notices."""
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 10, 0.05)
    driver.execute_script(RECORD_NOTICES)


def selection(driver):
    """The ids the page has selected, sorted."""
    return sorted(driver.execute_script(EDITOR + "selection()"))


def notices(driver):
    """Every notice the page has shown since it was opened, in order."""
    return driver.execute_script("return window.noticesSeen.slice()")


def node(driver, rid):
    """The attributes of a rectangle's node in the page's picture: what it shows."""
    return driver.execute_script(
        "const n = document.querySelector(`#drawing rect[data-id=\"${arguments[0]}\"]`);"
        "return n && ['x', 'y', 'width', 'height', 'fill', 'fill-opacity']"
        "  .map((name) => n.getAttribute(name));", rid)


def shows_as_file(driver, store, doc, rid):
    """Whether the page's node of a rectangle has the file's values."""
    r = store.rect(doc, rid)
    opacity = "1" if r["alpha"] == 10 else f"0.{r['alpha']}"
    return node(driver, rid) == [*(str(r[k]) for k in ("x", "y", "width", "height")),
                                 r["color"], opacity]


def canvas_is_file(driver, store, doc):
    """Whether the page's picture holds the file's rectangles, attribute for attribute."""
    names = ["data-id", "x", "y", "width", "height", "fill", "fill-opacity"]
    root = ElementTree.fromstring(store.run("export", doc, "--format", "svg"))
    file = [[rect.get(name) for name in names]
            for rect in root.iter("{http://www.w3.org/2000/svg}rect")]
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#drawing rect')]"
        ".map((node) => arguments[0].map((name) => node.getAttribute(name)));", names)
    return shown == file


def drawn_at(driver, point):
    """The id of the rectangle the browser draws at a screen point, or None. The page leaves
    hit testing of its picture to itself (the browser's would walk every rectangle at each
    pointer move): it is on for this one question, then off again. The stage, which takes the
    pointer, lies over the picture: the answer is the topmost element of the picture there."""
    return driver.execute_script(
        "const picture = document.getElementById('drawing');"
        "picture.style.pointerEvents = 'auto';"
        "const e = document.elementsFromPoint(arguments[0], arguments[1])"
        "  .find((element) => picture.contains(element));"
        "picture.style.pointerEvents = '';"
        "return e ? e.getAttribute('data-id') : null;", point["x"], point["y"])


def idle(driver):
    """Waits until the page has no edit on its way."""
    wait("the page's edits answered", lambda: not driver.execute_script(EDITOR + "busy()"), 10,
         0.05)


def one_more_version(driver, store, doc, before, action, words=None):
    """Runs `action` on the page, waits for the store to have a version more than `before`
    and for the page to have nothing more to send, and checks that it is exactly one (and its
    words, if given). Returns the new count."""
    action()
    wait("a new version", lambda: (lambda v: v if len(v) > before else None)(
        store.versions(doc)), 10, 0.1)
    idle(driver)
    versions = store.versions(doc)
    if len(versions) != before + 1:
        raise Failure(f"{len(versions) - before} versions made, not one: "
                      f"{[v['change'] for v in versions[:4]]}")
    if words and versions[0]["change"] != words:
        raise Failure(f"the version says {versions[0]['change']!r}, not {words!r}")
    return len(versions)
