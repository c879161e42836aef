"""How the editor and the drawings page look and read, on a desktop and on a phone (390 × 844,
touch only, as touch_test.py's phone is), in headless Chromium with real keys, clicks and
fingers: the title keeps a readable width beside the status on a phone, the toolbar's
buttons are 44 px across there, and the panel speaks of fingers, not keys; the page says it is
loading while it loads, and its status gives the version and the count from the first load;
thumbnails are sharp on a 3× screen; a mode's notice replaces the last one; the canvas can be
dark, and is by default on a dark system; the PNG scale stays with PNG in the exports; the
selection's heading and the layers name a rectangle as a person sees it; and a finger's long
press on a rectangle opens its commands.

Checks in the style of reach_test.py (checks.py runs them: one function each, on a drawing
of its own, all run, the failures listed together); each expected value is worked out here
from the drawing and the input, or read from the command line's view of the store.

Run: python3 -m pytest Tests/browser/looks_test.py [-k NAME] [--drawdoc PATH]
"""
import sys

try:
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("looks_test.py needs Selenium (python3 -m pip install selenium, or bash .ci/setup)")
from served_app import wait  # noqa: E402
from checks import context_menu_items, phone, png_rows  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, chord, click, idle, open_editor, screen, selection)


def shown_text(driver, element_id):
    """The text of an element as it shows (what display: none hides left out)."""
    return driver.execute_script("return document.getElementById(arguments[0]).innerText",
                                 element_id)


def box(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "if (!e) return null; const r = e.getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        "        width: r.width, height: r.height};", selector)


def tap(driver, point):
    """A finger's tap at a client point."""
    actions = ActionBuilder(driver)
    finger = actions.add_pointer_input(interaction.POINTER_TOUCH, "finger")
    finger.create_pointer_move(x=round(point["x"]), y=round(point["y"]))
    finger.create_pointer_down()
    finger.create_pointer_up(0)
    actions.perform()


def tap_element(driver, selector):
    b = wait(selector, lambda: box(driver, selector), 5, 0.05)
    tap(driver, {"x": b["left"] + b["width"] / 2, "y": b["top"] + b["height"] / 2})


# MARK: A phone

def test_phone_title_readable(t):
    """On a phone the title keeps a readable width, its words all shown; the status is whole."""
    title = "Phone sketch of the hall"
    doc, _ = t.store.new(title, (10, 10, 30, 30, "#ff0000"))
    with phone(t.driver):
        open_editor(t.driver, t.base, doc)
        # A change from the terminal: the page shows its version and count in the status.
        t.store.run("add", doc, "--x", "60", "--y", "10", "--width", "30", "--height", "30")
        wait("the status with the change", lambda: "2 rectangles" in t.driver.find_element(
            By.ID, "status").text, 10, 0.05)
        sizes = t.driver.execute_script(
            "const f = (id) => document.getElementById(id);"
            "return [f('title').clientWidth, f('title').scrollWidth,"
            "        f('status').clientWidth, f('status').scrollWidth, f('status').textContent];")
        field, needed, status, status_needed, said = sizes
        assert field >= 200 and needed <= field, \
            f"the title field is {field} px wide for {needed} px of {title!r}"
        assert status_needed <= status and "2 rectangles" in said, \
            f"the status shows {status} of {status_needed} px of {said!r}"


def test_phone_touch_targets(t):
    """On a phone every toolbar and zoom button is at least 44 × 44 px, and all are on screen."""
    doc, _ = t.store.new("Targets", (10, 10, 30, 30, "#ff0000"))
    with phone(t.driver):
        open_editor(t.driver, t.base, doc)
        sizes = t.driver.execute_script(
            "return [...document.querySelectorAll('.toolbar button, .zoom-control button')]"
            "  .map((b) => { const r = b.getBoundingClientRect();"
            "    return [b.dataset.action || b.id, r.width, r.height, r.left, r.right]; });")
        small = [s for s in sizes if s[1] < 44 or s[2] < 44]
        assert not small, f"buttons under 44 px on a phone: {small}"
        off = [s[0] for s in sizes if s[3] < 0 or s[4] > 390]
        assert not off, f"buttons off the phone's screen: {off}"


