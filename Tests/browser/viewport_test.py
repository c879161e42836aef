"""The editor's viewport in headless Chromium, with real keys, wheel and pointer events:
zoom with + and -, to 100 % (Shift+0) and to fit (Shift+1), within 10 % and 3,200 %; pan
with the wheel; click a rectangle's centre at 400 % through `drawdocEditor.toScreen`; a
rectangle wholly outside the canvas is drawn on the pasteboard and can be selected there.
Each check is against `drawdoc open --json`. The steps are tests that run in order on one
drawing, each from where the one before left the page (`kept` holds what they share).

Run: python3 -m pytest Tests/browser/viewport_test.py [-k NAME] [--drawdoc PATH]
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
    sys.exit("viewport_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402
from editor_actions import drawn_at  # noqa: E402

# The start of a script that returns what the editor's test hook answers.
EDITOR = "return drawdocEditor."


def run(drawdoc, env, *arguments):
    result = subprocess.run([drawdoc, *arguments], env=env, capture_output=True, text=True,
                            timeout=60)
    if result.returncode != 0:
        raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def click_at(driver, point):
    """A real mouse click at client coordinates."""
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(round(point["x"])), int(round(point["y"])))
    actions.pointer_action.click()
    actions.perform()


def drag(driver, start, end, shift=False):
    """A real mouse drag between client coordinates, in steps, Shift held if asked."""
    actions = ActionChains(driver)
    if shift:
        actions.key_down(Keys.SHIFT)
    builder = ActionBuilder(driver)
    builder.pointer_action.move_to_location(round(start["x"]), round(start["y"]))
    builder.pointer_action.pointer_down()
    for fraction in (0.25, 0.5, 0.75, 1):
        builder.pointer_action.move_to_location(
            round(start["x"] + (end["x"] - start["x"]) * fraction),
            round(start["y"] + (end["y"] - start["y"]) * fraction))
    builder.pointer_action.pointer_up()
    if shift:
        actions.perform()
    builder.perform()
    if shift:
        ActionChains(driver).key_up(Keys.SHIFT).perform()


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_opens_at_100_percent(driver, drawdoc, env, base, kept):
    """The canvas opens at 100 % when it fits."""
    doc = run(drawdoc, env, "new", "--title", "Viewport", "--width", "200", "--height", "100")
    doc = doc.strip()
    inside = run(drawdoc, env, "add", doc, "--x", "20", "--y", "20", "--width", "10",
                 "--height", "8", "--color", "teal").strip()
    outside = run(drawdoc, env, "add", doc, "--x", "-60", "--y", "30", "--width", "30",
                  "--height", "20", "--color", "tomato").strip()
    driver.get(f"{base}drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 10, 0.05)
    kept.doc, kept.inside, kept.outside = doc, inside, outside
    kept.stage = driver.find_element(By.ID, "stage")
    if driver.execute_script(EDITOR + "zoom()") != 1:
        raise Failure(f"opened at {driver.execute_script(EDITOR + 'zoom()')}")


def test_plus_zooms_in_and_a_click_selects(driver, kept):
    """+ zooms in to 400 %, and a click at a rectangle's centre selects it."""
    inside = kept.inside
    driver.execute_script("document.getElementById('stage').focus()")
    for _ in range(7):  # 1.25 ** 7 = 4.77
        ActionChains(driver).send_keys("+").perform()
    zoom = driver.execute_script(EDITOR + "zoom()")
    if not 4 <= zoom <= 5:
        raise Failure(f"seven presses of + gave a zoom of {zoom}")
    centre = driver.execute_script(EDITOR + "toScreen(25, 24)")
    click_at(driver, centre)
    wait("the rectangle selected at 400 %",
         lambda: driver.execute_script(EDITOR + "selection()") == [inside], 5, 0.05)
    drawn = driver.execute_script(
        f"return document.querySelector('#drawing rect[data-id=\"{inside}\"]')"
        ".getBoundingClientRect().width")
    if abs(drawn - 10 * zoom) > 1:
        raise Failure(f"a rectangle 10 wide is {drawn} px at zoom {zoom}")


def test_wheel_pans(driver, kept):
    """The wheel pans: the same point moves by what was scrolled."""
    stage = kept.stage
    before = driver.execute_script(EDITOR + "toScreen(25, 24)")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(stage), 0, 40).perform()
    after = wait("the pan", lambda: (lambda a: a if a["y"] != before["y"] else None)(
        driver.execute_script(EDITOR + "toScreen(25, 24)")), 5, 0.05)
    if abs((before["y"] - after["y"]) - 40) > 1 or abs(before["x"] - after["x"]) > 1:
        raise Failure(f"a scroll of 40 moved the point from {before} to {after}")


