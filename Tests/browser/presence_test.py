"""Presence in the editor, two pages of one drawing in two windows of headless Chromium, A
and B, with real pointer, keys, wheel and clicks:

- each page's row of who is here shows the other ("owner"), in the colour the server gives;
- the pointer moved on A's canvas is drawn on B as a labelled cursor at the place
  `drawdocEditor.toScreen` gives for the same drawing point on B;
- the rectangle selected on A is outlined on B in A's colour;
- a click on A in B's row follows A's view (the same drawing point in the middle of the
  stage, at the same zoom, after A zooms and pans); B's own wheel ends the following;
- an edit made on A reaches B without any "terminal" chip; a `drawdoc set` in a terminal
  shows on both as "terminal" for a moment, its rectangle outlined, and the chip goes;
- A's window closed: A is gone from B within 5 s.

Every wait is on a condition. Each step is a test; they run in order in the two windows,
each from where the one before left them.

Run: python3 -m pytest Tests/browser/presence_test.py [-k NAME] [--drawdoc PATH]
"""
import sys
import time
from types import SimpleNamespace

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("presence_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402
from editor_actions import EDITOR, click, hover, open_editor, screen  # noqa: E402

# Counts every "terminal" chip that appears in the row, as it appears.
RECORD_CHIPS = """
window.chipsSeen = 0;
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType === 1 && node.classList.contains('presence-chip')) window.chipsSeen += 1;
  }
}).observe(document.getElementById('presence'), { childList: true });
"""

# The drawing point in the middle of the stage, and the zoom: what a page shows.
SHOWN = """
const box = document.getElementById('stage').getBoundingClientRect();
const zoom = drawdocEditor.zoom(), origin = drawdocEditor.toScreen(0, 0);
return {x: (box.left + box.width / 2 - origin.x) / zoom,
        y: (box.top + box.height / 2 - origin.y) / zoom, zoom};
"""

CURSOR = """
const cursor = document.querySelector('#presence-cursors .presence-cursor:not([hidden])');
if (!cursor) return null;
const box = cursor.getBoundingClientRect();
return {left: box.left, top: box.top, label: cursor.textContent,
        color: getComputedStyle(cursor).color};
"""


def rgb(color):
    """`#rrggbb` as a computed style says it."""
    return "rgb({}, {}, {})".format(*(int(color[i:i + 2], 16) for i in (1, 3, 5)))


def others(driver):
    return driver.execute_script(EDITOR + "presence()")


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_each_row_shows_the_other(driver, base, store, kept):
    """Each page's row shows the other."""
    doc, (red, green) = store.new("Together", (40, 40, 80, 60, "#ff0000"),
                                  (200, 120, 100, 80, "#00aa00"))
    kept.doc, kept.red, kept.green = doc, red, green
    a = kept.a = driver.current_window_handle
    open_editor(driver, base, doc)
    driver.switch_to.new_window("window")
    b = kept.b = driver.current_window_handle
    driver.set_window_size(1400, 1000)
    open_editor(driver, base, doc)
    if driver.execute_script("return document.visibilityState") != "visible":
        raise Failure("B's window is not visible: its frames would not be drawn")

    for handle in (a, b):
        driver.switch_to.window(handle)
        people = wait("the other page in the row", lambda: [
            (p.text, p.get_attribute("aria-label"))
            for p in driver.find_elements(By.CSS_SELECTOR, "#presence button.presence-person")],
            10, 0.05)
        if people != [("owner", "Follow owner's view")]:
            raise Failure(f"the row shows {people}, not the one other page")
    kept.colour = others(driver)[0]["color"]
    driver.execute_script(RECORD_CHIPS)


def test_pointer_drawn_as_a_labelled_cursor(driver, kept):
    """A's pointer drawn on B as a labelled cursor, where B draws that point."""
    a, b, colour = kept.a, kept.b, kept.colour
    driver.switch_to.window(a)
    hover(driver, screen(driver, 150, 110))
    driver.switch_to.window(b)
    pointer = wait("A's pointer on B", lambda: (lambda p: p and p[0]["pointer"])(others(driver)),
                   10, 0.02)
    if abs(pointer["x"] - 150) > 1 or abs(pointer["y"] - 110) > 1:
        raise Failure(f"B has A's pointer at {pointer}, not near (150, 110)")
    place = screen(driver, pointer["x"], pointer["y"])
    cursor = wait(f"the cursor drawn where B draws the point, {place}", lambda: (
        lambda c: c and abs(c["left"] - place["x"]) <= 1 and abs(c["top"] - place["y"]) <= 1
        and c)(driver.execute_script(CURSOR)), 10, 0.02)
    if cursor["label"] != "owner" or cursor["color"] != rgb(colour):
        raise Failure(f"the cursor says {cursor['label']!r} in {cursor['color']}, not owner in "
                      f"{colour}")


def test_selection_outlined_in_the_others_colour(driver, kept):
    """A's selection outlined on B in A's colour."""
    a, b, colour, red = kept.a, kept.b, kept.colour, kept.red
    driver.switch_to.window(a)
    click(driver, screen(driver, 80, 70))
    wait("A's selection", lambda: driver.execute_script(EDITOR + "selection()") == [red], 10, 0.05)
    driver.switch_to.window(b)
    outline = wait("the outline on B", lambda: driver.execute_script(
        "const r = document.querySelector('#presence-outlines rect.presence-selection');"
        "return r && [['x', 'y', 'width', 'height'].map((n) => r.getAttribute(n)),"
        "  getComputedStyle(r).stroke];"), 10, 0.02)
    if outline != [["40", "40", "80", "60"], rgb(colour)]:
        raise Failure(f"B outlines {outline}, not A's rectangle (40, 40, 80, 60) in {colour}")
    if driver.execute_script(EDITOR + "selection()"):
        raise Failure("B's own selection changed with A's")


def test_following_a_view_until_a_pan(driver, kept):
    """A click on A in B's row follows A's view, until B pans."""
    a, b = kept.a, kept.b
    driver.find_element(By.CSS_SELECTOR, "#presence button.presence-person").click()
    driver.switch_to.window(a)
    driver.execute_script("document.getElementById('stage').focus()")
    ActionChains(driver).send_keys("+").send_keys("+").perform()
    stage = driver.find_element(By.ID, "stage")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(stage), 120, 80).perform()
    shown_a = wait("A zoomed", lambda: (lambda s: s["zoom"] > 1.2 and s)(
        driver.execute_script(SHOWN)), 10, 0.05)
    driver.switch_to.window(b)
    wait("B showing what A shows", lambda: (lambda s: abs(s["zoom"] - shown_a["zoom"]) < 1e-6
         and abs(s["x"] - shown_a["x"]) < 1 and abs(s["y"] - shown_a["y"]) < 1)(
        driver.execute_script(SHOWN)), 10, 0.05)
    button = driver.find_element(By.CSS_SELECTOR, "#presence button.presence-person")
    if button.get_attribute("aria-pressed") != "true":
        raise Failure("B's row does not say that B follows A")
    stage = driver.find_element(By.ID, "stage")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(stage), 0, 150).perform()
    wait("B's own pan ending the following", lambda: driver.find_element(
        By.CSS_SELECTOR, "#presence button.presence-person").get_attribute("aria-pressed")
        == "false", 10, 0.05)


