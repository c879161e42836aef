"""The drawing app's pages checked by axe-core, the accessibility engine, in headless
Chromium, in light and in dark (prefers-color-scheme emulated), and the drawings page used
by keyboard.

- The drawings page: same-size cards whatever the drawing's shape, each thumbnail fitted on
  the drawing's white; one link covers each card's face, named by its title, and the card's
  buttons sit beside it, not in it; Tab reaches each link and each button, Enter opens a
  drawing and presses a button; once the store syncs with a remote (a bare repository made
  with the real git), the sync bar shows and Tab reaches its button, named "Sync"; then axe,
  with the sync bar, the trash, an error and a rename form shown.
- The editor: a drawing open with a rectangle selected by a click at its centre (found
  through `window.drawdocEditor.toScreen`); then axe.

Every violation axe finds is listed (rule, impact, the elements it names), and the page's
test fails if there is one. `-k drawings` or `-k editor` runs the checks of one page only.

Run: python3 -m pytest Tests/browser/accessibility_test.py [-k drawings|editor] [--drawdoc PATH]
"""
import json
import os
import shutil
import signal
import subprocess
import sys

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("accessibility_test.py needs Selenium: python3 -m pip install selenium "
             "(or bash .ci/setup)")
try:
    from axe_selenium_python import Axe
    import axe_core_python
except ImportError:
    sys.exit("accessibility_test.py needs axe-selenium-python (axe-core for Selenium) and "
             "axe-core-python (a newer axe-core): python3 -m pip install axe-selenium-python "
             "axe-core-python (or bash .ci/setup)")
# axe-selenium-python's own axe-core is 3.1 (2018); axe-core-python's, 4.x, knows today's rules.
AXE_SCRIPT = os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js")
import pytest  # noqa: E402
from served_app import Failure, start_server, wait  # noqa: E402

SCHEMES = ("light", "dark")


def step(name):
    print(f"  {name}", flush=True)


