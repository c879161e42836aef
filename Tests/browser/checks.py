"""The house style of the editor's checks (reach_test.py, tools_test.py, guard_test.py,
looks_test.py, panel_test.py): each check a function of its own, `check_NAME(t)`, given the
session with `store` (the command line's view of it) and `base` (the server's address); every
check runs, the failures are listed together at the end, and `--only NAME` runs the checks
whose name holds NAME. Also what the checks share: a phone, the context menu's items, a
screenshot's pixels, the store's boxes and versions.
"""
import tempfile
import traceback
from contextlib import contextmanager

from check import read_png
from editor_actions import EDITOR, Store, chord
from selenium.webdriver.common.keys import Keys
from served_app import Failure, run_browser_test, wait


def png_rows(data):
    """The RGBA rows of a PNG given as bytes."""
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(data)
        file.flush()
        return read_png(file.name)[2]


def run_checks(name, title, description, checks):
    """Runs `checks` in one browser and one server (served_app.run_browser_test)."""
    def add_arguments(parser):
        parser.add_argument("--only", help="run only the checks whose name holds this text")

    def test(session):
        t = session
        t.store = Store(session.drawdoc, session.env)
        t.base = session.server.base
        failures = []
        for check in checks:
            if session.options.only and session.options.only not in check.__name__:
                continue
            try:
                check(t)
                print(f"  {check.__name__}: passed", flush=True)
            except Exception as error:  # one failure, of any kind, does not hide the others
                failures.append(f"{check.__name__}: {error or traceback.format_exc(limit=2)}")
                print(f"  {check.__name__}: FAILED: {error}", flush=True)
        if failures:
            raise Failure(f"{len(failures)} of the checks failed:\n  " + "\n  ".join(failures))

    run_browser_test(name, title, description, test, add_arguments)


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
