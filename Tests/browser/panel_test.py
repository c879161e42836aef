"""The editor's side panel in headless Chromium, with real mouse and keys: the page's undo
takes back "Restore this version" (and redo makes it again); the layers list stays where it is
when a click on a row selects (a second click there makes no version); the palette and the
recent colours under the color field set the selection's colour as one edit, by click and by
keyboard, and the recent ones are kept by the browser.

As in reach_test.py, each check is a test of its own, on its own drawing, and
what each expects is worked out here and compared with `drawdoc open --json`.

Run: python3 -m pytest Tests/browser/panel_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("panel_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from served_app import wait  # noqa: E402
from editor_actions import (  # noqa: E402
    chord, click, idle, open_editor, screen, selection)


def versions(store, doc):
    return len(store.versions(doc))


def drawing(store, doc):
    """The title and the rectangles, bottom first, as `drawdoc open --json` has them."""
    opened = json.loads(store.run("open", doc, "--json"))
    return opened["title"], opened["rectangles"]


def centre(driver, element):
    """The client point in the middle of an element, scrolled into view."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", element)
    return driver.execute_script("const b = arguments[0].getBoundingClientRect();"
                                 "return {x: b.x + b.width / 2, y: b.y + b.height / 2};", element)


def press(driver, element):
    """A real mouse click in the middle of an element."""
    click(driver, centre(driver, element))


def colors(store, doc):
    return [r["color"] for r in store.rectangles(doc)]


# MARK: Undo of a restore

def test_restore_undone(t):
    """Restore this version, then Ctrl+Z: the drawing as it was; Shift+Ctrl+Z: restored again."""
    doc, (a, b, c) = t.store.new("Restore", (20, 20, 60, 40, "#008080"),
                                 (120, 20, 60, 40, "#ff6347"), (220, 20, 60, 40, "#ffd700"))
    restored_version = versions(t.store, doc)  # the title and the three rectangles
    restored = drawing(t.store, doc)
    # Since: a field changed, one removed, one added, the order and the title changed.
    t.store.run("set", doc, a, "--x", "35", "--color", "#336699")
    t.store.run("remove", doc, b)
    t.store.run("add", doc, "--x", "40", "--y", "120", "--width", "90", "--height", "50",
                "--color", "#000080", "--alpha", "7")
    t.store.run("raise", doc, a, "--to-top")
    t.store.run("rename", doc, "Restore, later")
    current = drawing(t.store, doc)
    open_editor(t.driver, t.base, doc)
    panel = t.driver.find_element(By.ID, "history-panel")
    press(t.driver, panel.find_element(By.TAG_NAME, "summary"))
    entry = wait("the version to restore in the list", lambda: t.driver.find_elements(
        By.CSS_SELECTOR, f'#history-list button[data-version="{restored_version}"]'), 5, 0.1)
    press(t.driver, entry[0])
    restore = t.driver.find_element(By.ID, "history-restore")
    wait("Restore this version enabled", lambda: restore.is_enabled(), 5, 0.05)
    count = versions(t.store, doc)
    press(t.driver, restore)
    wait("the version restored", lambda: drawing(t.store, doc) == restored, 10, 0.1)
    assert versions(t.store, doc) == count + 1, "the restore is not one version"
    wait("the page at the restored version",
         lambda: t.driver.execute_script("return drawdocEditor.version") == count + 1, 5, 0.05)
    # The keys go to the canvas, as after any click on it (on empty canvas: nothing selected).
    click(t.driver, screen(t.driver, 380, 280))
    wait("undo enabled", lambda: t.driver.find_element(By.ID, "undo").is_enabled(), 5, 0.05)
    chord(t.driver, Keys.CONTROL, "z")
    wait("the drawing as before the restore", lambda: drawing(t.store, doc) == current, 10, 0.1)
    assert versions(t.store, doc) == count + 2, "the undo is not one version"
    idle(t.driver)
    chord(t.driver, Keys.CONTROL, Keys.SHIFT, "z")
    wait("the restore made again", lambda: drawing(t.store, doc) == restored, 10, 0.1)
    assert versions(t.store, doc) == count + 3, "the redo is not one version"


# MARK: The layers list stays put

def row(driver, rid):
    return driver.find_element(By.CSS_SELECTOR, f'#layers-list [data-id="{rid}"]')