class Session:
    """A store with a few drawings, `drawdoc serve` on it and a headless Chromium."""

    def __init__(self, drawdoc, folder, driver):
        self.drawdoc = drawdoc
        self.driver = driver
        self.env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
        self.server, self.base, self.token = start_server(drawdoc, self.env)
        # Every violation found, as lines: "PAGE (SCHEME): RULE (IMPACT) …".
        self.violations = []

    def run(self, *arguments):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=60)
        if result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
        return result.stdout.strip()

    def listed(self):
        return json.loads(self.run("list", "--json"))

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def finds(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def script(self, text, *arguments):
        return self.driver.execute_script(text, *arguments)

    def focus(self, selector):
        """Focuses what the selector finds, in one step of the page: a redraw cannot come
        between the finding and the focusing (and the page keeps the focus through one)."""
        self.script("document.querySelector(arguments[0]).focus();", selector)

    def click(self, selector):
        """A real click on what the selector finds, again if the page redrew it meanwhile."""
        def attempt():
            try:
                self.find(selector).click()
                return True
            except StaleElementReferenceException:
                return False
        self.wait(f"click {selector}", attempt)

    def wait(self, what, condition, seconds=5):
        return wait(what, condition, seconds, pause=0.05)

    def open(self, path):
        """Opens a page and waits for its script to have read the store."""
        self.driver.get(self.base + path)
        self.wait("the page's script", lambda: self.finds("body[data-ready]"), seconds=10)

    def scheme(self, name):
        """Emulates prefers-color-scheme: light or dark."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": name}]})
        self.wait(f"the {name} scheme", lambda: self.script(
            f"return matchMedia('(prefers-color-scheme: {name})').matches"))
        self.wait("the colors' transitions ended", lambda: self.script(
            "return !document.getAnimations().some((a) => a instanceof CSSTransition)"))

    def axe(self, page, scheme):
        """Runs axe-core on the page as it is and keeps each violation it finds."""
        axe = Axe(self.driver, script_url=AXE_SCRIPT)
        axe.inject()
        results = axe.run()
        self.axe_version = self.driver.execute_script("return axe.version")
        found = results["violations"]
        for violation in found:
            nodes = []
            for node in violation["nodes"]:
                target = " ".join(" ".join(part) if isinstance(part, list) else part
                                  for part in node["target"])
                # What axe says of the element: the first of its checks that failed.
                said = next((check["message"] for kind in ("any", "all", "none")
                             for check in node[kind] if check.get("message")), "")
                nodes.append(f"{target}: {said}" if said else target)
            self.violations.append(
                f"{page} ({scheme}): {violation['id']} ({violation['impact']}): "
                f"{violation['help']}\n      " + "\n      ".join(nodes))
        print(f"    axe {self.axe_version} on the {page} page ({scheme}): "
              f"{len(results['passes'])} rules pass, "
              f"{len(found)} violated", flush=True)


def tab(session, shift=False):
    """A real Tab press (Shift+Tab with `shift`); returns what has the focus then."""
    actions = ActionChains(session.driver)
    if shift:
        actions.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
    else:
        actions.send_keys(Keys.TAB)
    actions.perform()
    return session.script(
        "const e = document.activeElement; const card = e.closest('.card');"
        "return [card ? card.dataset.id : null, e.tagName.toLowerCase(), e.className];")


def drawings_page(session, drawings):
    step("the cards: one size whatever the drawing's shape, thumbnails fitted on white")
    session.open(f"?token={session.token}")
    session.wait("a card per drawing", lambda: len(session.finds(".card")) == len(drawings))
    sizes = {(round(card.rect["width"]), round(card.rect["height"]))
             for card in session.finds(".card")}
    if len(sizes) != 1:
        raise Failure(f"the cards are of {len(sizes)} sizes: {sorted(sizes)}")
    for doc, (width, height) in drawings.items():
        frame = session.find(f'.card[data-id="{doc}"] .frame').rect
        sheet = session.find(f'.card[data-id="{doc}"] .sheet')
        box = sheet.rect
        inside = (box["x"] >= frame["x"] - 0.5 and box["y"] >= frame["y"] - 0.5
                  and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5
                  and box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5)
        if not inside:
            raise Failure(f"the thumbnail of {width} × {height} leaves its frame: {box}, {frame}")
        if abs(box["width"] / box["height"] - width / height) > 0.03 * width / height:
            raise Failure(f"the thumbnail of {width} × {height} is {box['width']} × "
                          f"{box['height']}: not the drawing's shape")
        if sheet.value_of_css_property("background-color") != "rgba(255, 255, 255, 1)":
            raise Failure(f"a thumbnail is on {sheet.value_of_css_property('background-color')}"
                          ", not the drawing's white")

    step("one link covers each card's face, named by the title; no button in a link")
    if session.finds("a button, a input, a a, a [tabindex]"):
        raise Failure("a control sits inside a link")
    for doc in drawings:
        links = session.finds(f'.card[data-id="{doc}"] a')
        title = session.run("open", doc, "--json")
        title = json.loads(title)["title"] or "(untitled)"
        if len(links) != 1 or links[0].text != title:
            raise Failure(f"the card of {doc} has links {[link.text for link in links]}, "
                          f"not one named {title!r}")
        for part in (".frame", ".meta"):
            hit = session.script(
                "const r = arguments[0].getBoundingClientRect();"
                "const e = document.elementFromPoint(r.left + r.width / 3, r.bottom - 4);"
                "return e && e.matches('a.open') && e.closest('.card').dataset.id;",
                session.find(f'.card[data-id="{doc}"] {part}'))
            if hit != doc:
                raise Failure(f"a click on the card's {part} does not reach its link: {hit!r}")

    step("Tab reaches each card's link and then its buttons, in order")
    order = session.script("return [...document.querySelectorAll('.card')]"
                           ".map(card => card.dataset.id);")
    session.script("document.activeElement.blur(); window.scrollTo(0, 0);")
    focus = tab(session)
    for _ in range(20):
        if focus[0] is not None:
            break
        focus = tab(session)
    seen = [focus]
    for _ in range(4 * len(order) - 1):
        seen.append(tab(session))
    expected = [(doc, tag, kind) for doc in order for tag, kind in
                (("a", "open"), ("button", "rename"), ("button", "duplicate"),
                 ("button", "delete"))]
    if [tuple(item) for item in seen] != expected:
        raise Failure(f"Tab went through {seen}, not {expected}")
    back = tab(session, shift=True)
    if tuple(back) != expected[-2]:
        raise Failure(f"Shift+Tab went back to {back}, not {expected[-2]}")

    step("Enter on a focused button presses it, and the focus stays on the card's button")
    first = order[0]
    session.focus(f'.card[data-id="{first}"] a.open')
    tab(session)
    if tuple(tab(session)) != (first, "button", "duplicate"):
        raise Failure("two Tabs from a card's link do not reach its Duplicate")
    count = len(session.listed())
    ActionChains(session.driver).send_keys(Keys.ENTER).perform()
    session.wait("the copy", lambda: len(session.listed()) == count + 1)
    session.wait("the copy's card", lambda: len(session.finds(".card")) == count + 1)
    session.wait("the focus on the same button after the redraw", lambda: tuple(session.script(
        "const e = document.activeElement; const card = e.closest('.card');"
        "return [card ? card.dataset.id : null, e.className];")) == (first, "duplicate"))

    step("Enter on Move to trash: the focus goes to the card that takes its place")
    copy = next(row["id"] for row in session.listed() if row["id"] not in order)
    place = session.script("return [...document.querySelectorAll('.card')]"
                           ".findIndex(card => card.dataset.id === arguments[0]);", copy)
    session.focus(f'.card[data-id="{copy}"] a.open')
    for _ in range(3):
        focus = tab(session)
    if tuple(focus) != (copy, "button", "delete"):
        raise Failure(f"three Tabs from a card's link reach {focus}, not its Move to trash")
    ActionChains(session.driver).send_keys(Keys.ENTER).perform()
    session.wait("the copy in the trash", lambda: copy in session.run("trash"))
    session.wait("the focus on the link of the card in its place", lambda: session.script(
        "const cards = document.querySelectorAll('.card');"
        "const card = cards[Math.min(arguments[0], cards.length - 1)];"
        "return card.dataset.id !== arguments[1] && document.activeElement === "
        "card.querySelector('a.open');", place, copy))

    step("Enter on a card's link opens the drawing in the editor")
    # Focused, it keeps the focus through a redraw of the cards, which a late event may make.
    session.focus(f'.card[data-id="{first}"] a.open')
    ActionChains(session.driver).send_keys(Keys.ENTER).perform()
    session.wait("the editor", lambda: session.driver.current_url.endswith(f"/drawings/{first}"))

    step("the sync bar, once the store syncs with a remote: Sync is reached by Tab")
    if shutil.which("git") is None:
        raise Failure("git is missing: bash .ci/setup installs it (apt-get install git)")
    remote = os.path.join(os.path.dirname(session.env["DRAWDOC_STORE"]), "remote.git")
    subprocess.run(["git", "init", "-q", "--bare", remote], check=True)
    session.run("sync", "--remote", remote)
    session.open("")
    session.wait("the sync bar", lambda: session.find("#sync").is_displayed())
    session.script("document.activeElement.blur(); window.scrollTo(0, 0);")
    for _ in range(5):
        if session.script("return document.activeElement.id") == "sync-button":
            break
        tab(session)
    else:
        raise Failure("Tab does not reach the Sync button")
    if session.find("#sync-button").accessible_name != "Sync":
        raise Failure(f"the Sync button is named {session.find('#sync-button').accessible_name!r}")

    step("axe, with the sync bar, the trash, an error and a rename form shown")
    form = session.find("#create")
    width = form.find_element(By.NAME, "width")
    width.clear()
    width.send_keys("wide", Keys.ENTER)
    session.wait("the error", lambda: session.find("#create-error").text)
    session.wait("the trash", lambda: session.find("#trash-section").is_displayed())
    session.wait("the thumbnails", lambda: session.script(
        "return [...document.querySelectorAll('.card img')].every(i => i.complete && i.src)"))
    for scheme in SCHEMES:
        session.scheme(scheme)
        session.axe("drawings", scheme)
    session.scheme("light")
    session.click(f'.card[data-id="{first}"] button.rename')
    session.wait("the rename form", lambda: session.finds(".card form.rename input"))
    for scheme in SCHEMES:
        session.scheme(scheme)
        session.axe("drawings, renaming", scheme)
    ActionChains(session.driver).send_keys(Keys.ESCAPE).perform()
    session.wait("the rename form closed", lambda: not session.finds(".card form.rename"))
    session.scheme("light")


def editor_page(session):
    step("the editor, with a rectangle selected by a click at its centre")
    doc = session.run("new", "--title", "Accessible", "--width", "400", "--height", "300")
    rid = session.run("add", doc, "--x", "40", "--y", "30", "--width", "120", "--height", "90",
                      "--color", "teal", "--alpha", "6")
    session.run("add", doc, "--x", "220", "--y", "150", "--width", "100", "--height", "80",
                "--color", "tomato")
    session.open(f"drawings/{doc}?token={session.token}")
    session.wait("the drawing", lambda: len(session.finds("#drawing rect")) == 2)
    centre = session.script("return drawdocEditor.toScreen(100, 75);")
    click = ActionBuilder(session.driver)
    click.pointer_action.move_to_location(round(centre["x"]), round(centre["y"]))
    click.pointer_action.click()
    click.perform()
    session.wait("the selection", lambda: session.script(
        "return drawdocEditor.selection();") == [rid])
    for scheme in SCHEMES:
        session.scheme(scheme)
        session.axe("editor", scheme)
    session.scheme("light")


@pytest.fixture(scope="module")
def app(drawdoc, folder, chromium):
    """The file's store, server and browser (a `Session`)."""
    session = Session(drawdoc, folder, chromium)
    yield session
    session.server.send_signal(signal.SIGINT)
    session.server.wait(timeout=10)


def no_new_violations(session, before):
    found = session.violations[before:]
    if found:
        raise Failure(f"axe found {len(found)} violations:\n    " + "\n    ".join(found))


def test_drawings_page(app):
    before = len(app.violations)
    drawings = {}
    for title, width, height, count in (("Landing page", 1024, 768, 12),
                                        ("Phone screen", 390, 844, 8),
                                        ("Banner", 1600, 300, 6), ("", 800, 800, 0)):
        named = ["--title", title] if title else []
        doc = app.run("new", *named, "--width", str(width), "--height", str(height),
                      "--random", str(count), "--seed", "7")
        drawings[doc] = (width, height)
    app.run("delete", app.run("new", "--title", "Old sketch"))
    drawings_page(app, drawings)
    no_new_violations(app, before)


def test_editor_page(app):
    before = len(app.violations)
    editor_page(app)
    no_new_violations(app, before)
