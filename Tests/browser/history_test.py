"""The editor's History panel in headless Chromium, with real pointer and keyboard events:
opened, it lists the versions newest first, each with its number, time, words and rectangle
count as `drawdoc history --json` says them, the current one marked; a click on an older
version shows that version's picture over the canvas (its rectangles those of
`drawdoc export DOC --at N --format json`), while the canvas under it stays the file; an edit
tried meanwhile (Delete, an arrow key, a field) is refused with a notice and changes nothing on
disk; Escape ends the preview and the canvas is the file again; "Restore this version" makes
one new version, `restored version N`, whose rectangles are version N's, and the canvas shows
it; the keys move along the list and Enter previews; closing the panel ends a preview; open,
the list follows a change made by a terminal.

Every check of the drawing is against `drawdoc open --json`, `drawdoc export --at N` and
`drawdoc history --json`; the page is read only for what it shows. Each step is a test;
they run in order on one drawing, each from where the one before left the page.

Run: python3 -m pytest Tests/browser/history_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import sys
from types import SimpleNamespace

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("history_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402
from editor_actions import (  # noqa: E402
    canvas_is_file, click, idle, node, notices, open_editor, screen, selection, type_into)

# The entries of the list, in the page's order: what each shows.
ENTRIES = """return [...document.querySelectorAll('#history-list button.version')].map((b) => ({
  version: Number(b.dataset.version),
  number: b.querySelector('.number').textContent,
  time: b.querySelector('time').getAttribute('datetime'),
  change: b.querySelector('.change').textContent,
  count: b.querySelector('.count').textContent,
  current: b.getAttribute('aria-current') === 'true',
  now: Boolean(b.querySelector('.now')),
  pressed: b.getAttribute('aria-pressed') === 'true'}));"""
# The rectangles of the picture shown over the canvas, as the file of that version writes them.
PREVIEW = """return [...document.querySelectorAll('#version-preview svg rect')].map((n) =>
  ['data-id', 'x', 'y', 'width', 'height', 'fill', 'fill-opacity']
    .map((a) => n.getAttribute(a)));"""


def counted(n):
    return "1 rectangle" if n == 1 else f"{n:,} rectangles"


def version_rectangles(store, doc, version):
    """Version `version`'s rectangles, bottom first, as `drawdoc export --at` reads them."""
    return json.loads(store.run("export", doc, "--at", str(version), "--format", "json"))[
        "rectangles"]


def as_attributes(r):
    """A rectangle of the JSON form as the SVG file writes its attributes' values."""
    def number(value):
        return str(int(value)) if float(value).is_integer() else str(value)
    return [r["id"], *(number(r[k]) for k in ("x", "y", "width", "height")), r["color"],
            "1" if r["alpha"] == 10 else f"0.{r['alpha']}"]


def entries_are_history(driver, store, doc):
    """Whether the list shows what `drawdoc history --json` says, newest first."""
    versions = store.versions(doc)
    shown = driver.execute_script(ENTRIES)
    wanted = [{"version": v["version"], "number": f"Version {v['version']}", "time": v["time"],
               "change": v["change"], "count": counted(v["rectangles"]),
               "current": at == 0, "now": at == 0} for at, v in enumerate(versions)]
    return [{k: e[k] for k in wanted[0]} for e in shown] == wanted if shown else False


def entry(driver, version):
    return driver.find_element(By.CSS_SELECTOR, f'#history-list button[data-version="{version}"]')


def press(driver, element):
    """A real mouse click in the middle of an element of the panel, scrolled into view."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = driver.execute_script("const b = arguments[0].getBoundingClientRect();"
                                "return {x: b.x + b.width / 2, y: b.y + b.height / 2};", element)
    click(driver, box)


def preview_is(driver, store, doc, version):
    """Whether the picture over the canvas holds version `version`'s rectangles, in order."""
    return driver.execute_script(PREVIEW) == [as_attributes(r) for r in
                                              version_rectangles(store, doc, version)]


def no_preview(driver):
    return not driver.find_elements(By.ID, "version-preview")


