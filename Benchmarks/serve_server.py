"""`drawdoc serve` and `drawdoc` commands as the server benchmark runs them: the server
started and its address read, its memory sampled, processes timed, the disk's fsyncs, and
requests on fresh connections.
"""
import errno
import os
import re
import signal
import socket
import subprocess
import threading
import time

from serve_http import (Client, Credentials, Failure, StaleConnection, now, select_)

# What `drawdoc serve` prints: its address with the access token in it.
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\S*?[?&#]token=([A-Za-z0-9_-]+)")

# Every process the benchmark starts, so that none outlives it.
CHILDREN = []



class Server:
    """`drawdoc serve --store STORE --port 0`, its address and token, its memory."""

    def __init__(self, binary, store, env):
        self.lines = []
        self.process = subprocess.Popen([binary, "serve", "--store", store, "--port", "0"],
                                        env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT)
        CHILDREN.append(self.process)
        fd = self.process.stdout.fileno()
        pending = b""
        deadline = now() + 20
        match = None
        while match is None:
            readable, _, _ = select_([fd], deadline - now())
            if not readable:
                self.stop()
                raise Failure(f"drawdoc serve printed no address within 20 s: {pending!r}")
            data = os.read(fd, 4096)
            if not data:
                self.stop()
                raise Failure(f"drawdoc serve ended without an address: {pending!r}")
            pending += data
            match = ADDRESS.search(pending.decode("utf-8", "replace"))
        self.lines.append(pending.decode("utf-8", "replace").strip())
        self.port, self.token = int(match.group(1)), match.group(2)
        self.address = match.group(0)
        self.credentials = Credentials(self.port, self.token)
        threading.Thread(target=self._drain, args=(fd,), daemon=True).start()

    def _drain(self, fd):
        """Keeps the server's later lines (one per error), the last 50, so it never blocks."""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            self.lines = (self.lines + data.decode("utf-8", "replace").splitlines())[-50:]

    def handshake(self):
        """Opens the printed address, as a browser does (the server answers the page that
        keeps the token), then asks the API with the token: it must answer."""
        path = self.address.split(str(self.port), 1)[1]
        client = Client(self.credentials, timeout=10)
        try:
            client.request("GET", path)
            answer, _, _ = client.request("GET", "/api/drawings")
            if answer.status != 200:
                raise Failure(f"GET /api/drawings with the bearer token was answered "
                              f"{answer.status}: {answer.body[:200]!r} (a server older than "
                              f"the bearer token cannot be measured)")
            return answer.json()
        finally:
            client.close()

    def status(self):
        """VmRSS and VmHWM in bytes, and the threads, from /proc."""
        figures = {}
        try:
            with open(f"/proc/{self.process.pid}/status") as file:
                for line in file:
                    key, _, value = line.partition(":")
                    if key in ("VmRSS", "VmHWM"):
                        figures[key] = int(value.split()[0]) * 1024
                    elif key == "Threads":
                        figures[key] = int(value)
        except OSError:
            pass
        return figures

    def open_files_limit(self):
        try:
            with open(f"/proc/{self.process.pid}/limits") as file:
                for line in file:
                    if line.startswith("Max open files"):
                        return int(line.split()[3])
        except (OSError, ValueError, IndexError):
            return None

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        stop_process(self.process, signal.SIGINT)


def stop_process(process, first=signal.SIGTERM, seconds=5):
    if process.poll() is None:
        try:
            process.send_signal(first)
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        except ProcessLookupError:
            pass
    if process in CHILDREN:
        CHILDREN.remove(process)


class Sampler:
    """Samples the server's VmRSS and threads every 50 ms, keeping the peaks."""

    def __init__(self, server):
        self.server = server
        self.peak_rss = 0
        self.peak_threads = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stopped.is_set():
            figures = self.server.status()
            self.peak_rss = max(self.peak_rss, figures.get("VmRSS", 0))
            self.peak_threads = max(self.peak_threads, figures.get("Threads", 0))
            self.stopped.wait(0.05)

    def stop(self):
        self.stopped.set()
        self.thread.join()


def run_command(binary, arguments, env, timeout=600):
    result = subprocess.run([binary, *arguments], env=env, capture_output=True, text=True,
                            timeout=timeout)
    if result.returncode != 0:
        raise Failure(f"drawdoc {' '.join(arguments)} failed ({result.returncode}): "
                      f"{result.stderr.strip()[:300]}")
    return result.stdout


def timed_process(command, env):
    started = now()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, timeout=600)
    elapsed = now() - started
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} failed: {result.stderr.strip()[:300]}")
    return elapsed


