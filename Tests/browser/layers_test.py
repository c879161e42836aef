"""The editor's layers panel in headless Chromium, with real pointer and keyboard events: the
list shows the rectangles top first, each named as the canvas names it; a click selects a
row's rectangle and Shift-click adds one; dragging a row, or the selected rows, to another
place is one new version with the z-order expected; arrows move the focus without nudging the
selection, Space selects, Alt+ArrowUp raises the selection by one; a selection made on the
canvas scrolls its row into view. On 100,000 rectangles the list keeps fewer than 200 rows in
the page and scrolling to its end shows the bottom rectangle. Each check is against
`drawdoc layers --json` and `drawdoc history --json`. Each step is a test; the steps of a
drawing (six rectangles, then 100,000) run in order, each from where the one before left it.

Run: python3 -m pytest Tests/browser/layers_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import subprocess
import sys
from types import SimpleNamespace

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("layers_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402

EDITOR = "return drawdocEditor."
# The rows in the page, in the list's order: [position (1 is the top), id, name, size].
ROWS = """return [...document.querySelectorAll('#layers-list [role=option]')]
  .map((row) => [Number(row.getAttribute('aria-posinset')), row.dataset.id,
                 row.getAttribute('aria-label'), row.querySelector('.layer-size').textContent])
  .sort((a, b) => a[0] - b[0]);"""
ROW_BOX = """const row = document.querySelector(`#layers-list [data-id="${arguments[0]}"]`);
  if (!row) return null;
  const box = row.getBoundingClientRect(), list = row.closest('[role=listbox]').getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height,
          visible: box.top >= list.top && box.bottom <= list.bottom};"""


def run(drawdoc, env, *arguments):
    result = subprocess.run([drawdoc, *arguments], env=env, capture_output=True, text=True,
                            timeout=120)
    if result.returncode != 0:
        raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def layers(drawdoc, env, doc):
    """The rectangles in z-order, top first, as `drawdoc layers --json` lists them."""
    return json.loads(run(drawdoc, env, "layers", doc, "--json"))


def version(drawdoc, env, doc):
    return max(v["version"] for v in json.loads(run(drawdoc, env, "history", doc, "--json"))["versions"])


def number(value):
    return str(int(value)) if float(value).is_integer() else str(value)


def described(r):
    """A rectangle's accessible name, as pagedrawing.js's describe(r) says it."""
    return (f"Rectangle {r['id']} at {number(r['x'])}, {number(r['y'])}, {number(r['width'])} by "
            f"{number(r['height'])}, color {r['color']}, alpha {r['alpha']}")


def row_box(driver, rid):
    return driver.execute_script(ROW_BOX, rid)


def click_row(driver, rid, modifier=None):
    """A real mouse click in the middle of a row, with a modifier key held if asked."""
    box = wait(f"the row of {rid}", lambda: row_box(driver, rid), 5, 0.05)
    actions = ActionChains(driver)
    if modifier:
        actions.key_down(modifier)
    actions.perform()
    click = ActionBuilder(driver)
    click.pointer_action.move_to_location(round(box["x"] + box["width"] / 3),
                                          round(box["y"] + box["height"] / 2))
    click.pointer_action.click()
    click.perform()
    if modifier:
        ActionChains(driver).key_up(modifier).perform()


def drag_row(driver, rid, y):
    """A real mouse drag of a row, from its middle to client y, in steps."""
    box = wait(f"the row of {rid}", lambda: row_box(driver, rid), 5, 0.05)
    x = round(box["x"] + box["width"] / 3)
    start = round(box["y"] + box["height"] / 2)
    builder = ActionBuilder(driver)
    builder.pointer_action.move_to_location(x, start)
    builder.pointer_action.pointer_down()
    for fraction in (0.1, 0.3, 0.6, 0.9, 1):
        builder.pointer_action.move_to_location(x, round(start + (y - start) * fraction))
    builder.pointer_action.pointer_up()
    builder.perform()


def open_editor(driver, base, doc):
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 20, 0.05)
    driver.execute_script("document.getElementById('layers').scrollIntoView({block: 'nearest'})")
    # Two frames drawn since: the browser's own scrolling knows the list is there (a wheel
    # sent before it does, on a loaded machine, scrolls nothing).
    driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                "requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def settle(driver):
    wait("the edits sent", lambda: not driver.execute_script(EDITOR + "busy()"), 10, 0.05)


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_list_shows_every_rectangle(driver, drawdoc, env, base, kept):
    """The list shows every rectangle, top first, with its size and its description."""
    doc = run(drawdoc, env, "new", "--title", "Layers", "--random", "6", "--seed", "7").strip()
    kept.doc = doc
    open_editor(driver, base, doc)
    top_first = layers(drawdoc, env, doc)
    kept.top_first = top_first

    shown = wait("six rows", lambda: (lambda rows: rows if len(rows) == 6 else None)(
        driver.execute_script(ROWS)), 5, 0.05)
    if [row[1] for row in shown] != [r["id"] for r in top_first]:
        raise Failure(f"the list shows {[row[1] for row in shown]}, drawdoc layers says "
                      f"{[r['id'] for r in top_first]}")
    for row, r in zip(shown, top_first):
        if row[2] != described(r):
            raise Failure(f"a row is named {row[2]!r}, not {described(r)!r}")
        if row[3] != f"{number(r['width'])} × {number(r['height'])}":
            raise Failure(f"the row of {r['id']} gives the size {row[3]!r}")
    swatch = driver.execute_script(
        "const s = document.querySelector('#layers-list [data-id=\"' + arguments[0] + '\"] "
        ".swatch > span'); return [getComputedStyle(s).backgroundColor, s.style.opacity];",
        top_first[0]["id"])
    hex_color = top_first[0]["color"]
    rgb = f"rgb({int(hex_color[1:3], 16)}, {int(hex_color[3:5], 16)}, {int(hex_color[5:7], 16)})"
    if swatch != [rgb, number(top_first[0]["alpha"] / 10)]:
        raise Failure(f"the top row's swatch is {swatch}, not {rgb} at {top_first[0]['alpha']}")


def test_click_and_shift_click_select(driver, kept):
    """A click selects the row's rectangle; Shift-click adds another."""
    top_first = kept.top_first
    click_row(driver, top_first[2]["id"])
    wait("the clicked row selected", lambda: driver.execute_script(EDITOR + "selection()")
         == [top_first[2]["id"]], 5, 0.05)
    click_row(driver, top_first[4]["id"], Keys.SHIFT)
    wait("the Shift-clicked row added", lambda: sorted(driver.execute_script(
        EDITOR + "selection()")) == sorted([top_first[2]["id"], top_first[4]["id"]]), 5, 0.05)
    selected = driver.execute_script(
        "return [...document.querySelectorAll('#layers-list [aria-selected=true]')]"
        ".map((row) => row.dataset.id)")
    if sorted(selected) != sorted([top_first[2]["id"], top_first[4]["id"]]):
        raise Failure(f"the rows marked selected are {selected}")


