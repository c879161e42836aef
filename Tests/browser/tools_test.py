"""The editor's tools and their gestures, in headless Chromium with real mouse and keys:
Escape cancelling a drag, the tools' state machines (`drawdocEditor.gesture()`), Escape
stopping the hand's pan, Shift pressed during a resize, the tool going back to Select after
drawing (Q keeps it), Alt+drag duplicating, Space+drag panning after a button was clicked.

As in reach_test.py, each check is a test of its own on a drawing of its own; one failing
does not stop the others. Expected values are worked out here
from the drawing and the input and compared with the command line's view of the store.

Run: python3 -m pytest Tests/browser/tools_test.py [-k NAME] [--drawdoc PATH]
"""
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("tools_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from checks import boxes, stored, versions  # noqa: E402
from served_app import wait  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, click, drag_canvas, idle, open_editor, press_and_move, release, screen, selection)


def test_escape_cancels_drag(t):
    """Escape during a move and during a resize puts everything back: no version."""
    doc, ids = t.store.new("Escape", (50, 50, 80, 60, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 90, 80))
    before = versions(t.store, doc)
    for start, end in [((90, 80), (160, 140)), ((130, 110), (200, 190))]:
        press_and_move(t.driver, screen(t.driver, *start), screen(t.driver, *end))
        ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()
        release(t.driver)
        idle(t.driver)
    assert boxes(t.store, doc) == [(50, 50, 80, 60)], f"the drag was made: {boxes(t.store, doc)}"
    assert versions(t.store, doc) == before, "Escape made a version"
    node = t.driver.execute_script(
        "const n = document.querySelector('#drawing rect');"
        "return [n.getAttribute('x'), n.getAttribute('y'), n.getAttribute('visibility')];")
    assert node == ["50", "50", None], f"the page shows the rectangle as {node}"
    assert selection(t.driver) == ids, "Escape during a drag cleared the selection"


def gesture(driver):
    return driver.execute_script(EDITOR + "gesture()")


def in_state(driver, name, what):
    """Waits until the tool's machine is in state `name`."""
    wait(f"{what}: {name}", lambda: gesture(driver) == name, 5, 0.05)


def press_at(driver, point):
    """Presses the mouse button at a client point and keeps it down (until `release`)."""
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(point["x"]), round(point["y"]))
    actions.pointer_action.pointer_down()
    actions.perform()


def move_pointer(driver, point):
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(point["x"]), round(point["y"]))
    actions.perform()