def unchanged_on_disk(driver, store, doc, file, count, what):
    idle(driver)  # a run of arrow presses, sent 400 ms after the last, included
    if store.run("export", doc) != file or len(store.versions(doc)) != count:
        raise Failure(f"{what} during a preview changed the drawing on disk")


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_panel_closed_at_first(driver, store, base, kept):
    """The panel is closed at first and has read nothing."""
    doc, (a, b, c) = store.new("History", (20, 20, 60, 40, "teal"), (120, 20, 60, 40, "tomato"),
                               (220, 20, 60, 40, "gold"))
    kept.a, kept.doc = a, doc
    store.run("set", doc, b, "--color", "#336699", "--alpha", "5")
    store.run("remove", doc, c)
    store.run("add", doc, "--x", "40", "--y", "120", "--width", "90", "--height", "50",
              "--color", "navy", "--alpha", "7")
    store.run("rename", doc, "History, later")
    open_editor(driver, base, doc)
    click(driver, screen(driver, 50, 40))
    wait("a selected", lambda: selection(driver) == [a], 5, 0.05)

    panel = driver.find_element(By.ID, "history-panel")
    kept.panel = panel
    if panel.get_attribute("open") is not None or driver.execute_script(ENTRIES):
        raise Failure("the History panel is open, or lists versions, before it is opened")


def test_opened_lists_every_version(driver, store, kept):
    """Opened, it lists every version newest first, as drawdoc history says."""
    doc, panel = kept.doc, kept.panel
    press(driver, panel.find_element(By.TAG_NAME, "summary"))
    wait("the list as the history", lambda: entries_are_history(driver, store, doc), 5, 0.1)
    if len(store.versions(doc)) != 8:
        raise Failure(f"the drawing has {len(store.versions(doc))} versions, not 8")


def test_click_shows_a_version_over_the_canvas(driver, store, kept):
    """A click on version 4 shows its picture over the canvas; the canvas stays the file."""
    doc = kept.doc
    press(driver, entry(driver, 4))
    wait("version 4 over the canvas", lambda: preview_is(driver, store, doc, 4), 5, 0.1)
    shown = driver.execute_script(ENTRIES)
    if [e["version"] for e in shown if e["pressed"]] != [4]:
        raise Failure(f"the entries marked shown: {[e for e in shown if e['pressed']]}")
    status = driver.find_element(By.ID, "history-status").text
    if not status.startswith("Showing version 4") or "read-only" not in status:
        raise Failure(f"the panel says {status!r} during the preview of version 4")
    # The stage, which takes the pointer, lies over the picture: the topmost element of the
    # picture there (hit-tested for this question alone) must be the preview's.
    on_top = driver.execute_script(
        "const layer = document.querySelector('.picture-layer');"
        "layer.style.pointerEvents = 'auto';"
        "const e = document.elementsFromPoint(arguments[0], arguments[1])"
        "  .find((element) => layer.contains(element) && element !== layer);"
        "layer.style.pointerEvents = '';"
        "return Boolean(e && e.closest('#version-preview'));", *screen(driver, 250, 40).values())
    if not on_top:
        raise Failure("the preview is not drawn over the canvas where version 4 has gold")
    placed = driver.execute_script(
        "const b = document.querySelector('#version-preview svg').getBoundingClientRect();"
        "return [b.x, b.y, b.width, b.height];")
    corner, zoom = screen(driver, 0, 0), driver.execute_script("return drawdocEditor.zoom()")
    if max(abs(u - v) for u, v in zip(placed, (corner["x"], corner["y"], 400 * zoom,
                                               300 * zoom))) > 1:
        raise Failure(f"the preview lies at {placed}, the canvas at {corner}, zoom {zoom}")
    if not canvas_is_file(driver, store, doc):
        raise Failure("the canvas under the preview is not the current file")
    if driver.find_element(By.ID, "history-restore").get_attribute("disabled") is not None:
        raise Failure("Restore this version is disabled during a preview")


def test_edits_refused_during_a_preview(driver, store, kept):
    """Delete, an arrow key and a field are refused with a notice; nothing changes on disk."""
    doc = kept.doc
    file, count = store.run("export", doc), len(store.versions(doc))
    kept.count = count
    kept.file = file
    for what, act in (
            ("Delete", lambda: ActionChains(driver).send_keys(Keys.DELETE).perform()),
            ("an arrow key", lambda: ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()),
            ("the x field", lambda: type_into(driver, "field-x", "99"))):
        # The same sentence is not shown twice at once: each attempt waits for the last to go.
        wait("no notice showing", lambda: not driver.find_elements(By.CSS_SELECTOR, ".notice"),
             8, 0.1)
        seen = len(notices(driver))
        act()
        said = wait(f"the notice after {what}", lambda: [
            n for n in notices(driver)[seen:] if "old version is shown" in n], 5, 0.05)
        if "Escape" not in said[0]:
            raise Failure(f"the notice does not say how to go back: {said[0]!r}")
        unchanged_on_disk(driver, store, doc, file, count, what)
    if not preview_is(driver, store, doc, 4):
        raise Failure("the preview changed after the refused edits")