def fsyncs_per_second(folder, seconds):
    """4 KiB written and fsync'ed, again and again, to a file in `folder`."""
    path = os.path.join(folder, "fsync-probe")
    block = os.urandom(4096)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        count = 0
        started = now()
        while now() - started < seconds:
            os.write(fd, block)
            os.fsync(fd)
            count += 1
        return count / (now() - started)
    finally:
        os.close(fd)
        os.unlink(path)


def normal_requests(credentials, seconds=None, count=None, pause=0.05, timeout=5.0,
                    paths=("/api/drawings",)):
    """`GET /api/drawings` (or each of `paths` in turn), each on a fresh connection, until
    `seconds` have passed or `count` were made: the latencies of those answered 200 (or 204),
    by path, and the failures by kind. With one path, the latencies are a list."""
    by_path = {path: [] for path in paths}
    failures = {}
    started = now()
    made = 0
    while (seconds is None or now() - started < seconds) and (count is None or made < count):
        path = paths[made % len(paths)]
        latencies = by_path[path]
        made += 1
        client = Client(credentials, timeout=timeout)
        begin = now()
        kind = None
        try:
            client.connect()
            response, _, answered = client.request("GET", path)
            if response.status in (200, 204):
                latencies.append(answered - begin)
            else:
                kind = f"HTTP {response.status}"
        except socket.timeout:
            kind = "timeout"
        except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, StaleConnection):
            kind = "reset or closed"
        except ConnectionRefusedError:
            kind = "refused"
        except OSError as error:
            kind = errno.errorcode.get(error.errno, type(error).__name__)
        finally:
            client.close()
        if kind:
            failures[kind] = failures.get(kind, 0) + 1
        time.sleep(pause)
    return (by_path[paths[0]] if len(paths) == 1 else by_path), failures, made


RECT_TAG = re.compile(rb"<rect\b[^>]*>")
ATTRIBUTE = re.compile(rb'([A-Za-z_:][-\w:.]*)="([^"]*)"')


def read_drawing(credentials, doc):
    """The drawing as the server has it: its version and its rectangles' ids and x, in
    order. From the JSON form of `GET /api/drawings/ID`, else from the drawing's SVG."""
    client = Client(credentials)
    try:
        response, _, _ = client.request("GET", f"/api/drawings/{doc}")
        if response.status != 200:
            raise Failure(f"GET /api/drawings/{doc} was answered {response.status}: "
                          f"{response.body[:200]!r}")
        answer = response.json() or {}
        version = answer.get("version")
        if not isinstance(version, int):
            raise Failure(f"GET /api/drawings/{doc} gave no version: {response.body[:200]!r}")
        drawing = answer.get("drawing")
        if isinstance(drawing, dict) and isinstance(drawing.get("rectangles"), list):
            return version, [(r["id"], float(r.get("x", 0))) for r in drawing["rectangles"]]
        svg = answer.get("svg")
        if isinstance(svg, str):
            svg = svg.encode()
        else:
            response, _, _ = client.request("GET", f"/api/drawings/{doc}/svg")
            if response.status != 200:
                raise Failure(f"GET /api/drawings/{doc}/svg was answered {response.status}")
            svg = response.body
        rectangles = []
        for tag in RECT_TAG.findall(svg):
            attributes = dict(ATTRIBUTE.findall(tag))
            if b"data-id" in attributes:
                rectangles.append((attributes[b"data-id"].decode(),
                                   float(attributes.get(b"x", b"0"))))
        return version, rectangles
    finally:
        client.close()