def test_terminal_edit_shown_as_terminal(driver, store, kept):
    """An edit from A is no terminal's; a drawdoc set shows as the terminal's."""
    a, b, doc, green, red = kept.a, kept.b, kept.doc, kept.green, kept.red
    driver.switch_to.window(a)
    driver.execute_script(EDITOR + "edit([{set: arguments[0], to: {color: '#123456'}, "
                          "was: {color: '#ff0000'}}])", red)
    driver.switch_to.window(b)
    wait("A's edit on B", lambda: driver.execute_script(
        "return document.querySelector(`#drawing rect[data-id='${arguments[0]}']`)"
        ".getAttribute('fill')", red) == "#123456", 10, 0.05)
    store.run("set", doc, green, "--color", "#0000ff")
    chip = wait("the terminal chip on B", lambda: driver.execute_script(
        "const c = document.querySelector('#presence .presence-chip');"
        "return c && [c.textContent, getComputedStyle(c.querySelector('.presence-dot'))"
        "  .backgroundColor];"), 10, 0.02)
    if chip[0] != "terminal":
        raise Failure(f"the chip says {chip[0]!r}, not terminal")
    outlined = wait("the terminal's rectangle outlined", lambda: driver.execute_script(
        "const r = document.querySelector('#presence-outlines rect.presence-terminal');"
        "return r && ['x', 'y', 'width', 'height'].map((n) => r.getAttribute(n));"), 10, 0.02)
    if outlined != ["200", "120", "100", "80"]:
        raise Failure(f"the terminal's outline is {outlined}, not its rectangle's")
    if driver.execute_script("return window.chipsSeen") != 1:
        raise Failure("a terminal chip showed for A's own edit too")
    wait("the chip gone after its moment", lambda: not driver.find_elements(
        By.CSS_SELECTOR, "#presence .presence-chip"), 10, 0.1)


def test_closed_window_gone_within_5_s(driver, kept):
    """A's window closed: A gone from B within 5 s."""
    a, b = kept.a, kept.b
    driver.switch_to.window(a)
    driver.close()
    closed = time.monotonic()
    driver.switch_to.window(b)
    wait("A gone from B", lambda: others(driver) == [] and not driver.find_elements(
        By.CSS_SELECTOR, "#presence button.presence-person, #presence-cursors .presence-cursor"),
        5, 0.05)
    print(f"    gone after {time.monotonic() - closed:.2f} s", flush=True)
