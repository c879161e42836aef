"""The drawing app's credential in a real browser (headless Chromium): two servers on two
ports stay apart; another local program can neither take the token (by bouncing the browser
through itself) nor lock the page out (by tossing a cookie); another program that listens on
the port once the server has stopped gets no token from the open page's reconnects (the page
asks the server to prove it holds the token first); the token survives a restart, so an open
page reconnects by itself, and `--new-token` shuts that page out; a browser without the token
is told how to get in.

Run: python3 -m pytest Tests/browser/security_test.py [-k NAME] [--drawdoc PATH]
"""
import hashlib
import hmac
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
from types import SimpleNamespace

try:
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("security_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import ADDRESS, Failure, wait  # noqa: E402


class Server:
    """`drawdoc serve` on a store of its own, which holds one drawing with `title`."""

    def __init__(self, drawdoc, folder, title):
        self.drawdoc = drawdoc
        self.env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
        self.doc = self.run("new", "--title", title).stdout.strip()
        self.process = None
        self.start("0")

    def run(self, *arguments):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=60)
        if result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr}")
        return result

    def start(self, port, *options):
        self.process = subprocess.Popen([self.drawdoc, "serve", "--port", port, *options],
                                        env=self.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        match = ADDRESS.search(line)
        if not match:
            self.process.kill()
            raise Failure(f"drawdoc serve printed no address: {line!r}")
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
        self.base, self.port, self.token = match.group(1), match.group(2), match.group(3)
        self.address = f"{self.base}?token={self.token}"

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise Failure("drawdoc serve did not stop on Ctrl-C within 10 s")


class Attacker(http.server.ThreadingHTTPServer):
    """Another program on 127.0.0.1: it serves a page that tosses a cookie at the app's port
    and sends the browser back through itself, and it keeps every request's header fields."""

    def __init__(self, app_port):
        self.seen = []
        self.app_port = app_port
        attacker = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                attacker.seen.append((self.path, dict(self.headers)))
                page = f"""<!DOCTYPE html><title>other program</title>
<script>
document.cookie = "drawdoc_{app_port}=bogus; path=/api";
document.cookie = "drawdoc_{app_port}=bogus; path=/";
window.found = {{cookie: document.cookie, storage: JSON.stringify(localStorage)}};
</script>
<a id="bounce" href="/bounced">go</a>"""
                body = page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self):
        return f"http://127.0.0.1:{self.server_address[1]}/"