def test_drag_an_unselected_row_to_the_top(driver, drawdoc, env, kept):
    """Dragging an unselected row to the top is one new version."""
    doc, top_first = kept.doc, kept.top_first
    before = version(drawdoc, env, doc)
    moved = top_first[5]["id"]
    list_top = driver.execute_script(
        "return document.getElementById('layers-list').getBoundingClientRect().top")
    drag_row(driver, moved, list_top + 3)
    wait("the bottom rectangle on top", lambda: layers(drawdoc, env, doc)[0]["id"] == moved, 5, 0.1)
    settle(driver)
    expected = [moved] + [r["id"] for r in top_first[:5]]
    kept.expected = expected
    if [r["id"] for r in layers(drawdoc, env, doc)] != expected:
        raise Failure(f"after the drag the z-order is {layers(drawdoc, env, doc)}")
    if version(drawdoc, env, doc) != before + 1:
        raise Failure(f"the drag made {version(drawdoc, env, doc) - before} versions, not one")
    if [row[1] for row in driver.execute_script(ROWS)] != expected:
        raise Failure(f"the list shows {driver.execute_script(ROWS)} after the drag")


def test_drag_selected_rows(driver, drawdoc, env, kept):
    """Dragging a selected row moves every selected row, in their order, as one version."""
    doc, expected = kept.doc, kept.expected
    # The selection: the second and fourth rows of `expected` (top_first[0] and [2]).
    click_row(driver, expected[1])
    click_row(driver, expected[3], Keys.CONTROL)
    wait("two selected", lambda: len(driver.execute_script(EDITOR + "selection()")) == 2, 5, 0.05)
    before = version(drawdoc, env, doc)
    last = row_box(driver, expected[5])
    drag_row(driver, expected[3], last["y"] + last["height"] - 2)
    wanted = [expected[0], expected[2], expected[4], expected[5], expected[1], expected[3]]
    kept.wanted = wanted
    wait("the two at the bottom", lambda: [r["id"] for r in layers(drawdoc, env, doc)] == wanted,
         5, 0.1)
    settle(driver)
    if version(drawdoc, env, doc) != before + 1:
        raise Failure(f"the drag of two made {version(drawdoc, env, doc) - before} versions")