def test_tool_states(t):
    """The select tool's machine, as `gesture()` tells it: a press on a rectangle is pointing,
    10 px on it is dragging, Escape is idle with nothing made; a drag on empty canvas is a
    marquee, idle again when let go."""
    doc, ids = t.store.new("States", (50, 50, 80, 60, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    in_state(t.driver, "idle", "the page opened")
    before = versions(t.store, doc)
    start = screen(t.driver, 90, 80)
    press_at(t.driver, start)
    in_state(t.driver, "pointing", "a press on a rectangle")
    move_pointer(t.driver, {"x": start["x"] + 2, "y": start["y"]})
    in_state(t.driver, "pointing", "2 px on")
    move_pointer(t.driver, {"x": start["x"] + 10, "y": start["y"]})
    in_state(t.driver, "dragging", "10 px on")
    ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()
    in_state(t.driver, "idle", "after Escape")
    release(t.driver)
    idle(t.driver)
    assert boxes(t.store, doc) == [(50, 50, 80, 60)], f"the drag was made: {boxes(t.store, doc)}"
    assert versions(t.store, doc) == before, "Escape made a version"
    assert selection(t.driver) == ids, "the press did not select the rectangle"
    empty = screen(t.driver, 250, 200)
    press_at(t.driver, empty)
    in_state(t.driver, "pointing", "a press on empty canvas")
    move_pointer(t.driver, screen(t.driver, 120, 100))
    in_state(t.driver, "marquee", "a drag on empty canvas")
    release(t.driver)
    in_state(t.driver, "idle", "after the marquee")
    assert selection(t.driver) == ids, "the marquee did not select the rectangle it touched"


def test_hand_states(t):
    """The hand tool's machine: a press pans at once ("panning"), Escape stops the pan
    ("idle"), and the pointer moved on after it moves the view no more."""
    doc, _ = t.store.new("Hand", (50, 50, 80, 60, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    ActionChains(t.driver).send_keys("h").perform()
    wait("the hand tool", lambda: t.driver.execute_script(EDITOR + "tool()") == "hand", 5, 0.05)
    start = screen(t.driver, 200, 150)
    press_at(t.driver, start)
    in_state(t.driver, "panning", "a press with the hand")
    corner = screen(t.driver, 0, 0)
    move_pointer(t.driver, {"x": start["x"] + 20, "y": start["y"]})
    wait("the view 20 px right", lambda: screen(t.driver, 0, 0)["x"] == corner["x"] + 20, 5, 0.05)
    ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()
    in_state(t.driver, "idle", "after Escape")
    move_pointer(t.driver, {"x": start["x"] + 60, "y": start["y"]})
    release(t.driver)
    in_state(t.driver, "idle", "let go")
    after = screen(t.driver, 0, 0)
    assert after["x"] == corner["x"] + 20, f"the view moved on after Escape: {corner} to {after}"
    ActionChains(t.driver).send_keys("v").perform()


def test_shift_during_resize(t):
    """Shift pressed during a resize, the pointer still, keeps the aspect at once: letting go
    without another move makes the box with the aspect kept."""
    doc, _ = t.store.new("Shift", (50, 50, 80, 60, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_script(EDITOR + "perform('toggle-snap')")
    click(t.driver, screen(t.driver, 90, 80))
    # The se corner from (130, 110) to (170, 130): 120 by 80; with the aspect, the larger
    # scale (120 / 80 = 1.5 against 80 / 60) both ways: 120 by 90.
    press_and_move(t.driver, screen(t.driver, 130, 110), screen(t.driver, 170, 130))
    in_state(t.driver, "resizing", "the handle's drag")
    ActionChains(t.driver).key_down(Keys.SHIFT).perform()
    release(t.driver)
    ActionChains(t.driver).key_up(Keys.SHIFT).perform()
    stored(t.store, doc, [(50, 50, 120, 90)], "the aspect kept by Shift alone")


def test_tool_returns_to_select(t):
    """After a rectangle is drawn the tool is Select again; with Q it stays."""
    doc, _ = t.store.new("Tools", (10, 10, 20, 20, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 200, 200))
    ActionChains(t.driver).send_keys("r").perform()
    drag_canvas(t.driver, (100, 100), (160, 150))
    wait("two rectangles", lambda: len(boxes(t.store, doc)) == 2, 10, 0.1)
    assert t.driver.execute_script(EDITOR + "tool()") == "select", "the tool stayed Rectangle"
    # A drag on the new rectangle now moves it.
    drag_canvas(t.driver, (130, 125), (150, 135))
    stored(t.store, doc, [(10, 10, 20, 20), (120, 110, 60, 50)], "the new rectangle moved")
    ActionChains(t.driver).send_keys("q").send_keys("r").perform()
    drag_canvas(t.driver, (250, 40), (280, 70))
    wait("three rectangles", lambda: len(boxes(t.store, doc)) == 3, 10, 0.1)
    assert t.driver.execute_script(EDITOR + "tool()") == "rectangle", "Q did not keep the tool"
    ActionChains(t.driver).send_keys("q").send_keys("v").perform()


def test_alt_drag_duplicates(t):
    """Alt+drag leaves the original and drops a copy where the pointer lets go."""
    doc, _ = t.store.new("Alt", (40, 40, 50, 50, "#00aa00", 6))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_script(EDITOR + "perform('toggle-snap')")
    click(t.driver, screen(t.driver, 60, 60))
    drag_canvas(t.driver, (60, 60), (160, 90), keys=[Keys.ALT])
    stored(t.store, doc, [(40, 40, 50, 50), (140, 70, 50, 50)], "a copy 100, 30 away")
    copy = t.store.rectangles(doc)[1]
    assert (copy["color"], copy["alpha"]) == ("#00aa00", 6), f"the copy is {copy}"
    assert selection(t.driver) == [copy["id"]], "the copy is not the selection"


def test_space_after_button(t):
    """Space+drag pans after a toolbar button was clicked, rather than pressing it again or
    moving the rectangle under the pointer."""
    doc, _ = t.store.new("Space", (50, 50, 100, 80, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    t.driver.find_element(By.ID, "toggle-grid").click()
    grid = t.driver.find_element(By.ID, "toggle-grid").get_attribute("aria-pressed")
    before = screen(t.driver, 0, 0)
    ActionChains(t.driver).key_down(Keys.SPACE).perform()
    drag_canvas(t.driver, (100, 90), (140, 120))
    ActionChains(t.driver).key_up(Keys.SPACE).perform()
    idle(t.driver)
    after = screen(t.driver, 0, 0)
    assert (after["x"] - before["x"], after["y"] - before["y"]) == (40, 30), \
        f"the canvas moved by {after['x'] - before['x']}, {after['y'] - before['y']}"
    assert boxes(t.store, doc) == [(50, 50, 100, 80)], "Space+drag moved the rectangle"
    assert t.driver.find_element(By.ID, "toggle-grid").get_attribute("aria-pressed") == grid, \
        "Space pressed the grid button again"
