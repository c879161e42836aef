"""Three browsers in one drawing over the network listener (TLS on the loopback alias
127.0.0.2): two headless Chromium profiles, "Studio laptop" (A) and "Phone" (B), and WebKit,
"iPad". Each trusts drawdoc's own certificate authority through its own certificate store,
never by ignoring certificate errors: each Chromium has a home of its own whose NSS database
(`~/.pki/nssdb`, where Chromium on Linux reads the user's authorities) holds the authority,
added with `certutil`; WebKit runs where the system's bundle holds it (webkit_driver.py). A
Chromium whose store lacks it is shown to refuse the pairing page first.

- Each pairs on the pairing page, with a code of its own (the one `serve` printed, then two
  from `drawdoc devices pair`), by typing its name and pressing Pair: the page keeps the
  device's token and opens the drawings page with it.
- All three open the same drawing and see the two others, by the names they paired with.
- A's pointer, moved with real pointer input, shows in B's and WebKit's presence at that
  drawing point; the figure: pointer on A to cursor placed on B, median and p95 of 20 moves.
- A's selection (a click) shows on B and WebKit; B's drag of a rectangle reaches A and
  WebKit, as do B's selection and pointer; WebKit's tap and drag reach A, and its
  selection and (a mouse's) pointer; then five more drags on B
  (the figure: pointer let go on B to the rectangle moved in A's picture).
- `drawdoc devices revoke Phone`: B's event stream ends within 1 s of the command's return
  (the moment B's page says it is offline, recorded in the page) while A keeps making
  requests, its next request gets
  401 and the page says it is not paired; A and WebKit no longer see B, and still each other.

Every wait is on a condition. All browsers and the server are stopped at the end, pass or fail.

Marked `webkit` (it needs WebKitGTK besides Chromium).

Run: python3 -m pytest Tests/browser/lan_browsers_test.py [-k NAME] [--drawdoc PATH]
"""
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("lan_browsers_test.py needs Selenium: python3 -m pip install selenium "
             "(or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, chromium_options, wait  # noqa: E402
from lan_server import LanServer, percentile  # noqa: E402
from editor_actions import Store, click, drag_canvas, screen  # noqa: E402
from webkit_driver import WebKit  # noqa: E402
from webkit_test import Flows  # noqa: E402

pytestmark = pytest.mark.webkit

STUDIO, PHONE, IPAD = "Studio laptop", "Phone", "iPad"
CODE = re.compile(r"Pairing code: ([A-Z2-9]{4}-[A-Z2-9]{4})")

# Records, in a page, when each other's pointer was placed: a MutationObserver on the cursors'
# layer (placing a cursor sets its style) notes the time (Date.now(), the machine's clock, the
# same in every browser) and the pointer of `arguments[0]` as presence() gives it then.
RECORD_POINTER = """
window.pointerSeen = [];
const who = arguments[0];
new MutationObserver(() => {
  const other = drawdocEditor.presence().find((p) => p.name === who);
  const last = window.pointerSeen[window.pointerSeen.length - 1];
  const point = other && other.pointer;
  if (point && (!last || last.x !== point.x || last.y !== point.y)) {
    window.pointerSeen.push({ at: Date.now(), x: point.x, y: point.y });
  }
}).observe(document.getElementById('presence-cursors'),
           { attributes: true, childList: true, subtree: true });
"""

# Records, in a page, when its own pointer moved (pointermove on the document, its client point).
RECORD_MOVES = """
window.movesMade = [];
document.addEventListener('pointermove', (event) => window.movesMade.push(
  { at: Date.now(), x: event.clientX, y: event.clientY }), { capture: true });
"""

# Records when the pointer was let go in a page.
RECORD_RELEASES = """
window.releases = [];
document.addEventListener('pointerup', () => window.releases.push(Date.now()), { capture: true });
"""

# Records when a rectangle's node took each new x in a page's picture.
RECORD_X = """
window.xSeen = [];
const rid = arguments[0];
new MutationObserver(() => {
  const node = document.querySelector(`#drawing rect[data-id="${rid}"]`);
  const x = node && node.getAttribute('x');
  const last = window.xSeen[window.xSeen.length - 1];
  if (x !== null && (!last || last.x !== x)) window.xSeen.push({ at: Date.now(), x });
}).observe(document.getElementById('drawing'),
           { attributes: true, childList: true, subtree: true });
"""

# Records when the page said its change stream ended and when it said the device is not paired
# (#get-in), with Date.now(). A stream that ends sets the status "reconnecting…", and the
# editor at once draws it again as "offline · …" (the same task): either says it.
RECORD_STREAM_END = """
window.streamEnded = null;
window.notPaired = null;
const status = document.getElementById('status');
new MutationObserver(() => {
  if (window.streamEnded === null && /^(reconnecting|offline)/.test(status.textContent)) {
    window.streamEnded = Date.now();
  }
}).observe(status, { childList: true, characterData: true, subtree: true });
new MutationObserver(() => {
  if (window.notPaired === null && document.getElementById('get-in')) window.notPaired = Date.now();
}).observe(document.body, { childList: true, subtree: true });
"""

# The page's own API function (with the token the page keeps): {ok, status, data}.
PAGE_API = """
const done = arguments[arguments.length - 1];
drawdocEditor.api(arguments[0], arguments[1]).then(done,
  (error) => done({ ok: false, status: -1, data: { error: String(error) } }));
"""


class Busy:
    """Requests with `token` (`GET /api/session` over TLS), one after another, on a thread,
    until `stop()`; each must answer 204."""

    def __init__(self, lan, token):
        self.lan, self.token = lan, token
        self.stopping = threading.Event()
        self.answers = []
        self.thread = threading.Thread(target=self.ask, daemon=True)
        self.thread.start()
        wait("the busy page's first answer", lambda: self.answers, 10, 0.01)

    def ask(self):
        while not self.stopping.is_set():
            try:
                self.answers.append(self.lan.request("GET", "/api/session", self.token)[0])
            except OSError as error:
                self.answers.append(repr(error))

    def stop(self):
        self.stopping.set()
        self.thread.join(10)
        wrong = [answer for answer in self.answers if answer != 204]
        if wrong:
            raise Failure(f"A's requests during B's revocation answered {wrong[:5]}, not 204")


def chromium_binary():
    browser = next((path for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser")
                    if os.path.exists(path)), None)
    if browser is None or not shutil.which("certutil"):
        raise Failure("needs chromium, chromium-driver and certutil: apt-get install chromium "
                      "chromium-driver libnss3-tools")
    return browser


def chromium_home(folder, name):
    """A home folder for one Chromium profile, with an empty NSS database."""
    home = os.path.join(folder, name)
    database = os.path.join(home, ".pki", "nssdb")
    os.makedirs(database)
    certutil(["-d", f"sql:{database}", "-N", "--empty-password"])
    return home


def trust_in(home, authority_pem):
    """Adds the authority to the NSS database of `home`, trusted to issue servers' certificates."""
    certutil(["-d", f"sql:{os.path.join(home, '.pki', 'nssdb')}", "-A", "-n", "drawdoc",
              "-t", "C,,", "-a", "-i", authority_pem])


def certutil(arguments):
    result = subprocess.run(["certutil", *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"certutil {' '.join(arguments)} failed: {result.stderr}")


def chromium(home):
    """A headless Chromium whose home (its certificate store) and profile are `home`'s."""
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    service = Service(driver_path, env=dict(os.environ, HOME=home))
    options = chromium_options(chromium_binary(),
                               f"--user-data-dir={os.path.join(home, 'profile')}")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(20)
    return driver


def refused_untrusted(lan, folder):
    """A Chromium whose store lacks the authority does not open the pairing page."""
    driver = chromium(chromium_home(folder, "untrusting"))
    try:
        driver.get(f"{lan.origin}/pair")
        source = driver.page_source
        if driver.find_elements(By.ID, "pair-form") or "ERR_CERT_AUTHORITY_INVALID" not in source:
            raise Failure("a Chromium that does not trust the authority opened the pairing page "
                          "(or refused it for another reason): the trust given to the others "
                          "proves nothing")
    finally:
        driver.quit()


def new_code(lan):
    printed = lan.run("devices", "pair").stdout
    match = CODE.search(printed)
    if not match:
        raise Failure(f"drawdoc devices pair printed no code: {printed}")
    return match.group(1)


def pair(driver, lan, code, name):
    """Pairs the browser as a person does: the pairing address, its name typed, Pair."""
    driver.get(f"{lan.origin}/pair#code={code}")
    field = wait("the pairing page", lambda: driver.find_element(By.ID, "pair-name"), 15, 0.05)
    if driver.find_element(By.ID, "pair-code").get_attribute("value") != code:
        raise Failure("the pairing page did not take the code from its address")
    field.click()
    field.send_keys(name)
    driver.find_element(By.ID, "pair-button").click()
    wait(f"{name}: the drawings page after pairing", lambda: driver.execute_script(
        "return location.pathname === '/' && document.body.dataset.ready === 'true'"), 15, 0.05)
    token = driver.execute_script("return localStorage.getItem('drawdoc-token')")
    if not token or not re.fullmatch(r"[0-9a-f]{32}", token):
        raise Failure(f"{name}: the page kept no token after pairing ({token!r})")
    return token


def open_drawing(driver, lan, doc):
    driver.get(f"{lan.origin}/drawings/{doc}")
    wait("the editor", lambda: driver.find_elements(By.CSS_SELECTOR, "body[data-ready]"), 15, 0.05)


def present(driver):
    return driver.execute_script("return drawdocEditor.presence()")


def person(driver, name):
    return next((p for p in present(driver) if p["name"] == name), None)


def near(point, x, y):
    return point and abs(point["x"] - x) <= 1 and abs(point["y"] - y) <= 1


def rectangle(driver, rid):
    return driver.execute_script(
        "const r = drawdocEditor.drawing.rectangles.find((r) => r.id === arguments[0]);"
        "return r && [r.x, r.y, r.width, r.height];", rid)


def page_api(driver, method, path):
    return driver.execute_async_script(PAGE_API, method, path)


def move_to(driver, point):
    """Moves the mouse to a client point at once (one pointermove)."""
    actions = ActionBuilder(driver, duration=0)
    actions.pointer_action.move_to_location(round(point["x"]), round(point["y"]))
    actions.perform()


def pointer_latencies(a, others, count):
    """Moves A's pointer `count` times; for each, the time from A's pointermove to the cursor
    placed in each page of `others` at that drawing point (ms)."""
    a.execute_script(RECORD_MOVES)
    for driver in others:
        driver.execute_script(RECORD_POINTER, STUDIO)
    latencies = []
    for index in range(count):
        x, y = 60 + 13 * index, 50 + 7 * (index % 9)
        target = screen(a, x, y)
        move_to(a, target)
        moved = wait("A's pointermove", lambda: next((
            m for m in a.execute_script("return window.movesMade")
            if m["x"] == round(target["x"]) and m["y"] == round(target["y"])), None), 5, 0.01)
        for driver in others:
            seen = wait(f"A's pointer at ({x}, {y}) on the other page", lambda: next((
                s for s in driver.execute_script("return window.pointerSeen")
                if near(s, x, y)), None), 10, 0.01)
            latencies.append(seen["at"] - moved["at"])
    return latencies


@pytest.fixture(scope="module")
def lan(drawdoc):
    """`drawdoc serve --listen 127.0.0.2:0` on a store of its own (lan_server.LanServer)."""
    with LanServer(drawdoc) as server:
        yield server


def test_untrusted_chromium_refuses(lan):
    """A Chromium that does not trust drawdoc's authority refuses its certificate."""
    refused_untrusted(lan, lan.folder)


@pytest.fixture(scope="module")
def together(lan):
    """A drawing of three rectangles, three codes, and the three browsers: two Chromium
    profiles and WebKit, each trusting the authority in its own store. The tests after run in
    order, each from where the one before left the browsers (select them together)."""
    store = Store(lan.drawdoc, lan.env)
    doc, ids = store.new("Together", (40, 40, 80, 60, "#ff0000"),
                         (200, 120, 100, 80, "#00aa00"), (60, 180, 90, 70, "#2563eb"))
    codes = {STUDIO: lan.code, PHONE: new_code(lan), IPAD: new_code(lan)}
    with contextlib.ExitStack() as quit_at_the_end:
        browsers = {}
        for name, profile in ((STUDIO, "studio"), (PHONE, "phone")):
            home = chromium_home(lan.folder, profile)
            trust_in(home, lan.authority_pem)
            browsers[name] = chromium(home)
            quit_at_the_end.callback(browsers[name].quit)
        webkit = WebKit(ca_file=lan.authority_pem)
        quit_at_the_end.callback(webkit.quit)
        browsers[IPAD] = webkit.driver
        yield SimpleNamespace(lan=lan, store=store, doc=doc, ids=ids, codes=codes,
                              browsers=browsers, webkit=webkit, a=browsers[STUDIO],
                              b=browsers[PHONE], w=browsers[IPAD], tokens={})


@contextlib.contextmanager
def telling(together):
    """On a failure, each browser's page and console, and WebKit's log, in the report."""
    try:
        yield
    except BaseException:
        tell(together.browsers, together.webkit)
        raise


def test_each_pairs_with_a_code_of_its_own(together):
    """Each pairs on the pairing page with a code of its own."""
    lan, browsers = together.lan, together.browsers
    with telling(together):
        tokens = together.tokens
        tokens.update({name: pair(driver, lan, together.codes[name], name)
                       for name, driver in browsers.items()})
        if len(set(tokens.values())) != 3:
            raise Failure("two devices were given the same token")
        listed = lan.run("devices").stdout
        for name in browsers:
            if name not in listed:
                raise Failure(f"drawdoc devices does not list {name}:\n{listed}")


def test_all_three_see_the_others(together):
    """All three open the drawing and see the two others, by name."""
    lan, doc, browsers = together.lan, together.doc, together.browsers
    with telling(together):
        for driver in browsers.values():
            open_drawing(driver, lan, doc)
        for name, driver in browsers.items():
            expected = sorted(set(browsers) - {name})
            wait(f"{name} seeing {expected}", lambda: sorted(
                p["name"] for p in present(driver)) == expected, 15, 0.05)


def test_pointer_shows_on_the_others(together):
    """A's pointer shows on B and WebKit at the drawing point it is on."""
    a, b, w = together.a, together.b, together.w
    with telling(together):
        move_to(a, screen(a, 150, 110))
        for driver in (b, w):
            wait("A's pointer at (150, 110)", lambda: near(
                (person(driver, STUDIO) or {}).get("pointer"), 150, 110), 10, 0.02)
            wait("A's cursor drawn, labelled with A's name", lambda: driver.execute_script(
                "return [...document.querySelectorAll('#presence-cursors .presence-cursor')]"
                ".some((c) => !c.hidden && c.textContent === arguments[0])", STUDIO), 10, 0.02)
        latencies = pointer_latencies(a, [b], 20)
        print(f"    pointer on A to cursor placed on B (20 moves): median "
              f"{statistics.median(latencies):.0f} ms, p95 {percentile(latencies, 0.95):.0f} "
              f"ms", flush=True)


def test_selection_shows_on_the_others(together):
    """A's selection (a click) shows on B and WebKit."""
    a, b, w, red = together.a, together.b, together.w, together.ids[0]
    with telling(together):
        click(a, screen(a, 80, 70))
        wait("A's selection", lambda: a.execute_script(
            "return drawdocEditor.selection()") == [red], 10, 0.05)
        for driver in (b, w):
            wait("A's selection on the other page", lambda: (
                person(driver, STUDIO) or {}).get("selection") == [red], 10, 0.02)


def test_phone_drag_shows_on_the_others(together):
    """B drags the green rectangle by (30, 20): A and WebKit show it, and B's selection and
    pointer."""
    store, doc, a, b, w = together.store, together.doc, together.a, together.b, together.w
    green = together.ids[1]
    with telling(together):
        drag_canvas(b, (250, 160), (280, 180))
        moved_green = [230, 140, 100, 80]
        for driver in (a, w):
            wait("B's drag on the other page", lambda: rectangle(driver, green)
                 == moved_green, 10, 0.02)
            wait("B's selection and pointer on the other page", lambda: (
                lambda p: p and p["selection"] == [green] and near(p["pointer"], 280, 180))(
                person(driver, PHONE)), 10, 0.02)
        if store.box(doc, green) != tuple(moved_green):
            raise Failure(f"the store has the green rectangle at {store.box(doc, green)}")


def test_webkit_tap_and_drag_show_on_studio(together):
    """WebKit taps the blue rectangle and drags it by (40, -30): A shows it."""
    lan, store, doc, a, w = together.lan, together.store, together.doc, together.a, together.w
    blue = together.ids[2]
    with telling(together):
        flows = Flows(w, f"{lan.origin}/")
        flows.tap(interaction.POINTER_TOUCH, 100, 210)
        wait("WebKit's selection", lambda: flows.selection() == [blue], 10, 0.05)
        flows.drag(interaction.POINTER_TOUCH, (100, 210), (140, 180))
        wait("WebKit's drag on A", lambda: rectangle(a, blue) == [100, 150, 90, 70], 10, 0.02)
        wait("WebKit's selection on A", lambda: (
            person(a, IPAD) or {}).get("selection") == [blue], 10, 0.02)
        # A lifted finger has no place (its pointer leaves the stage): a mouse's has.
        move_to(w, screen(w, 170, 100))
        wait("WebKit's mouse pointer at (170, 100) on A", lambda: near(
            (person(a, IPAD) or {}).get("pointer"), 170, 100), 10, 0.02)
        if store.box(doc, blue) != (100, 150, 90, 70):
            raise Failure(f"the store has the blue rectangle at {store.box(doc, blue)}")


def test_five_more_drags_show_on_studio(together):
    """B drags the green rectangle 5 more times: A shows each."""
    store, doc, a, b, green = together.store, together.doc, together.a, together.b, together.ids[1]
    with telling(together):
        b.execute_script(RECORD_RELEASES)
        a.execute_script(RECORD_X, green)
        edits = []
        for index in range(1, 6):
            here = rectangle(b, green)
            centre = (here[0] + 50, here[1] + 40)
            drag_canvas(b, centre, (centre[0] + 12, centre[1]))
            x = wait("B's drag on B", lambda: (lambda r: r[0] != here[0] and r)(
                rectangle(b, green)), 10, 0.01)[0]
            seen = wait(f"x = {x} on A", lambda: next((
                s for s in a.execute_script("return window.xSeen") if s["x"] == str(x)),
                None), 10, 0.01)
            released = b.execute_script("return window.releases")
            if len(released) != index:
                raise Failure(f"B saw {len(released)} pointerups, not {index}")
            edits.append(seen["at"] - released[-1])
        wait("B's drags in the store", lambda: store.box(doc, green)
             == (x, 140, 100, 80), 10, 0.05)
        print(f"    edit on B (a drag let go) to drawn on A (5 drags): median "
              f"{statistics.median(edits):.0f} ms, max {max(edits):.0f} ms", flush=True)


def test_revoked_phone_ends_within_1_s(together):
    """`drawdoc devices revoke Phone`: B's stream ends within 1 s, then 401."""
    lan, a, b, w = together.lan, together.a, together.b, together.w
    with telling(together):
        b.execute_script(RECORD_STREAM_END)
        if page_api(b, "GET", "/api/session")["status"] != 204:
            raise Failure("B's own request did not succeed before it was revoked")
        # Meanwhile A keeps asking the server, as a busy page does: a revocation must end
        # B's stream however many requests the others make.
        busy = Busy(lan, together.tokens[STUDIO])
        try:
            lan.run("devices", "revoke", PHONE)
            returned = time.time() * 1000
            ended = wait("B's page saying its stream ended", lambda: b.execute_script(
                "return window.streamEnded"), 5, 0.01)
        except Failure as failure:
            raise Failure(f"{failure}; B's status says "
                          f"{b.find_element(By.ID, 'status').text!r}") from None
        finally:
            busy.stop()
        closed_after = ended - returned
        refused = page_api(b, "GET", "/api/session")
        if refused["status"] != 401:
            raise Failure(f"B's request after its revocation answered {refused}, not 401")
        wait("B's page saying it is not paired", lambda: b.execute_script(
            "return window.notPaired"), 10, 0.05)
        for name, driver in ((STUDIO, a), (IPAD, w)):
            expected = sorted({STUDIO, IPAD} - {name})
            wait(f"{name} no longer seeing B", lambda: sorted(
                p["name"] for p in present(driver)) == expected, 6, 0.05)
        if page_api(a, "GET", "/api/session")["status"] != 204:
            raise Failure("A's requests failed after B was revoked")
        print(f"    B's stream ended {closed_after:.0f} ms after the revoke command "
              f"returned", flush=True)
        if closed_after > 1000:
            raise Failure(f"B's stream ended {closed_after:.0f} ms after its revocation, "
                          "not within 1 s")


def tell(browsers, webkit):
    """For a failure's report: each Chromium's console and a screenshot, WebKit's log."""
    import tempfile
    for name, driver in browsers.items():
        try:
            shot = os.path.join(tempfile.gettempdir(),
                                f"lan-browsers-{name.replace(' ', '-')}.png")
            driver.save_screenshot(shot)
            print(f"  {name}'s page: {driver.current_url}, as it was: {shot}", file=sys.stderr)
            if name != IPAD:
                for entry in driver.get_log("browser"):
                    print(f"  {name} console: {entry['message']}", file=sys.stderr)
        except Exception:
            pass  # a browser that is gone has nothing more to say
    webkit.tell_what_it_shows("lan-browsers-webkit-log.png")