class Impostor(http.server.ThreadingHTTPServer):
    """Another program on the app's port once the app has stopped: it answers every request
    with 200 and some JSON, the proof with a code made under a key of its own, and keeps every
    request's method, path and header fields."""

    def __init__(self, port):
        self.seen = []
        impostor = self

        class Handler(http.server.BaseHTTPRequestHandler):
            # HTTP/1.0: every connection closes after its answer, so none outlives the program.
            def answer(self):
                impostor.seen.append((self.command, self.path, dict(self.headers)))
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                nonce = self.path.partition("nonce=")[2]
                message = f"drawdoc server proof\nport {port}\nnonce {nonce}".encode()
                forged = hmac.new(b"not the token", message, hashlib.sha256).hexdigest()
                body = json.dumps({"proof": forged, "drawings": [], "trash": [], "damaged": [],
                                   "sequence": 0}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PATCH = do_DELETE = answer

            def log_message(self, *arguments):
                pass

        super().__init__(("127.0.0.1", int(port)), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def carrying(self, secret):
        """The requests whose path or header fields hold `secret`."""
        return [(method, path) for method, path, headers in self.seen
                if secret in path or secret in json.dumps(headers)]


def card_titles(driver):
    return sorted(card.find_element(By.CSS_SELECTOR, ".title").text
                  for card in driver.find_elements(By.CSS_SELECTOR, ".card"))


@pytest.fixture(scope="module")
def servers(drawdoc, folder):
    """Two servers, each on a store of its own; `attacker` is another local program, once
    started. The tests run in order, each from where the one before left the first server and
    the page: the last three stop and restart the first server (select them with the ones
    before them)."""
    both = SimpleNamespace(first=Server(drawdoc, os.path.join(folder, "one"), "First store"),
                           second=Server(drawdoc, os.path.join(folder, "two"), "Second store"),
                           attacker=None, old_token=None)
    yield both
    if both.attacker:
        both.attacker.shutdown()
    both.first.stop()
    both.second.stop()


def test_two_servers_stay_apart(servers, chromium):
    """Two servers on two ports in one browser stay apart."""
    driver, first, second = chromium, servers.first, servers.second
    driver.get(first.address)
    wait("the first store's card", lambda: card_titles(driver) == ["First store"], 10, 0.1)
    if "token" in driver.current_url:
        raise Failure(f"the token stays in the address: {driver.current_url}")
    driver.get(second.address)
    wait("the second store's card", lambda: card_titles(driver) == ["Second store"], 10, 0.1)
    # Back to the first without its token: its own, kept for its origin, still works.
    driver.get(first.base)
    wait("the first store again", lambda: card_titles(driver) == ["First store"], 10, 0.1)
    stored = driver.execute_script("return localStorage.getItem('drawdoc-token')")
    if stored != first.token:
        raise Failure(f"the first origin keeps {stored!r}, not its token")
    if driver.get_cookies():
        raise Failure(f"the app set cookies: {driver.get_cookies()}")


def test_another_program_gets_no_token(servers, chromium):
    """Another local program can neither take the token nor lock the page out."""
    driver, first, second = chromium, servers.first, servers.second
    attacker = servers.attacker = Attacker(first.port)
    driver.get(attacker.address)
    found = wait("the other page's script", lambda: driver.execute_script(
        "return window.found"), 5, 0.1)
    for token in (first.token, second.token):
        if token in json.dumps(found):
            raise Failure(f"the other page read a token: {found}")
    driver.find_element(By.ID, "bounce").click()
    wait("the bounce", lambda: any(path == "/bounced" for path, _ in attacker.seen), 5, 0.1)
    for path, headers in attacker.seen:
        if any(token in json.dumps(headers) for token in (first.token, second.token)):
            raise Failure(f"the browser sent a token to the other program: {headers}")
    # The tossed cookies reach the app, which reads no cookie: the page still works.
    driver.get(first.base)
    wait("the first store after the cookies", lambda: card_titles(driver) == ["First store"],
         10, 0.1)
    # A link from elsewhere with a wrong token does not replace the one that works.
    driver.get(first.base + "?token=" + "0" * 32)
    wait("the page after a wrong token", lambda: card_titles(driver) == ["First store"], 10,
         0.1)
    if driver.execute_script("return localStorage.getItem('drawdoc-token')") != first.token:
        raise Failure("a wrong token in a link replaced the one that works")


def test_impostor_on_the_port_gets_no_token(servers, chromium):
    """Another program on the port of a stopped server gets no token from the open page."""
    driver, first = chromium, servers.first
    first.stop()
    wait("the page notices", lambda: "live" not in driver.find_element(By.ID, "status").text,
         10, 0.1)
    impostor = Impostor(first.port)
    try:
        wait("three of the page's requests at the other program",
             lambda: len(impostor.seen) >= 3, 30, 0.1)
        taken = impostor.carrying(first.token)
        if taken:
            raise Failure(f"the page sent its token to another program: {taken}")
        if not all(path.startswith("/api/proof?nonce=") for _, path, _ in impostor.seen):
            raise Failure("the page asked the other program for more than a proof: "
                          f"{[(method, path) for method, path, _ in impostor.seen]}")
    finally:
        impostor.shutdown()
        impostor.server_close()


def test_token_survives_a_restart(servers, chromium):
    """The token survives a restart: the open page reconnects by itself."""
    driver, first = chromium, servers.first
    old_token = servers.old_token = first.token
    first.start(first.port)
    if first.token != old_token:
        raise Failure("a restart made a new token")
    wait("live again", lambda: driver.find_element(By.ID, "status").text == "live", 15, 0.2)
    if driver.find_elements(By.ID, "get-in"):
        raise Failure("the page still says it needs the token, with the server back")
    made = first.run("new", "--title", "After the restart").stdout.strip()
    wait("a change after the restart", lambda: driver.find_elements(
        By.CSS_SELECTOR, f'.card[data-id="{made}"]'), 10, 0.1)


def test_new_token_shuts_the_page_out(servers, chromium):
    """--new-token shuts the open page out, and it says how to get in."""
    driver, first, old_token = chromium, servers.first, servers.old_token
    first.stop()
    first.start(first.port, "--new-token")
    if first.token == old_token:
        raise Failure("--new-token kept the token")
    wait("the page says how to get in",
         lambda: driver.find_elements(By.ID, "get-in"), 15, 0.2)
    driver.get(first.base + "api/drawings")
    text = driver.find_element(By.TAG_NAME, "body").text
    if "drawdoc serve" not in text or "{" in text:
        raise Failure(f"a browser without the token got no page that says how: {text[:200]}")
    driver.get(first.address)
    wait("in again with the new address",
         lambda: sorted(card_titles(driver)) == ["After the restart", "First store"], 10, 0.1)
