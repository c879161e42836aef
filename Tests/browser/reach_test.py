"""The commands a person used to Figma or Excalidraw reaches for, in headless Chromium with
real mouse, wheel and keys: the action registry (`drawdocEditor.actions()`), align and
distribute, the context menu, the command palette, the `?` dialog made from the registry,
zoom keys and controls, Shift+wheel, Escape in a field, undo of a delete, paste in sight and
at the menu's point, the alpha slider's run as one version, mixed values shown as none, the
loading state and the canvas's focus ring, and a fit from far in drawn at its zoom at once.
The tools and their gestures are tools_test.py's.

Each check is a test of its own (pytest; the fixtures are conftest.py's: one server and
one browser for the file), on a drawing of its own; one failing does not stop the others.
Every expected value is worked out here from the drawing and the input, and compared with
the command line's view of the store.

Run: python3 -m pytest Tests/browser/reach_test.py [-k NAME] [--drawdoc PATH]
"""
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("reach_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from checks import (  # noqa: E402
    boxes, context_menu_items, png_rows, select_all, stored, versions, zoom)
from served_app import wait  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, chord, click, hover, idle, open_editor, screen, selection)


# MARK: The registry and what is made from it

def test_actions_listed(t):
    """`drawdocEditor.actions()` lists the registry: names, labels, keys, whether each applies."""
    doc, _ = t.store.new("Actions", (10, 10, 50, 40, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    listed = t.driver.execute_script(EDITOR + "actions()")
    by_name = {a["name"]: a for a in listed}
    for name, keys in [("align-left", ["Alt+A"]), ("distribute-horizontal", ["Alt+Shift+H"]),
                       ("zoom-selection", ["Shift+2"]), ("command-palette", ["Mod+K"]),
                       ("tool-lock", ["Q"]), ("undo", ["Mod+Z"])]:
        assert name in by_name, f"{name} is not in the registry: {sorted(by_name)}"
        assert by_name[name]["keys"] == keys, f"{name} has keys {by_name[name]['keys']}"
    assert by_name["align-left"]["enabled"] is False, "align applies with nothing selected"
    assert by_name["undo"]["enabled"] is False, "undo applies before any edit"
    select_all(t.driver)
    listed = {a["name"]: a for a in t.driver.execute_script(EDITOR + "actions()")}
    assert listed["align-left"]["enabled"] is True, "align does not apply to a selection"
    assert listed["distribute-horizontal"]["enabled"] is False, "distribute applies to one"


def test_align_and_distribute(t):
    """Alt+A aligns the left edges, Alt+Shift+H evens the gaps: one version each."""
    doc, _ = t.store.new("Align", (10, 10, 50, 40, "#ff0000"), (130, 80, 30, 30, "#00ff00"),
                         (70, 150, 20, 60, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    select_all(t.driver)
    before = versions(t.store, doc)
    chord(t.driver, Keys.ALT, Keys.SHIFT, "h")
    # Left edges 10, 70, 130; widths 50, 20, 30; span 10…160: gaps (150 − 100) / 2 = 25.
    stored(t.store, doc, [(10, 10, 50, 40), (130, 80, 30, 30), (85, 150, 20, 60)],
           "the middle rectangle moved to x 85")
    chord(t.driver, Keys.ALT, "a")
    stored(t.store, doc, [(10, 10, 50, 40), (10, 80, 30, 30), (10, 150, 20, 60)],
           "every left edge at 10")
    chord(t.driver, Keys.ALT, "s")
    # Bottom of the three: 150 + 60 = 210.
    stored(t.store, doc, [(10, 170, 50, 40), (10, 180, 30, 30), (10, 150, 20, 60)],
           "every bottom edge at 210")
    assert versions(t.store, doc) == before + 3, "not one version for each command"


def test_context_menu(t):
    """A right-click on a rectangle selects it and offers what fits; Delete there removes it."""
    doc, ids = t.store.new("Menu", (20, 20, 60, 60, "#ff0000"), (150, 40, 60, 60, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    stage = t.driver.find_element(By.ID, "stage")
    point = screen(t.driver, 180, 70)
    hover(t.driver, point)
    ActionChains(t.driver).context_click().perform()
    items = wait("the context menu", lambda: context_menu_items(t.driver), 5, 0.05)
    assert selection(t.driver) == [ids[1]], f"the right-click selected {selection(t.driver)}"
    for name in ["copy", "duplicate", "delete", "align-left", "order-front"]:
        assert name in items, f"{name} is not in the menu: {items}"
    assert "distribute-horizontal" not in items, "distribute is offered for one rectangle"
    t.driver.find_element(By.CSS_SELECTOR, "#context-menu [data-action=delete]").click()
    stored(t.store, doc, [(20, 20, 60, 60)], "the blue rectangle removed")
    # On empty canvas: no rectangle commands, and the selection cleared.
    click(t.driver, screen(t.driver, 40, 40))
    hover(t.driver, screen(t.driver, 300, 250))
    ActionChains(t.driver).context_click().perform()
    items = wait("the context menu on empty canvas", lambda: context_menu_items(t.driver), 5, 0.05)
    assert "delete" not in items and "select-all" in items, f"the empty canvas offers {items}"
    assert selection(t.driver) == [], "a right-click on empty canvas kept the selection"
    ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()
    wait("the menu closed", lambda: context_menu_items(t.driver) is None, 5, 0.05)
    del stage


def test_palette(t):
    """Ctrl+K, a few words, Enter: the command runs."""
    doc, _ = t.store.new("Palette", (10, 10, 50, 40, "#ff0000"), (100, 60, 30, 30, "#00ff00"))
    open_editor(t.driver, t.base, doc)
    select_all(t.driver)
    chord(t.driver, Keys.CONTROL, "k")
    search = wait("the palette", lambda: (lambda e: e if e.is_displayed() else None)(
        t.driver.find_element(By.ID, "palette-search")), 5, 0.05)
    search.send_keys("align right")
    first = t.driver.execute_script(
        "return document.querySelector('#palette-results [aria-selected=true]').dataset.action")
    assert first == "align-right", f"the palette's first entry is {first}"
    search.send_keys(Keys.ENTER)
    # Right edges: 60 and 130, so both at 130.
    stored(t.store, doc, [(80, 10, 50, 40), (100, 60, 30, 30)], "both right edges at 130")


def test_shortcuts_dialog(t):
    """`?` lists every key of the registry, with its label."""
    doc, _ = t.store.new("Keys", (10, 10, 50, 40, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 200, 200))
    ActionChains(t.driver).send_keys("?").perform()
    wait("the shortcuts dialog", lambda: t.driver.execute_script(
        "return document.getElementById('shortcuts').open"), 5, 0.05)
    text = t.driver.find_element(By.ID, "shortcut-keys").text
    for words in ["Alt+A", "Align left", "Shift+2", "Zoom to selection", "Ctrl+K", "Q"]:
        assert words in text, f"the dialog does not say {words!r}"
    ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()


def test_copy_selection_as_png_and_svg(t):
    """The context menu copies the selection as a PNG (2 pixels a unit) and as SVG text."""
    doc, ids = t.store.new("Copy", (20, 20, 40, 20, "#ff0000"), (100, 100, 30, 30, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": t.base.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    for name in ["copy-png", "copy-svg"]:
        hover(t.driver, screen(t.driver, 30, 30))
        ActionChains(t.driver).context_click().perform()
        wait("the context menu", lambda: context_menu_items(t.driver), 5, 0.05)
        t.driver.find_element(By.CSS_SELECTOR, f"#context-menu [data-action={name}]").click()
        if name == "copy-png":
            size = wait("a PNG on the clipboard", lambda: t.driver.execute_async_script("""
              const done = arguments[arguments.length - 1];
              navigator.clipboard.read().then(async (items) => {
                const item = items.find((i) => i.types.includes('image/png'));
                if (!item) return done(null);
                const bitmap = await createImageBitmap(await item.getType('image/png'));
                done([bitmap.width, bitmap.height]);
              }).catch(() => done(null));"""), 5, 0.1)
            # The red rectangle alone, 40 × 20 units, at 2 pixels a unit.
            assert size == [80, 40], f"the PNG is {size}, not 80 × 40"
        else:
            text = wait("SVG text on the clipboard", lambda: t.driver.execute_async_script("""
              const done = arguments[arguments.length - 1];
              navigator.clipboard.readText().then((text) => done(text.includes('<svg') && text))
                .catch(() => done(null));"""), 5, 0.1)
            assert f'data-id="{ids[0]}"' in text and ids[1] not in text, f"the SVG is {text!r}"


def test_toggles_look_apart_from_tools(t):
    """A toggle that is on (snapping) is not drawn as the tool in use is."""
    doc, _ = t.store.new("Looks", (20, 20, 40, 20, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    colours = t.driver.execute_script(
        "return ['button[data-tool=select]', '#toggle-snap'].map((s) =>"
        "  getComputedStyle(document.querySelector(s)).backgroundColor);")
    assert t.driver.find_element(By.ID, "toggle-snap").get_attribute("aria-pressed") == "true"
    assert colours[0] != colours[1], f"the tool and the toggle are both {colours[0]}"


# MARK: The view

def test_zoom_keys_and_control(t):
    """Ctrl+= and Ctrl+- zoom the drawing, not the page; Ctrl+0 is 100 %; Shift+2 shows the
    selection; the percentage shown follows, and its menu zooms to fit."""
    doc, _ = t.store.new("Zoom", (300, 200, 40, 30, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 10, 10))
    start = zoom(t.driver)
    page_zoom = t.driver.execute_script("return visualViewport.scale * devicePixelRatio")
    chord(t.driver, Keys.CONTROL, "=")
    wait("zoomed in by 1.25", lambda: abs(zoom(t.driver) - start * 1.25) < 1e-9, 5, 0.05)
    assert t.driver.execute_script("return visualViewport.scale * devicePixelRatio") == page_zoom, \
        "Ctrl+= zoomed the whole page"
    chord(t.driver, Keys.CONTROL, "-")
    chord(t.driver, Keys.CONTROL, "-")
    wait("zoomed out", lambda: abs(zoom(t.driver) - start / 1.25) < 1e-9, 5, 0.05)
    chord(t.driver, Keys.CONTROL, "0")
    wait("100 %", lambda: zoom(t.driver) == 1, 5, 0.05)
    assert t.driver.find_element(By.ID, "zoom-percent").text == "100 %"
    click(t.driver, screen(t.driver, 320, 215))
    chord(t.driver, Keys.SHIFT, "2")
    wait("zoomed to the selection", lambda: zoom(t.driver) > 4, 5, 0.05)
    stage = t.driver.find_element(By.ID, "stage").rect
    middle = screen(t.driver, 320, 215)
    assert abs(middle["x"] - (stage["x"] + stage["width"] / 2)) < 2 and \
        abs(middle["y"] - (stage["y"] + stage["height"] / 2)) < 2, "the selection is not centred"
    shown = t.driver.find_element(By.ID, "zoom-percent").text
    assert shown == f"{round(zoom(t.driver) * 100)} %", f"the control says {shown}"
    t.driver.find_element(By.ID, "zoom-percent").click()
    t.driver.find_element(By.CSS_SELECTOR, "#context-menu [data-action=zoom-fit]").click()
    wait("zoomed to fit", lambda: zoom(t.driver) < 4, 5, 0.05)


def test_shift_wheel(t):
    """Shift+wheel pans sideways; the wheel alone pans up and down."""
    doc, _ = t.store.new("Wheel", (10, 10, 50, 40, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    stage = t.driver.find_element(By.ID, "stage")
    before = screen(t.driver, 0, 0)
    ActionChains(t.driver).key_down(Keys.SHIFT).scroll_from_origin(
        ScrollOrigin.from_element(stage), 0, 100).key_up(Keys.SHIFT).perform()
    after = wait("a pan", lambda: (lambda p: p if p != before else None)(screen(t.driver, 0, 0)),
                 5, 0.05)
    assert after["y"] == before["y"] and after["x"] == before["x"] - 100, \
        f"Shift+wheel moved the canvas from {before} to {after}, not 100 px left"


# MARK: Panel and history

def test_escape_in_field(t):
    """Escape in a field drops what was typed; the next click applies nothing."""
    doc, _ = t.store.new("Field", (50, 50, 100, 80, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 80, 80))
    field = t.driver.find_element(By.ID, "field-x")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("300", Keys.ESCAPE)
    assert field.get_attribute("value") == "50", f"the field shows {field.get_attribute('value')}"
    click(t.driver, screen(t.driver, 90, 90))
    idle(t.driver)
    assert boxes(t.store, doc) == [(50, 50, 100, 80)], "the typed value was applied"


def test_undo_delete_reselects(t):
    doc, ids = t.store.new("Undo", (10, 10, 30, 30, "#ff0000"), (60, 10, 30, 30, "#0000ff"))
    open_editor(t.driver, t.base, doc)
    select_all(t.driver)
    ActionChains(t.driver).send_keys(Keys.DELETE).perform()
    wait("both removed", lambda: boxes(t.store, doc) == [], 10, 0.1)
    chord(t.driver, Keys.CONTROL, "z")
    wait("both back", lambda: len(boxes(t.store, doc)) == 2, 10, 0.1)
    assert selection(t.driver) == sorted(ids), f"after undo the selection is {selection(t.driver)}"


def test_paste_in_sight(t):
    """Ctrl+V at a zoom where the copied rectangle is out of sight pastes it in the middle of
    the view; the context menu's Paste pastes at the point it was opened."""
    doc, _ = t.store.new("Paste", (20, 20, 40, 20, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    t.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": t.base.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    click(t.driver, screen(t.driver, 30, 30))
    chord(t.driver, Keys.CONTROL, "c")
    # At 1.25^10 = 9.3 ×, about the drawing's middle: the copy 10 aside would be out of sight.
    for _ in range(10):
        chord(t.driver, Keys.CONTROL, "=")
    assert screen(t.driver, 70, 50)["x"] < t.driver.find_element(By.ID, "stage").rect["x"], \
        "the place 10 aside is in sight: zoom further in"
    stage = t.driver.find_element(By.ID, "stage").rect
    middle = t.driver.execute_script(
        "const v = drawdocEditor.toScreen(0, 0), z = drawdocEditor.zoom();"
        "return [(arguments[0] - v.x) / z, (arguments[1] - v.y) / z];",
        stage["x"] + stage["width"] / 2, stage["y"] + stage["height"] / 2)
    chord(t.driver, Keys.CONTROL, "v")
    expected = (round(middle[0] - 20), round(middle[1] - 10), 40, 20)
    stored(t.store, doc, [(20, 20, 40, 20), expected], f"the copy at {expected}, mid-view")
    hover(t.driver, screen(t.driver, 180, 140))
    ActionChains(t.driver).context_click().perform()
    wait("the context menu", lambda: context_menu_items(t.driver), 5, 0.05)
    t.driver.find_element(By.CSS_SELECTOR, "#context-menu [data-action=paste]").click()
    # Centred on (180, 140): 40 × 20 from (160, 130).
    wait("a third rectangle, at the menu's point",
         lambda: boxes(t.store, doc)[2:] == [(160, 130, 40, 20)], 10, 0.1)


def test_alpha_run_is_one_version(t):
    doc, _ = t.store.new("Alpha", (20, 20, 40, 20, "#ff0000", 8))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 30, 30))
    before = versions(t.store, doc)
    slider = t.driver.find_element(By.ID, "field-alpha")
    slider.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait("alpha 5", lambda: t.store.rectangles(doc)[0]["alpha"] == 5, 10, 0.1)
    idle(t.driver)
    assert versions(t.store, doc) == before + 1, \
        f"{versions(t.store, doc) - before} versions for one run of the slider"


def test_mixed_values(t):
    """Rectangles of two colours and alphas: no black swatch, no slider thumb at 10."""
    doc, _ = t.store.new("Mixed", (10, 10, 30, 30, "#ff0000", 3), (60, 10, 30, 30, "#00ff00", 9))
    open_editor(t.driver, t.base, doc)
    select_all(t.driver)
    # The picker as the screen shows it: before, a black swatch filled most of it.
    shot = t.driver.find_element(By.ID, "color-picker").screenshot_as_png
    black = sum(1 for row in png_rows(shot) for at in range(0, len(row), 4)
                if max(row[at:at + 3]) < 40)
    assert black == 0, f"the mixed colour shows {black} black pixels"
    # The slider: before, its thumb (and the filled track) at 10, in blue.
    shot = t.driver.find_element(By.ID, "field-alpha").screenshot_as_png
    blue = sum(1 for row in png_rows(shot) for at in range(0, len(row), 4)
               if row[at + 2] > 150 and row[at] < 120)
    assert blue == 0, f"the mixed alpha shows {blue} blue pixels of a thumb"
    assert t.driver.find_element(By.ID, "alpha-value").text == "Mixed"
    # One rectangle, one alpha: the thumb shows (so the count above can see one).
    ActionChains(t.driver).send_keys(Keys.ESCAPE).perform()
    click(t.driver, screen(t.driver, 20, 20))
    wait("one selected", lambda: len(selection(t.driver)) == 1, 5, 0.05)
    shot = t.driver.find_element(By.ID, "field-alpha").screenshot_as_png
    assert any(row[at + 2] > 150 and row[at] < 120 for row in png_rows(shot)
               for at in range(0, len(row), 4)), "the slider shows no thumb for alpha 3"


# MARK: The page itself

def test_loading_state(t):
    """While the page loads, undo and redo are disabled (seen before its scripts run)."""
    doc, _ = t.store.new("Loading", (10, 10, 30, 30, "#ff0000"))
    t.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive' || !document.getElementById('undo')) return;
        window.seenLoading = ['undo', 'redo'].map((id) => document.getElementById(id).disabled);
      });"""})
    open_editor(t.driver, t.base, doc)
    seen = t.driver.execute_script("return window.seenLoading")
    assert seen == [True, True], f"while loading, undo and redo disabled: {seen}"


def test_no_focus_ring_after_click(t):
    doc, _ = t.store.new("Ring", (10, 10, 30, 30, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 200, 200))
    ring = t.driver.execute_script(
        "const s = document.getElementById('stage');"
        "return document.activeElement === s && s.matches(':focus-visible');")
    assert ring is False, "a click on the canvas shows the keyboard's focus ring"


def test_fit_from_far_in_is_drawn_at_once(t):
    """A fit from far in draws the canvas at the fitted zoom at once: the canvas is never shown
    at less than half the size it is drawn at (the browser would first draw all of the larger
    picture that comes into view: seconds without a click at 100,000 rectangles)."""
    doc, _ = t.store.new("Far in", (300, 200, 40, 30, "#ff0000"), size=(4000, 3000))
    open_editor(t.driver, t.base, doc)
    # The zoom the picture is drawn at: its transform's scale, which CSS keeps to 6 digits.
    drawn = ("const svg = document.querySelector('#canvas svg');"
             "return new DOMMatrix(getComputedStyle(svg).transform).a;")
    for _ in range(30):
        if zoom(t.driver) >= 7:
            break
        chord(t.driver, "=")
    assert zoom(t.driver) >= 7, f"= zoomed in to {zoom(t.driver)} only"
    wait("the canvas drawn at 7x", lambda: abs(t.driver.execute_script(drawn) / zoom(t.driver)
                                                 - 1) < 1e-5, 5, 0.05)
    # Every scale the canvas is shown at from here on.
    t.driver.execute_script("""
      const viewport = document.getElementById('viewport');
      window.scalesShown = [];
      new MutationObserver(() => {
        const scale = /scale\\(([^)]+)\\)/.exec(viewport.style.transform);
        scalesShown.push(scale ? Number(scale[1]) : 1);
      }).observe(viewport, { attributes: true, attributeFilter: ['style'] });""")
    chord(t.driver, Keys.SHIFT, "1")
    wait("fitted", lambda: zoom(t.driver) < 1, 5, 0.05)
    wait("the canvas drawn at the fitted zoom", lambda: abs(
        t.driver.execute_script(drawn) / zoom(t.driver) - 1) < 1e-5, 5, 0.05)
    scales = t.driver.execute_script("return window.scalesShown")
    assert scales and min(scales) >= 0.5, f"after Shift+1 the canvas was shown at scales {scales}"
