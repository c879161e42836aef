"""Keys and menus that act only where they should, in headless Chromium with real input: no
command during a drag, a pinch that opens no menu, the zoom control under the hand tool, Escape
in a field while an old version is shown, the editor's keys with the alpha slider focused.

As in reach_test.py, each check is a test of its own on a drawing of its own; one failing
does not stop the others.

Run: python3 -m pytest Tests/browser/guard_test.py [-k NAME] [--drawdoc PATH]
"""
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("guard_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from checks import boxes, context_menu_items, phone  # noqa: E402
from served_app import wait  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, chord, click, idle, open_editor, press_and_move, release, screen, selection)


def test_no_command_during_a_drag(t):
    """Delete and Ctrl+A pressed while a move is under way do nothing; the move is made."""
    doc, ids = t.store.new("Drag", (50, 50, 60, 40, "#ff0000"), (200, 50, 60, 40, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_script(EDITOR + "perform('toggle-snap')")
    click(t.driver, screen(t.driver, 80, 70))
    press_and_move(t.driver, screen(t.driver, 80, 70), screen(t.driver, 110, 90))
    ActionChains(t.driver).send_keys(Keys.DELETE).perform()
    chord(t.driver, Keys.CONTROL, "a")
    release(t.driver)
    wait("the red rectangle moved by 30, 20",
         lambda: boxes(t.store, doc) == [(80, 70, 60, 40), (200, 50, 60, 40)], 10, 0.1)
    assert selection(t.driver) == [ids[0]], f"Ctrl+A acted during the drag: {selection(t.driver)}"


def test_pinch_opens_no_menu(t):
    """On a phone, two fingers pinching for a second zoom, and open no context menu."""
    doc, _ = t.store.new("Pinch", (100, 100, 160, 120, "#ff0000"))
    with phone(t.driver):
        open_editor(t.driver, t.base, doc)
        zoom = t.driver.execute_script(EDITOR + "zoom()")
        middle = screen(t.driver, 180, 160)
        actions = ActionBuilder(t.driver)
        fingers = [actions.add_pointer_input(interaction.POINTER_TOUCH, name)
                   for name in ("one", "two")]
        for side, finger in zip((-1, 1), fingers):
            finger.create_pointer_move(x=round(middle["x"] + side * 20), y=round(middle["y"]))
            finger.create_pointer_down()
        # Spread apart over a second: the fingers' own moves, not a wait.
        for spread in range(30, 130, 10):
            for side, finger in zip((-1, 1), fingers):
                finger.create_pointer_move(duration=100, x=round(middle["x"] + side * spread),
                                           y=round(middle["y"]))
        for finger in fingers:
            finger.create_pointer_up(0)
        actions.perform()
        wait("a larger zoom", lambda: t.driver.execute_script(EDITOR + "zoom()") > zoom * 2,
             5, 0.05)
        idle(t.driver)
        assert context_menu_items(t.driver) is None, "the pinch opened the context menu"


def test_zoom_control_under_the_hand_tool(t):
    """With the hand tool, the zoom control's + is pressed, not panned from."""
    doc, _ = t.store.new("Hand", (100, 100, 60, 40, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 300, 250))
    ActionChains(t.driver).send_keys("h").perform()
    zoom = t.driver.execute_script(EDITOR + "zoom()")
    t.driver.find_element(By.CSS_SELECTOR, ".zoom-control [data-action=zoom-in]").click()
    wait("zoomed in by 1.25",
         lambda: abs(t.driver.execute_script(EDITOR + "zoom()") - zoom * 1.25) < 1e-9, 5, 0.05)


def test_escape_in_a_field_during_a_preview(t):
    """While an old version is shown, Escape in a field drops what was typed and applies
    nothing, even when the field loses the focus after."""
    doc, (rid,) = t.store.new("Preview", (50, 50, 60, 40, "#ff0000"))
    t.store.run("set", doc, rid, "--color", "#00ff00")
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 80, 70))
    wait("selected", lambda: selection(t.driver) == [rid], 5, 0.05)
    versions = len(t.store.versions(doc))
    t.driver.find_element(By.CSS_SELECTOR, "#history-panel summary").click()
    entry = wait("the first version's entry", lambda: t.driver.find_elements(
        By.CSS_SELECTOR, '#history-list button[data-version="1"]'), 10, 0.1)[0]
    entry.click()
    wait("the preview", lambda: t.driver.find_elements(By.ID, "version-preview"), 10, 0.1)
    field = t.driver.find_element(By.ID, "field-x")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("300", Keys.ESCAPE)
    assert field.get_attribute("value") == "50", f"the field shows {field.get_attribute('value')}"
    t.driver.find_element(By.ID, "history-back").click()
    wait("the preview ended", lambda: not t.driver.find_elements(By.ID, "version-preview"),
         5, 0.05)
    idle(t.driver)
    assert boxes(t.store, doc) == [(50, 50, 60, 40)], f"the typed x was applied: {boxes(t.store, doc)}"
    assert len(t.store.versions(doc)) == versions, "a version was made"


def test_editor_keys_with_the_slider_focused(t):
    """After the alpha slider is clicked, Ctrl+Z still undoes: the slider keeps only its own
    keys (the arrows, Home, End, Page Up and Down)."""
    doc, _ = t.store.new("Slider", (50, 50, 60, 40, "#ff0000", 8))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 80, 70))
    slider = t.driver.find_element(By.ID, "field-alpha").rect
    # The slider's left end: alpha 1.
    click(t.driver, {"x": slider["x"] + 2, "y": slider["y"] + slider["height"] / 2})
    wait("alpha 1", lambda: t.store.rectangles(doc)[0]["alpha"] == 1, 10, 0.1)
    idle(t.driver)
    assert t.driver.execute_script("return document.activeElement.id") == "field-alpha"
    chord(t.driver, Keys.CONTROL, "z")
    wait("alpha 8 again", lambda: t.store.rectangles(doc)[0]["alpha"] == 8, 10, 0.1)
