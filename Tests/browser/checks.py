"""What the editor's checks (reach_test.py, tools_test.py, guard_test.py, looks_test.py,
panel_test.py) share: a phone, the context menu's items, a screenshot's pixels, the store's
boxes and versions. Each check is a test of its own, `test_NAME(t)`, given the file's session
(conftest.py's `t`: `driver`, `store`, the command line's view of it, and `base`, the server's
address).
"""
import tempfile
from contextlib import contextmanager

from check import read_png
from editor_actions import EDITOR, chord
from selenium.webdriver.common.keys import Keys
from served_app import wait


def png_rows(data):
    """The RGBA rows of a PNG given as bytes."""
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(data)
        file.flush()
        return read_png(file.name)[2]


@contextmanager
def phone(driver):
    """A phone, 390 × 844, touch only, as long as the block runs (open the page inside it)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                                  "maxTouchPoints": 5})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def context_menu_items(driver):
    return driver.execute_script(
        "const m = document.getElementById('context-menu');"
        "return m.hidden ? null : [...m.querySelectorAll('[role=menuitem]')]"
        "  .map((item) => item.dataset.action);")


# MARK: What the checks read of the page and the store

def zoom(driver):
    return driver.execute_script(EDITOR + "zoom()")


def boxes(store, doc):
    """Each rectangle's (x, y, width, height), bottom first, as the store has them."""
    return [(r["x"], r["y"], r["width"], r["height"]) for r in store.rectangles(doc)]


def select_all(driver):
    chord(driver, Keys.CONTROL, "a")


def stored(store, doc, expected, what):
    """Waits until the store's boxes are `expected`."""
    wait(what, lambda: boxes(store, doc) == expected, 10, 0.1)


def versions(store, doc):
    return len(store.versions(doc))