def test_phone_touch_wording(t):
    """A touch-only screen reads about tools and fingers, not keys; a desktop reads its keys."""
    doc, _ = t.store.new("Wording", (10, 10, 30, 30, "#ff0000"))
    with phone(t.driver):
        open_editor(t.driver, t.base, doc)
        hint = shown_text(t.driver, "nothing-selected")
        layers = shown_text(t.driver, "layers-help")
        assert "with R" not in hint and "rectangle tool" in hint, f"the phone's hint: {hint!r}"
        assert "Alt+" not in layers and "grip" in layers, f"the phone's layers help: {layers!r}"
        tap_element(t.driver, "#show-palette")
        wait("the palette", lambda: t.driver.execute_script(
            "return document.getElementById('palette').open"), 5, 0.05)
        listed = shown_text(t.driver, "palette-results")
        assert "Ctrl+" not in listed and "Undo" in listed, f"the palette on a phone: {listed!r}"
    open_editor(t.driver, t.base, doc)
    hint = shown_text(t.driver, "nothing-selected")
    layers = shown_text(t.driver, "layers-help")
    assert "Draw with R" in hint and "Alt+↑" in layers, f"the desktop's hints: {hint!r}, {layers!r}"


# MARK: Loading

# Before the page's scripts run: what the panel says, and every status the page shows.
WATCH_LOADING = """
window.statusesSeen = [];
document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive' || !document.getElementById('nothing-selected')) return;
  window.hintWhileLoading = document.getElementById('nothing-selected').innerText;
  new MutationObserver(() => window.statusesSeen.push(document.getElementById('status').textContent))
    .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
});
const realFetch = window.fetch;
window.fetch = (...call) => {
  const answer = realFetch(...call);
  if (String(call[0]).startsWith('/api/events')) {
    answer.then((response) => { if (response.ok) window.statusesSeen.push('<stream open>'); });
  }
  return answer;
};
"""


def open_watching_loading(t, doc):
    """Opens the editor with WATCH_LOADING run before the page's scripts."""
    script = t.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                      {"source": WATCH_LOADING})
    try:
        open_editor(t.driver, t.base, doc)
    finally:
        t.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                 {"identifier": script["identifier"]})


def test_loading_says_so(t):
    """While it loads, the panel says so, and offers no key or tool."""
    doc, _ = t.store.new("Loading", (10, 10, 30, 30, "#ff0000"))
    open_watching_loading(t, doc)
    hint = t.driver.execute_script("return window.hintWhileLoading")
    assert hint is not None and "Loading" in hint and "Draw with" not in hint, \
        f"while loading the panel said {hint!r}"


def test_status_from_first_load(t):
    """Once the change stream is open, the status gives the version and the count, not only
    that it is live (which it said until the first edit)."""
    doc, _ = t.store.new("Status", (10, 10, 30, 30, "#ff0000"), (50, 10, 30, 30, "#0000ff"))
    version = max(v["version"] for v in t.store.versions(doc))
    open_watching_loading(t, doc)
    seen = wait("a status after the change stream opened", lambda: (lambda s: s if "<stream open>"
                in s and s.index("<stream open>") < len(s) - 1 else None)(
        t.driver.execute_script("return window.statusesSeen")), 10, 0.05)
    expected = f"version {version} · 2 rectangles"
    assert seen[-1] == expected, f"the status says {seen[-1]!r}, not {expected!r} (seen {seen})"
    assert "live" not in seen, f"the status said only 'live': {seen}"


# MARK: Pictures and notices

def edge_blur(rows, y):
    """How many pixels of row y lie between the white and the black (an edge's blur)."""
    return sum(1 for at in range(0, len(rows[y]), 4)
               if 40 < rows[y][at] < 215 and abs(rows[y][at] - rows[y][at + 1]) < 10)


