"""WebKit, the engine of Safari, for the browser tests: WebKitGTK's MiniBrowser driven by
WebKitWebDriver (Debian's webkit2gtk-driver) on an X server of its own (Xvfb), through
Selenium.

What the caller chooses: the authority a page's TLS certificate must come from, `ca_file`.
WebKitGTK checks certificates with GnuTLS through glib-networking, against the system's
bundle, /etc/ssl/certs/ca-certificates.crt, a path built into GnuTLS that no environment
variable changes (SSL_CERT_FILE is not read). So, given `ca_file`, the driver and the browser
it starts run in a mount namespace of their own (`unshare -m`, or `unshare -r -m` where
only a user namespace is allowed) in which that path is the system's bundle with `ca_file`
added: the browser trusts the authority as it trusts any other, through its own certificate
store, and refuses every other certificate as it always does. Without `ca_file`, nothing
changes.

What WebKitWebDriver 2.50 does with pointer actions (checked by webkit_test.py):
- a `pen` pointer sends pointer events of type `pen`;
- a `touch` pointer sends pointer events of type `mouse`: WebKitGTK has no way to make touches
  (its automation builds without touch interactions), and a second touch pointer in one
  action is refused (invalid argument). A finger's own rules are tested in Chromium
  (touch_test.py), whose touches are real.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import urllib.request

from served_app import Failure, wait

DRIVER = "/usr/bin/WebKitWebDriver"
SYSTEM_BUNDLE = "/etc/ssl/certs/ca-certificates.crt"
# The window: the same size as the Chromium tests' and the X screen around it.
WINDOW = (1400, 1000)


def minibrowser():
    """The path of WebKitGTK's MiniBrowser, or None."""
    for api in ("4.1", "4.0", "6.0"):
        path = f"/usr/lib/x86_64-linux-gnu/webkit2gtk-{api}/MiniBrowser"
        if os.access(path, os.X_OK):
            return path
    return None


def capabilities(browser):
    """The capabilities WebKitWebDriver 2.50 takes to start MiniBrowser for automation. (Its
    MiniBrowser has no `--headless`: it needs an X server, which `WebKit` starts.)"""
    return {
        "browserName": "MiniBrowser",
        "webkitgtk:browserOptions": {"binary": browser, "args": ["--automation"]},
    }


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebKit:
    """MiniBrowser under WebKitWebDriver on its own Xvfb display; `driver` is the Selenium
    session. `ca_file`: a PEM certificate authority the browser trusts besides the system's
    (see the module's comment). Stop it with `quit()`."""

    def __init__(self, ca_file=None):
        from selenium import webdriver
        from selenium.webdriver.common.options import ArgOptions
        browser = minibrowser()
        for need, package in ((browser, "webkit2gtk-driver"), (shutil.which("Xvfb"), "xvfb"),
                              (os.access(DRIVER, os.X_OK), "webkit2gtk-driver")):
            if not need:
                raise Failure(f"WebKit is not installed: apt-get install {package}")
        self.folder = tempfile.mkdtemp(prefix="drawdoc-webkit-")
        self.processes = []
        try:
            self.display = self.start_display()
            port = free_port()
            environment = dict(os.environ, DISPLAY=self.display)
            command = [DRIVER, f"--port={port}"]
            if ca_file:
                command = self.trusting(ca_file, command)
            self.processes.append(subprocess.Popen(
                command, env=environment, stdout=subprocess.DEVNULL,
                stderr=open(os.path.join(self.folder, "driver.log"), "w")))
            address = f"http://127.0.0.1:{port}"
            wait("WebKitWebDriver listening", lambda: self.answers(address), 20, 0.05)
            options = ArgOptions()
            for name, value in capabilities(browser).items():
                options.set_capability(name, value)
            self.driver = webdriver.Remote(command_executor=address, options=options)
            self.driver.set_window_rect(0, 0, *WINDOW)
            self.driver.set_page_load_timeout(20)
        except BaseException:
            self.quit()
            raise

    def start_display(self):
        """Starts Xvfb on a free display, which it names when it is ready (`-displayfd`)."""
        read, write = os.pipe()
        self.processes.append(subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{WINDOW[0]}x{WINDOW[1]}x24",
             "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL))
        os.close(write)
        with os.fdopen(read) as named:
            number = named.readline().strip()
        if not number:
            raise Failure("Xvfb started no display")
        return f":{number}"

    def trusting(self, ca_file, command):
        """`command` run where the system's bundle also holds `ca_file`."""
        bundle = os.path.join(self.folder, "ca-certificates.crt")
        with open(bundle, "wb") as out:
            with open(SYSTEM_BUNDLE, "rb") as system:
                out.write(system.read())
            with open(ca_file, "rb") as added:
                out.write(b"\n" + added.read())
        inside = ["sh", "-c", 'mount --bind "$0" "$1" && shift && exec "$@"', bundle,
                  SYSTEM_BUNDLE]
        for unshare in (["unshare", "-m"], ["unshare", "-r", "-m"]):
            probe = subprocess.run(unshare + ["mount", "--bind", bundle, SYSTEM_BUNDLE],
                                   capture_output=True)
            if probe.returncode == 0:
                return unshare + inside + command
        raise Failure("no mount namespace can be made here (unshare -m, unshare -r -m), so "
                      "WebKit cannot be given the authority to trust: run as root, or where "
                      "user namespaces are allowed")

    @staticmethod
    def answers(address):
        with urllib.request.urlopen(f"{address}/status", timeout=2) as response:
            return response.status == 200

    def quit(self):
        driver = getattr(self, "driver", None)
        if driver:
            try:
                driver.quit()
            except Exception:
                pass  # a browser that is gone has nothing more to close
        for process in reversed(self.processes or []):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def tell_what_it_shows(self, name):
        """For a failure's report, on standard error: a screenshot of the page (its path),
        and the end of what WebKitWebDriver wrote."""
        try:
            shot = os.path.join(tempfile.gettempdir(), name)
            self.driver.save_screenshot(shot)
            print(f"  the page as it was: {shot}", file=sys.stderr)
        except Exception:
            pass  # a browser that is gone shows nothing
        try:
            with open(os.path.join(self.folder, "driver.log")) as log:
                print(log.read()[-4000:], file=sys.stderr, end="")
        except OSError:
            pass  # no log written