def test_zoom_keys_and_fit(driver, kept):
    """Shift+0 gives 100 %, - stops at 10 %, Shift+1 fits the canvas."""
    stage = kept.stage
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("0").key_up(Keys.SHIFT).perform()
    wait("100 %", lambda: driver.execute_script(EDITOR + "zoom()") == 1, 5, 0.05)
    for _ in range(20):
        ActionChains(driver).send_keys("-").perform()
    if abs(driver.execute_script(EDITOR + "zoom()") - 0.1) > 1e-9:
        raise Failure(f"twenty presses of - gave {driver.execute_script(EDITOR + 'zoom()')}")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("1").key_up(Keys.SHIFT).perform()
    box = stage.rect
    fitted = driver.execute_script(EDITOR + "zoom()")
    if not (fitted > 1 and 200 * fitted <= box["width"] and 100 * fitted <= box["height"]):
        raise Failure(f"fit gave {fitted} in a stage of {box}")
    kept.box = box


def test_rectangle_outside_the_canvas(driver, drawdoc, env, kept):
    """A rectangle wholly outside the canvas is drawn on the pasteboard and selectable."""
    box, doc, outside = kept.box, kept.doc, kept.outside
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("0").key_up(Keys.SHIFT).perform()
    wait("100 % again", lambda: driver.execute_script(EDITOR + "zoom()") == 1, 5, 0.05)
    left = driver.execute_script(EDITOR + "toScreen(-45, 40)")
    if left["x"] < box["x"]:
        raise Failure(f"the pasteboard point is off the stage: {left}, {box}")
    # What the browser draws at that point (a clipped rectangle would not be found there).
    shown = drawn_at(driver, left)
    if shown != outside:
        raise Failure(f"the rectangle outside the canvas is not drawn there: {shown!r}")
    click_at(driver, left)
    wait("the outside rectangle selected",
         lambda: driver.execute_script(EDITOR + "selection()") == [outside], 5, 0.05)
    in_file = json.loads(run(drawdoc, env, "open", doc, "--json"))
    placed = next(r for r in in_file["rectangles"] if r["id"] == outside)
    if placed["x"] != -60:
        raise Failure(f"selecting it changed the file: {placed}")


def test_rectangle_tool_and_a_square(driver, drawdoc, env, kept):
    """R draws a rectangle by dragging, Shift a square; the new one is selected, and the tool
    is Select again."""
    doc = kept.doc
    ActionChains(driver).send_keys("r").perform()
    if driver.execute_script(EDITOR + "tool()") != "rectangle":
        raise Failure("R did not pick the rectangle tool")
    drag(driver, driver.execute_script(EDITOR + "toScreen(100, 50)"),
         driver.execute_script(EDITOR + "toScreen(140, 80)"))
    made = wait("the drawn rectangle", lambda: [
        r for r in json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]
        if (r["x"], r["y"], r["width"], r["height"]) == (100, 50, 40, 30)], 5, 0.1)[0]
    wait("the drawn rectangle selected",
         lambda: driver.execute_script(EDITOR + "selection()") == [made["id"]], 5, 0.05)
    if driver.execute_script(EDITOR + "tool()") != "select":
        raise Failure("after drawing, the tool is not Select again")
    ActionChains(driver).send_keys("r").perform()
    drag(driver, driver.execute_script(EDITOR + "toScreen(150, 10)"),
         driver.execute_script(EDITOR + "toScreen(170, 40)"), shift=True)
    wait("the square", lambda: [
        r for r in json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]
        if (r["x"], r["y"], r["width"], r["height"]) == (150, 10, 30, 30)], 5, 0.1)


def test_hand_pans(driver, drawdoc, env, kept):
    """H pans by dragging and changes nothing in the file."""
    doc = kept.doc
    before_file = run(drawdoc, env, "export", doc)
    ActionChains(driver).send_keys("h").perform()
    start = driver.execute_script(EDITOR + "toScreen(100, 50)")
    drag(driver, start, {"x": start["x"] + 60, "y": start["y"] + 20})
    moved = driver.execute_script(EDITOR + "toScreen(100, 50)")
    if abs(moved["x"] - start["x"] - 60) > 2 or abs(moved["y"] - start["y"] - 20) > 2:
        raise Failure(f"a hand drag of (60, 20) moved the point from {start} to {moved}")
    if run(drawdoc, env, "export", doc) != before_file:
        raise Failure("panning with the hand changed the file")
    ActionChains(driver).send_keys("v").perform()
    if driver.execute_script(EDITOR + "tool()") != "select":
        raise Failure("V did not pick the select tool")