def test_layer_row_stays(t):
    """With nothing selected, a click on a layer row selects it and the row stays under the
    pointer: a second click there makes no version."""
    doc, ids = t.store.new("Layers", (20, 20, 60, 40, "#ff0000"), (120, 20, 60, 40, "#00ff00"),
                           (220, 20, 60, 40, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    assert selection(t.driver) == [], "something is selected at first"
    target = row(t.driver, ids[0])
    point = centre(t.driver, target)
    count = versions(t.store, doc)
    click(t.driver, point)
    wait("the row's rectangle selected", lambda: selection(t.driver) == [ids[0]], 5, 0.05)
    after = t.driver.execute_script("const b = arguments[0].getBoundingClientRect();"
                                    "return {x: b.x + b.width / 2, y: b.y + b.height / 2};",
                                    row(t.driver, ids[0]))
    assert abs(after["y"] - point["y"]) < 0.5, \
        f"the row moved from y {point['y']:.1f} to {after['y']:.1f} when the selection showed"
    click(t.driver, point)
    idle(t.driver)
    assert selection(t.driver) == [ids[0]], f"the second click selected {selection(t.driver)}"
    assert versions(t.store, doc) == count, "the second click made a version"


# MARK: The palette and the recent colours

def swatch(driver, where, color):
    found = driver.find_elements(
        By.CSS_SELECTOR, f'#swatches .{where} button[aria-label="Colour {color}"]')
    return found[0] if found and found[0].is_displayed() else None


def recent(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#swatches .recent button')]"
        ".map((b) => b.getAttribute('aria-label'));")


def test_swatches(t):
    """A palette swatch and a recent one set the selection's colour, one version each; the
    swatches are reached and pressed by keyboard; the recent ones outlive the page."""
    doc, (a, b) = t.store.new("Swatches", (20, 20, 60, 40, "#00ff00"), (120, 20, 60, 40, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_script("localStorage.removeItem('drawdoc-recent-colors')")
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 50, 40))
    wait("a selected", lambda: selection(t.driver) == [a], 5, 0.05)
    red = wait("the palette's red", lambda: swatch(t.driver, "swatch-row", "#e03131"), 5, 0.05)
    count = versions(t.store, doc)
    press(t.driver, red)
    wait("a red", lambda: colors(t.store, doc) == ["#e03131", "#0000ff"], 5, 0.1)
    assert versions(t.store, doc) == count + 1, "the swatch made more than one version"
    wait("red first among the recent", lambda: recent(t.driver)[:1] == ["Colour #e03131"], 5, 0.05)
    # Both selected: one swatch, one edit of both.
    idle(t.driver)
    chord(t.driver, Keys.CONTROL, "a")
    wait("both selected", lambda: selection(t.driver) == sorted([a, b]), 5, 0.05)
    press(t.driver, swatch(t.driver, "swatch-row", "#1971c2"))
    wait("both blue", lambda: colors(t.store, doc) == ["#1971c2", "#1971c2"], 5, 0.1)
    assert versions(t.store, doc) == count + 2, "two rectangles' colour was not one version"
    idle(t.driver)
    # By keyboard: Tab from the color field reaches the swatches (one stop, on the one last
    # clicked); the arrow keys move; Space presses.
    t.driver.find_element(By.ID, "field-color").click()
    ActionChains(t.driver).send_keys(Keys.TAB, Keys.TAB).perform()
    focused = t.driver.execute_script("return document.activeElement.getAttribute('aria-label')")
    assert focused == "Colour #1971c2", f"Tab from the color field reached {focused!r}"
    ActionChains(t.driver).send_keys(Keys.ARROW_LEFT, Keys.SPACE).perform()
    wait("both violet", lambda: colors(t.store, doc) == ["#9c36b5", "#9c36b5"], 5, 0.1)
    assert selection(t.driver) == sorted([a, b]), "the arrow key moved the selection"
    assert versions(t.store, doc) == count + 3, "the keyboard's swatch was not one version"
    # A colour typed in the field is a recent one too, as the drawing keeps it.
    idle(t.driver)
    field = t.driver.find_element(By.ID, "field-color")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("teal", Keys.ENTER)
    wait("both teal", lambda: colors(t.store, doc) == ["#008080", "#008080"], 5, 0.1)
    wanted = ["Colour #008080", "Colour #9c36b5", "Colour #1971c2", "Colour #e03131"]
    wait("the recent colours, newest first", lambda: recent(t.driver) == wanted, 5, 0.05)
    # A fresh page of this browser shows them, and a recent swatch sets the colour.
    open_editor(t.driver, t.base, doc)
    assert recent(t.driver) == wanted, f"a fresh page shows {recent(t.driver)}"
    click(t.driver, screen(t.driver, 150, 40))
    wait("b selected", lambda: selection(t.driver) == [b], 5, 0.05)
    press(t.driver, swatch(t.driver, "recent", "#e03131"))
    wait("b red", lambda: colors(t.store, doc) == ["#008080", "#e03131"], 5, 0.1)