def test_keys_in_the_list(driver, drawdoc, env, kept):
    """Arrows move the focus and nudge nothing; Space selects; Alt+ArrowUp raises it."""
    doc, top_first, wanted = kept.doc, kept.top_first, kept.wanted
    click_row(driver, wanted[2])
    wait("one selected", lambda: driver.execute_script(EDITOR + "selection()") == [wanted[2]],
         5, 0.05)
    file_before = run(drawdoc, env, "export", doc)
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    focused = driver.execute_script("return document.activeElement.dataset.id")
    if focused != wanted[3]:
        raise Failure(f"ArrowDown focused {focused}, not the next row {wanted[3]}")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait("Space selected it", lambda: driver.execute_script(EDITOR + "selection()") == [wanted[3]],
         5, 0.05)
    ActionChains(driver).send_keys(Keys.ARROW_UP).send_keys(Keys.ARROW_DOWN).perform()
    settle(driver)  # a run of nudges, sent 400 ms after the last press, included
    if run(drawdoc, env, "export", doc) != file_before:
        raise Failure("the arrow keys in the list changed the drawing")
    before = version(drawdoc, env, doc)
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    raised = [wanted[0], wanted[1], wanted[3], wanted[2], wanted[4], wanted[5]]
    wait("Alt+ArrowUp raised it", lambda: [r["id"] for r in layers(drawdoc, env, doc)] == raised,
         5, 0.1)
    settle(driver)
    if version(drawdoc, env, doc) != before + 1:
        raise Failure(f"Alt+ArrowUp made {version(drawdoc, env, doc) - before} versions")
    moved = next(r for r in layers(drawdoc, env, doc) if r["id"] == wanted[3])
    original = next(r for r in top_first if r["id"] == wanted[3])
    if (moved["x"], moved["y"]) != (original["x"], original["y"]):
        raise Failure(f"Alt+ArrowUp also moved the rectangle: {moved}")
    if driver.execute_script("return document.activeElement.dataset.id") != wanted[3]:
        raise Failure("the focus did not stay on the raised rectangle's row")


def test_delete_in_the_list(driver, drawdoc, env, kept):
    """Delete in the list removes the selection, and the focus stays in the list."""
    doc, wanted = kept.doc, kept.wanted
    ActionChains(driver).send_keys(Keys.DELETE).perform()
    wait("the rectangle removed", lambda: wanted[3] not in [
        r["id"] for r in layers(drawdoc, env, doc)], 5, 0.1)
    focused = wait("the focus on a row", lambda: driver.execute_script(
        "const e = document.activeElement; return e.getAttribute('role') === 'option'"
        " && e.closest('#layers-list') && e.dataset.id"), 5, 0.05)
    if focused not in [r["id"] for r in layers(drawdoc, env, doc)]:
        raise Failure(f"the focus went to the row of {focused}, which is gone")