def test_tab_order_and_hover(driver, drawdoc, env, kept):
    """Tab and Shift+Tab step through the rectangles; hover outlines what a click selects."""
    doc = kept.doc
    order = [r["id"] for r in json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]]
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    driver.execute_script("document.getElementById('stage').focus()")
    seen = []
    for _ in range(len(order) + 1):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        seen += driver.execute_script(EDITOR + "selection()")
    if seen != order + order[:1]:
        raise Failure(f"Tab selected {seen}, the z-order is {order}")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    if driver.execute_script(EDITOR + "selection()") != [order[-1]]:
        raise Failure("Shift+Tab from the first did not select the last")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    hover = driver.execute_script(EDITOR + "toScreen(25, 24)")
    mover = ActionBuilder(driver)
    mover.pointer_action.move_to_location(round(hover["x"]), round(hover["y"]))
    mover.perform()
    wait("the hover outline", lambda: driver.execute_script(
        "const h = document.querySelector('#overlay .hover');"
        "return h && [h.getAttribute('x'), h.getAttribute('y')];") == ["20", "20"], 5, 0.05)


def test_shortcuts_after_a_button_click(driver, drawdoc, env, kept):
    """Shortcuts work after a toolbar button is clicked; ? shows them all."""
    doc, inside = kept.doc, kept.inside
    click_at(driver, driver.execute_script(EDITOR + "toScreen(25, 24)"))
    wait("selected", lambda: driver.execute_script(EDITOR + "selection()") == [inside], 5, 0.05)
    driver.find_element(By.CSS_SELECTOR, 'button[data-tool="select"]').click()
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait("the nudge after a button click", lambda: next(
        r for r in json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]
        if r["id"] == inside)["x"] == 21, 5, 0.1)


def test_arrow_run_is_one_change(driver, drawdoc, env, kept):
    """A run of arrow presses is one change."""
    doc, inside = kept.doc, kept.inside
    versions = len(json.loads(run(drawdoc, env, "history", doc, "--json"))["versions"])
    ActionChains(driver).send_keys(Keys.ARROW_DOWN * 4).perform()
    wait("four nudges", lambda: next(
        r for r in json.loads(run(drawdoc, env, "open", doc, "--json"))["rectangles"]
        if r["id"] == inside)["y"] == 24, 5, 0.1)
    added = len(json.loads(run(drawdoc, env, "history", doc, "--json"))["versions"]) - versions
    if added != 1:
        raise Failure(f"four arrow presses made {added} versions, not one")
    ActionChains(driver).send_keys("?").perform()
    dialog = driver.find_element(By.ID, "shortcuts")
    wait("the shortcuts", lambda: dialog.get_attribute("open") is not None, 5, 0.05)
    if "Shift+1" not in dialog.text or "Ctrl+Z" not in dialog.text:
        raise Failure(f"the shortcuts do not list the zoom and undo keys: {dialog.text!r}")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait("the shortcuts closed", lambda: dialog.get_attribute("open") is None, 5, 0.05)


def test_pinch_zooms_about_the_middle(driver, drawdoc, env, kept):
    """Two fingers pinch: spread apart, they zoom in about their middle."""
    doc = kept.doc
    before_file = run(drawdoc, env, "export", doc)
    zoom = driver.execute_script(EDITOR + "zoom()")
    middle = driver.execute_script(EDITOR + "toScreen(25, 24)")
    builder = ActionBuilder(driver)
    fingers = [builder.add_pointer_input(interaction.POINTER_TOUCH, name)
               for name in ("one", "two")]
    for side, finger in zip((-1, 1), fingers):
        finger.create_pointer_move(x=round(middle["x"] + side * 20), y=round(middle["y"]))
        finger.create_pointer_down()
        for spread in (40, 60, 80):
            finger.create_pointer_move(duration=50, x=round(middle["x"] + side * spread),
                                       y=round(middle["y"]))
        finger.create_pointer_up(0)
    builder.perform()
    pinched = driver.execute_script(EDITOR + "zoom()")
    if abs(pinched / zoom - 4) > 0.3:
        raise Failure(f"fingers 40 px apart spread to 160 px: zoom {zoom} became {pinched}")
    after = driver.execute_script(EDITOR + "toScreen(25, 24)")
    if abs(after["x"] - middle["x"]) > 3 or abs(after["y"] - middle["y"]) > 3:
        raise Failure(f"the point between the fingers moved from {middle} to {after}")
    if run(drawdoc, env, "export", doc) != before_file:
        raise Failure("a pinch changed the file")