def test_escape_ends_the_preview(driver, store, base, kept):
    """Escape ends the preview: the canvas is the file, as it was."""
    a, count, doc, file = kept.a, kept.count, kept.doc, kept.file
    found = []  # what is wrong but does not stop the checks after it
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait("the preview gone", lambda: no_preview(driver), 5, 0.05)
    idle(driver)
    if any(e["pressed"] for e in driver.execute_script(ENTRIES)):
        raise Failure("an entry is still marked shown after Escape")
    if not canvas_is_file(driver, store, doc):
        # Not fatal: the steps after it say what else is wrong.
        found.append(f"after the preview the canvas is not the file: {a} shows as "
                     f"{node(driver, a)}, the file has {store.rect(doc, a)}")
    shown_x = driver.find_element(By.ID, "field-x").get_attribute("value")
    if shown_x != "20":
        found.append(f"after the preview the x field shows {shown_x!r}, the file has 20")
    if found:
        # A fresh page, so that the steps after it are not misled by what it left.
        open_editor(driver, base, doc)
        panel = driver.find_element(By.ID, "history-panel")
        press(driver, panel.find_element(By.TAG_NAME, "summary"))
        wait("the list", lambda: entries_are_history(driver, store, doc), 5, 0.1)
        kept.panel = panel
    unchanged_on_disk(driver, store, doc, file, count, "ending the preview")
    if found:
        raise Failure("; ".join(found))


def test_restore_makes_one_version(driver, store, kept):
    """Restore this version makes one new version with version 4's rectangles."""
    count, doc = kept.count, kept.doc
    press(driver, entry(driver, 4))
    wait("version 4 over the canvas", lambda: preview_is(driver, store, doc, 4), 5, 0.1)
    seen = len(notices(driver))
    press(driver, driver.find_element(By.ID, "history-restore"))
    versions = wait("the new version", lambda: (lambda v: v if len(v) > count else None)(
        store.versions(doc)), 5, 0.1)
    idle(driver)
    versions = store.versions(doc)
    if len(versions) != count + 1 or versions[0]["change"] != "restored version 4":
        raise Failure(f"restoring made {[v['change'] for v in versions[:3]]}")
    if store.rectangles(doc) != version_rectangles(store, doc, 4):
        raise Failure(f"the file holds {store.rectangles(doc)} after restoring version 4")
    wait("the preview ended", lambda: no_preview(driver), 5, 0.05)
    wait("the canvas shows it", lambda: canvas_is_file(driver, store, doc), 5, 0.1)
    wait("the list with the new version", lambda: entries_are_history(driver, store, doc), 5, 0.1)
    wait("the notice", lambda: [n for n in notices(driver)[seen:]
                                if n == f"Version 4 is back, as version {count + 1}."], 5, 0.05)


def test_keys_move_along_the_list(driver, store, kept):
    """The keys move along the list; Enter shows a version, and again ends it."""
    count, doc = kept.count, kept.doc
    entry(driver, count + 1).click()  # the focus on the current version's entry
    ActionChains(driver).send_keys(Keys.END).perform()
    if driver.execute_script("return document.activeElement.dataset.version") != "1":
        raise Failure("End did not go to the oldest version")
    ActionChains(driver).send_keys(Keys.ARROW_UP).send_keys(Keys.ENTER).perform()
    wait("version 2 over the canvas", lambda: preview_is(driver, store, doc, 2), 5, 0.1)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait("the preview ended by Enter again", lambda: no_preview(driver), 5, 0.05)


def test_closing_the_panel_ends_a_preview(driver, store, kept):
    """Closing the panel ends a preview."""
    doc, panel = kept.doc, kept.panel
    # Selenium's own click of the entry, where it is when clicked: the list has just been
    # drawn again, and a click at a place measured a moment before can land on its neighbour.
    entry(driver, 3).click()
    wait("version 3 over the canvas", lambda: preview_is(driver, store, doc, 3), 5, 0.1)
    press(driver, panel.find_element(By.TAG_NAME, "summary"))
    wait("the preview ended by closing", lambda: no_preview(driver), 5, 0.05)
    if not canvas_is_file(driver, store, doc):
        raise Failure("after closing the panel the canvas is not the file")


def test_open_list_follows_a_terminal(driver, store, kept):
    """Open, the list follows a change made by a terminal."""
    a, doc, panel = kept.a, kept.doc, kept.panel
    press(driver, panel.find_element(By.TAG_NAME, "summary"))
    wait("the list", lambda: entries_are_history(driver, store, doc), 5, 0.1)
    store.run("set", doc, a, "--x", "30")
    wait("the terminal's version on top", lambda: entries_are_history(driver, store, doc)
         and driver.execute_script(ENTRIES)[0]["change"] == f"set x of {a}", 5, 0.1)