def test_thumbnail_sharp_at_3x(t):
    """On a phone's 3× screen (a card's thumbnail 312 × 234 CSS px) a thumbnail's edges are as
    sharp as the screen: at most 3 device pixels of blur across a black rectangle's two edges
    (a 256-px picture stretched 3.7 times blurs each over about 4)."""
    doc, _ = t.store.new("Sharp", (101, 50, 199, 200, "#000000"))
    t.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        t.driver.get(t.base)
        selector = f'.card[data-id="{doc}"] .sheet img'
        wait("the thumbnail", lambda: t.driver.execute_script(
            "const i = document.querySelector(arguments[0]); return i && i.complete &&"
            " i.naturalWidth > 0", selector), 10, 0.05)
        image = t.driver.find_element(By.CSS_SELECTOR, selector)
        rows = png_rows(image.screenshot_as_png)
        blur = edge_blur(rows, len(rows) // 2)
        shown = box(t.driver, selector)
        assert len(rows[0]) // 4 >= 2.9 * shown["width"], "the screenshot is not at 3×"
        assert blur <= 3, f"{blur} blurred pixels across the rectangle's two edges at 3×"
    finally:
        t.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def shown_notices(driver):
    return driver.execute_script(
        "const r = document.getElementById('notices');"
        "return r ? [...r.children].filter((n) => !n.classList.contains('fading'))"
        "  .map((n) => n.textContent) : [];")


def test_mode_notice_replaces(t):
    """N, then G: one notice over the canvas, the grid's, not the two stacked."""
    doc, _ = t.store.new("Modes", (10, 10, 30, 30, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 300, 250))
    ActionChains(t.driver).send_keys("n").perform()
    wait("snapping off", lambda: "Snapping off." in shown_notices(t.driver), 5, 0.05)
    ActionChains(t.driver).send_keys("g").perform()
    wait("the grid's notice", lambda: "Grid shown." in shown_notices(t.driver), 5, 0.05)
    shown = shown_notices(t.driver)
    assert shown == ["Grid shown."], f"the notices stack: {shown}"


def canvas_pixel(driver):
    """The red, green and blue of the canvas's middle on the screen (a bare spot of it)."""
    rows = png_rows(driver.find_element(By.ID, "stage").screenshot_as_png)
    point = screen(driver, 300, 250)
    stage = box(driver, "#stage")
    row = rows[round(point["y"] - stage["top"])]
    at = round(point["x"] - stage["left"]) * 4
    return tuple(row[at:at + 3])


def test_dark_canvas(t):
    """On a dark system the canvas is dark; the Dark canvas command (palette) makes it light,
    and the page keeps that choice when opened again."""
    doc, _ = t.store.new("Dark", (10, 10, 30, 30, "#ff0000"))
    t.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        t.driver.execute_script("localStorage.removeItem('drawdoc-dark-canvas')")
        open_editor(t.driver, t.base, doc)
        dark = canvas_pixel(t.driver)
        assert max(dark) < 60, f"the canvas is {dark} on a dark system"
        click(t.driver, screen(t.driver, 300, 250))
        chord(t.driver, Keys.CONTROL, "k")
        search = t.driver.find_element(By.ID, "palette-search")
        wait("the palette", lambda: search.is_displayed(), 5, 0.05)
        search.send_keys("dark canvas")
        first = t.driver.execute_script(
            "return document.querySelector('#palette-results [aria-selected=true]').textContent")
        assert first.startswith("Dark canvas (on)"), f"the palette's first entry: {first!r}"
        search.send_keys(Keys.ENTER)
        wait("a light canvas", lambda: min(canvas_pixel(t.driver)) > 240, 5, 0.05)
        open_editor(t.driver, t.base, doc)
        assert min(canvas_pixel(t.driver)) > 240, "the light canvas was not kept"
        action = next(a for a in t.driver.execute_script(EDITOR + "actions()")
                      if a["name"] == "dark-canvas")
        assert action["checked"] is False and action["group"] == "View", f"the action: {action}"
    finally:
        t.driver.execute_script("localStorage.removeItem('drawdoc-dark-canvas')")
        t.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# MARK: The panel

def test_png_scale_beside_png(t):
    """In the exports, the PNG scale is on PNG's line, right after it; no link is broken."""
    doc, _ = t.store.new("Exports", (10, 10, 30, 30, "#ff0000"))
    open_editor(t.driver, t.base, doc)
    png, scale = box(t.driver, "#export-png"), box(t.driver, "#png-scale")
    assert abs((png["top"] + png["bottom"]) / 2 - (scale["top"] + scale["bottom"]) / 2) < 8, \
        f"the scale is on another line than PNG: {png}, {scale}"
    assert 0 <= scale["left"] - png["right"] < 60, f"the scale is not right after PNG: {png}, {scale}"
    links = t.driver.execute_script(
        "return [...document.querySelectorAll('.export a')].map((a) => a.getClientRects().length)")
    assert all(n == 1 for n in links), f"an export link is broken over lines: {links}"
    between = t.driver.execute_script(
        "const png = document.getElementById('export-png').getBoundingClientRect();"
        "const scale = document.getElementById('png-scale').getBoundingClientRect();"
        "return [...document.querySelectorAll('.export a')].filter((a) => {"
        "  const r = a.getBoundingClientRect();"
        "  return r.left >= png.right - 1 && r.right <= scale.left + 1 && r.top < scale.bottom"
        "    && r.bottom > scale.top; }).map((a) => a.textContent);")
    assert not between, f"between PNG and its scale: {between}"


def test_names_people_recognise(t):
    """The selection's heading and the layers call a red 120 × 80 rectangle "Red rectangle,
    120 × 80", its id beside it in a smaller type."""
    doc, (rid, _) = t.store.new("Names", (20, 20, 120, 80, "#dc2626"), (200, 150, 40, 40, "#2563eb"))
    open_editor(t.driver, t.base, doc)
    click(t.driver, screen(t.driver, 80, 60))
    wait("the red one selected", lambda: selection(t.driver) == [rid], 5, 0.05)
    heading = t.driver.find_element(By.ID, "selection-title")
    assert heading.text.lower().startswith("red rectangle, 120 × 80"), \
        f"the heading says {heading.text!r}"
    sizes = t.driver.execute_script(
        "const h = document.getElementById('selection-title');"
        "const id = [...h.querySelectorAll('*')].find((e) => e.textContent === arguments[0]);"
        "return id && [parseFloat(getComputedStyle(h).fontSize),"
        "              parseFloat(getComputedStyle(id).fontSize), id.textContent];", rid)
    assert sizes and sizes[1] < sizes[0], f"the id is not smaller in the heading: {sizes}"
    row = t.driver.execute_script(
        "return document.querySelector(`.layer[data-id='${arguments[0]}']`).innerText", rid)
    assert "Red rectangle" in row and rid in row, f"the layer row says {row!r}"
    blue = t.driver.execute_script(
        "return document.querySelector('.layer:not([data-id=\"' + arguments[0] + '\"])')"
        ".innerText", rid)
    assert "Blue rectangle" in blue, f"the blue one's row says {blue!r}"


# MARK: A finger's long press

def test_long_press_menu(t):
    """On a phone, a finger held still on a rectangle selects it and opens its commands; a tap
    on Delete there removes it."""
    doc, (red, blue) = t.store.new("Long press", (40, 40, 120, 90, "#dc2626"),
                                   (220, 150, 120, 90, "#2563eb"))
    with phone(t.driver):
        open_editor(t.driver, t.base, doc)
        versions = len(t.store.versions(doc))
        point = screen(t.driver, 280, 195)
        actions = ActionBuilder(t.driver)
        finger = actions.add_pointer_input(interaction.POINTER_TOUCH, "finger")
        finger.create_pointer_move(x=round(point["x"]), y=round(point["y"]))
        finger.create_pointer_down()
        finger.create_pause(0.8)  # the finger held still: the input itself, not a wait
        finger.create_pointer_up(0)
        actions.perform()
        items = wait("the context menu", lambda: context_menu_items(t.driver), 5, 0.05)
        assert selection(t.driver) == [blue], f"the long press selected {selection(t.driver)}"
        # The finger's lift chose nothing: the menu is still open, and the drawing as it was.
        idle(t.driver)
        assert context_menu_items(t.driver) == items, "the finger's lift closed the menu"
        assert len(t.store.versions(doc)) == versions, "the finger's lift changed the drawing"
        for name in ["copy", "duplicate", "delete", "order-front"]:
            assert name in items, f"{name} is not in the menu: {items}"
        tap_element(t.driver, "#context-menu [data-action=delete]")
        wait("the blue rectangle removed", lambda: [r["id"] for r in t.store.rectangles(doc)]
             == [red], 10, 0.1)