def test_finger_drags_a_row(driver, drawdoc, env, kept):
    """A finger drags a row by its grip: one new version."""
    doc = kept.doc
    current = [r["id"] for r in layers(drawdoc, env, doc)]
    grip = driver.execute_script(
        "const g = document.querySelector(`#layers-list [data-id=\"${arguments[0]}\"] .grip`)"
        ".getBoundingClientRect(); return {x: g.x + g.width / 2, y: g.y + g.height / 2};",
        current[-1])
    # The panel above it changed with the selection: where the list is now.
    list_top = driver.execute_script(
        "return document.getElementById('layers-list').getBoundingClientRect().top")
    before = version(drawdoc, env, doc)
    touch = ActionBuilder(driver)
    finger = touch.add_pointer_input(interaction.POINTER_TOUCH, "finger")
    finger.create_pointer_move(x=round(grip["x"]), y=round(grip["y"]))
    finger.create_pointer_down()
    for fraction in (0.2, 0.5, 0.8, 1):
        finger.create_pointer_move(duration=50, x=round(grip["x"]),
                                   y=round(grip["y"] + (list_top + 3 - grip["y"]) * fraction))
    finger.create_pointer_up(0)
    touch.perform()
    wait("the bottom row on top", lambda: [r["id"] for r in layers(drawdoc, env, doc)]
         == [current[-1]] + current[:-1], 5, 0.1)
    settle(driver)
    if version(drawdoc, env, doc) != before + 1:
        raise Failure(f"the touch drag made {version(drawdoc, env, doc) - before} versions")


def test_no_accessibility_violation(driver):
    """The panel has no accessibility violation (axe-core)."""
    try:
        from axe_selenium_python import Axe
    except ImportError:
        print("    (skipped: pip install axe-selenium-python)")
        return
    axe = Axe(driver)
    axe.inject()
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run('#layers').then((r) => done(r.violations.map((v) => [v.id, v.help,"
        " v.nodes.map((n) => [n.html.slice(0, 120), n.failureSummary])])));")
    if found:
        raise Failure(f"axe found: {found}")


@pytest.fixture(scope="module")
def large():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_large_list_few_rows(driver, drawdoc, env, base, large):
    """100,000 rectangles: fewer than 200 rows in the page, the top ones first."""
    doc = run(drawdoc, env, "new", "--title", "Layers 100k", "--random", "100000", "--seed", "1",
              "--width", "4000", "--height", "3000").strip()
    top_first = [r["id"] for r in layers(drawdoc, env, doc)]
    large.top_first = top_first
    open_editor(driver, base, doc)

    shown = wait("the first rows", lambda: driver.execute_script(ROWS), 10, 0.05)
    if len(shown) >= 200:
        raise Failure(f"the list holds {len(shown)} rows")
    if [row[1] for row in shown[:10]] != top_first[:10]:
        raise Failure(f"the list starts with {[row[1] for row in shown[:10]]}")


def test_large_list_wheel_and_end(driver, large):
    """The wheel scrolls the list; scrolling to its end shows the bottom rectangle."""
    top_first = large.top_first
    listbox = driver.find_element(By.ID, "layers-list")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(listbox), 0, 2800).perform()
    # 2,800 px down, at 28 px a row: rows about the hundredth (and the focused first one).
    wait("the rows further down", lambda: driver.execute_script(ROWS)[-1][0] > 100, 5, 0.05)
    driver.execute_script("const list = document.getElementById('layers-list');"
                          "list.scrollTop = list.scrollHeight;")
    end = wait("the last row", lambda: (lambda rows: rows if rows[-1][0] == 100000 else None)(
        driver.execute_script(ROWS)), 5, 0.05)
    if end[-1][1] != top_first[-1]:
        raise Failure(f"the last row is {end[-1][1]}, the bottom rectangle is {top_first[-1]}")
    if not row_box(driver, top_first[-1])["visible"]:
        raise Failure("the bottom rectangle's row is not in view at the end of the list")
    if len(end) >= 200:
        raise Failure(f"at the end the list holds {len(end)} rows")


def test_large_list_click_and_canvas_selection(driver, large):
    """A click on a row selects at 100,000; a selection made on the canvas comes into view."""
    top_first = large.top_first
    click_row(driver, top_first[-2])
    wait("the clicked row selected",
         lambda: driver.execute_script(EDITOR + "selection()") == [top_first[-2]], 5, 0.05)
    driver.execute_script("document.getElementById('layers-list').scrollTop = 0")
    driver.execute_script("document.getElementById('stage').focus()")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    # Shift+Tab from the second from the bottom selects the bottom rectangle: the list's end.
    wait("the bottom rectangle selected",
         lambda: driver.execute_script(EDITOR + "selection()") == [top_first[-1]], 5, 0.05)
    wait("its row in view", lambda: (row_box(driver, top_first[-1]) or {}).get("visible"), 5, 0.05)
