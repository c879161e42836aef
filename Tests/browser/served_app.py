"""What the browser tests (conftest.py's fixtures, app_test.py) and the benchmarks
(Benchmarks/app_bench.py, editor_bench.py) share: `drawdoc serve` started on a store, the
options of the headless Chromium they drive, and waiting for the page.
"""
import re
import signal
import subprocess
import threading
import time

# What `drawdoc serve` prints first: its address with the access token.
ADDRESS = re.compile(r"(http://127\.0\.0\.1:(\d+)/)\?token=(\w+)")

# A fixed window and scale, so that screenshots and pointer positions are the canvas's.
HEADLESS_ARGUMENTS = ("--headless=new", "--no-sandbox", "--disable-gpu",
                      "--window-size=1400,1000", "--force-device-scale-factor=1",
                      "--hide-scrollbars", "--disable-dev-shm-usage")


class Failure(Exception):
    pass


def wait(what, condition, seconds, pause):
    """Asks `condition()` every `pause` seconds until it is true, and returns it; fails
    saying `what` after `seconds`. An exception in between (the page between two states) is
    asked again, but a `Failure` (a drawdoc command that failed) ends the wait at once."""
    deadline = time.time() + seconds
    last = None
    while time.time() < deadline:
        try:
            last = condition()
            if last:
                return last
        except Failure:
            raise
        except Exception as error:
            last = error
        time.sleep(pause)  # the pause between two looks at the condition
    raise Failure(f"{what}: not within {seconds} s (last: {last!r})")


def start_server(drawdoc, env):
    """Starts `drawdoc serve --port 0` on the store of `env`; returns the process, the base
    address (`http://127.0.0.1:PORT/`) and the token. The server's later lines (one per error)
    are read and dropped on a thread, so it never blocks on a full pipe."""
    server = subprocess.Popen([drawdoc, "serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    match = ADDRESS.search(line)
    if not match:
        server.kill()
        raise Failure(f"drawdoc serve printed no address: {line!r}")
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    return server, match.group(1), match.group(3)


def chromium_options(browser, *extra_arguments):
    """The options of a headless Chromium at `browser`."""
    from selenium.webdriver.chrome.options import Options  # only when a browser is driven
    options = Options()
    options.binary_location = browser
    for argument in HEADLESS_ARGUMENTS + extra_arguments:
        options.add_argument(argument)
    return options


def headless_chromium(*extra_arguments):
    """A headless Chromium (with a 20 s page-load timeout) through chromedriver, given
    `extra_arguments` besides HEADLESS_ARGUMENTS; exits with the way to install it when it is
    missing."""
    import os
    import shutil
    import sys
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    browser = next((path for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser")
                    if os.path.exists(path)), None)
    if browser is None:
        sys.exit("chromium is not installed: apt-get install chromium chromium-driver")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path),
                              options=chromium_options(browser, *extra_arguments))
    driver.set_page_load_timeout(20)
    return driver


class Server:
    """`drawdoc serve` on a store; stopped and started again on the same port."""

    def __init__(self, drawdoc, env):
        self.drawdoc = drawdoc
        self.env = env
        self.process, self.base, self.token = start_server(drawdoc, env)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=10)
        self.process = None

    def start(self, port):
        self.process = subprocess.Popen([self.drawdoc, "serve", "--port", port], env=self.env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        line = self.process.stdout.readline()
        match = ADDRESS.search(line)
        if not match or match.group(3) != self.token:
            raise Failure(f"the restarted server printed {line!r}")
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
