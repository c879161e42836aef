#!/usr/bin/env python3
"""The server's speed: `drawdoc serve` measured over HTTP, for one build or two side by side.

    python3 Benchmarks/serve_bench.py --binary PATH [--before PATH] [--quick]
                                      [--sizes 1000,10000,100000] [--no-attack] …

Each binary gets a store of its own (in --work, default Benchmarks/.data/serve-bench/), with
drawings of 1 k, 10 k and 100 k rectangles made by `drawdoc new --random N --seed S`, and
`drawdoc serve --store STORE --port 0` on it. The client speaks to it as a page would, with
the access token as both credentials a server may take: the cookie `drawdoc_PORT=TOKEN` (the
server of 0.3.0) and `Authorization: Bearer TOKEN` (its successor), and an `Origin` of the
server on every change. Each server uses the one it knows and ignores the other.

Measured, per binary (Benchmarks/README.md, "The server", says how and why):

  1. under attack: 2,000 idle connections, 500 slow-loris ones and 300 event streams
     (`?since=0`, with the credential), all reconnecting when cut off, held by a child process
     while `GET /api/drawings` is asked on a fresh connection every 50 ms for 10 s: median,
     99th percentile, failures (503s, resets, timeouts), the server's peak RSS; and the same
     request without the attack.
  2. an edit's answer (one rectangle's x, `POST …/edits`) and its event on another stream,
     at each size; `drawdoc convert` of the same drawing as the reference.
  3. `GET /api/drawings/ID/changes?since=V-1` right after the edit.
  4. changes a second from 8 writers with keep-alive connections on 1,000 rectangles, each
     on rectangles of its own (`POST …/edits`); every last value checked after; and the disk's
     fsyncs a second, the ceiling.
  5. `drawdoc set` (a process) → its event on the stream.
  6. ten heavy requests at once on a drawing of 1,000,000 rectangles (`--heavy-rectangles`):
     exports in every format, the editor's read, and imports of decompression bombs that are
     refused, each sent again 0–1 s after its answer (after `Retry-After` when refused with
     503), for 20 s, while `GET /api/drawings` and `GET /api/session` are asked in turn on a
     fresh connection every 50 ms: their medians and 99th percentiles, the server's peak RSS,
     the heavy answers by status.

It prints one table by size and one of the server's figures per binary, and with --before a
table of before → after. Progress goes to standard error. Exit status: 0 when every check
held (a missed goal does not change it), 1 when a measurement failed, an event was missing or
a change was lost.

Linux only (/proc). Standard library only.
"""
import argparse
import base64
import errno
import heapq
import json
import math
import os
import random
import re
import resource
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# What `drawdoc serve` prints: its address with the access token in it.
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\S*?[?&#]token=([A-Za-z0-9_-]+)")

# Every process the benchmark starts, so that none outlives it.
CHILDREN = []


class Failure(Exception):
    pass


def log(text):
    print(f"serve bench: {text}", file=sys.stderr, flush=True)


def now():
    return time.monotonic()


def percentile(values, fraction):
    """Nearest rank."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(fraction * len(ordered))))
    return ordered[rank - 1]


def median(values):
    return statistics.median(values) if values else None


# MARK: - HTTP, by hand: keep-alive, chunked or not, and a stream read as it comes

class BodyDecoder:
    """A body as it arrives: of a Content-Length, chunked, or up to the close."""

    def __init__(self, headers, bodiless=False):
        self.buffer = bytearray()
        self.done = False
        self.state = "size"
        self.left = 0
        if bodiless:
            self.mode, self.done = "length", True
        elif "chunked" in headers.get("transfer-encoding", "").lower():
            self.mode = "chunked"
        elif "content-length" in headers:
            self.mode, self.left = "length", int(headers["content-length"])
            self.done = self.left == 0
        else:
            self.mode = "close"

    def feed(self, data):
        """Returns the body bytes in `data`."""
        if self.mode == "close":
            return bytes(data)
        if self.mode == "length":
            take = bytes(data[:self.left])
            self.left -= len(take)
            self.done = self.left == 0
            return take
        self.buffer += data
        out = bytearray()
        while not self.done:
            if self.state == "size":
                end = self.buffer.find(b"\r\n")
                if end < 0:
                    break
                size = int(bytes(self.buffer[:end]).split(b";")[0].strip() or b"0", 16)
                del self.buffer[:end + 2]
                self.state, self.left = ("trailer", 0) if size == 0 else ("data", size)
            elif self.state == "data":
                take = self.buffer[:self.left]
                out += take
                del self.buffer[:len(take)]
                self.left -= len(take)
                if self.left:
                    break
                self.state = "crlf"
            elif self.state == "crlf":
                if len(self.buffer) < 2:
                    break
                del self.buffer[:2]
                self.state = "size"
            else:  # trailer fields, up to an empty line
                end = self.buffer.find(b"\r\n")
                if end < 0:
                    break
                line = self.buffer[:end]
                del self.buffer[:end + 2]
                if not line:
                    self.done = True
        return bytes(out)


class Response:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None


class ResponseParser:
    """One response, fed the bytes as they come."""

    def __init__(self, method="GET"):
        self.method = method
        self.buffer = bytearray()
        self.status = None
        self.headers = {}
        self.decoder = None
        self.body = bytearray()
        self.done = False
        self.received = 0

    def feed(self, data):
        self.received += len(data)
        if self.decoder is None:
            self.buffer += data
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return False
            lines = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
            rest = bytes(self.buffer[end + 4:])
            parts = lines[0].split(" ", 2)
            if len(parts) < 2 or not parts[0].startswith("HTTP/"):
                raise ConnectionError(f"not an HTTP response: {lines[0][:80]!r}")
            self.status = int(parts[1])
            for line in lines[1:]:
                name, _, value = line.partition(":")
                self.headers[name.strip().lower()] = value.strip()
            self.decoder = BodyDecoder(self.headers, self.method == "HEAD"
                                       or self.status in (204, 304) or self.status < 200)
            data = rest
        self.body += self.decoder.feed(data)
        self.done = self.decoder.done
        return self.done

    def eof(self):
        """The connection closed: the response ends here if it was read up to the close."""
        if self.decoder is not None and self.decoder.mode == "close":
            self.done = True
            return True
        raise ConnectionResetError("the connection closed before the whole response")

    def response(self):
        return Response(self.status, self.headers, bytes(self.body))


class Credentials:
    """How a request proves it may: both the old cookie and the new bearer token."""

    def __init__(self, port, token, cookie=None):
        self.port, self.token = port, token
        self.cookie = cookie or f"drawdoc_{port}={token}"
        self.host = f"127.0.0.1:{port}"
        self.origin = f"http://127.0.0.1:{port}"

    def head(self, method, path, body=None, accept="application/json", extra=()):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", f"Cookie: {self.cookie}",
                 f"Authorization: Bearer {self.token}", f"Accept: {accept}", *extra]
        if method not in ("GET", "HEAD"):
            lines.append(f"Origin: {self.origin}")
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")


class Client:
    """One keep-alive connection; it connects again when the server has closed it."""

    def __init__(self, credentials, timeout=60.0):
        self.credentials = credentials
        self.timeout = timeout
        self.sock = None
        self.parser = None
        self.used = False
        self.pending = None

    def connect(self):
        self.close()
        self.sock = socket.create_connection(("127.0.0.1", self.credentials.port),
                                             timeout=self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.used = False

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None

    def send(self, method, path, payload=None):
        """Sends a request (`payload` as JSON, or bytes as they are); returns the time it was
        sent. The answer comes from `receive`."""
        if isinstance(payload, bytes):
            body = payload
        else:
            body = None if payload is None else json.dumps(payload).encode()
        data = self.credentials.head(method, path, body)
        if self.sock is None:
            self.connect()
        self.pending = (method, path, payload)
        self.parser = ResponseParser(method)
        sent = now()
        try:
            self.sock.sendall(data)
        except OSError:
            if not self.used:
                raise
            # The server closed the idle connection: the request never reached it.
            self.connect()
            sent = now()
            self.sock.sendall(data)
        return sent

    def receive_some(self):
        """Reads what has come (the socket is readable); returns the response once whole."""
        try:
            data = self.sock.recv(1 << 16)
        except (ConnectionResetError, ConnectionAbortedError):
            data = b""
            if self.used and self.parser.received == 0:
                raise StaleConnection()
            raise
        if not data:
            if self.used and self.parser.received == 0:
                raise StaleConnection()
            self.parser.eof()
        elif not self.parser.feed(data):
            return None
        response = self.parser.response()
        self.used = True
        if data == b"" or response.headers.get("connection", "").lower() == "close":
            self.close()
        return response

    def request(self, method, path, payload=None):
        """Sends and waits: (response, sent, answered)."""
        for attempt in range(2):
            sent = self.send(method, path, payload)
            try:
                while True:
                    response = self.receive_some()
                    if response is not None:
                        return response, sent, now()
            except StaleConnection:
                if attempt:
                    raise ConnectionResetError("the server closed the connection at once")
                self.connect()
        raise AssertionError("unreachable")


class StaleConnection(Exception):
    pass


class EventStream:
    """`GET /api/events`, read as it comes: each event with the time it arrived."""

    def __init__(self, credentials, since=None):
        path = "/api/events" + ("" if since is None else f"?since={since}")
        self.sock = socket.create_connection(("127.0.0.1", credentials.port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.sendall(credentials.head("GET", path, accept="text/event-stream"))
        self.parser = ResponseParser("GET")
        self.text = bytearray()
        self.events = []  # (arrived, name, data, id)
        self.reloads = 0
        self.closed = False
        self.current = {}
        deadline = now() + 10
        while self.parser.decoder is None:
            if now() > deadline:
                raise Failure("the event stream did not answer within 10 s")
            data = self.sock.recv(1 << 16)
            if not data:
                raise Failure("the server closed the event stream before answering")
            self._take(data, now())
        if self.parser.status != 200:
            raise Failure(f"the event stream was answered {self.parser.status}: "
                          f"{bytes(self.parser.body)[:200]!r}")
        self.sock.settimeout(None)

    def fileno(self):
        return self.sock.fileno()

    def _take(self, data, arrived):
        before = len(self.parser.body)
        self.parser.feed(data)
        if self.parser.decoder is None:
            return
        self.text += self.parser.body[before:]
        while True:
            end = self.text.find(b"\n")
            if end < 0:
                break
            line = bytes(self.text[:end]).rstrip(b"\r").decode("utf-8", "replace")
            del self.text[:end + 1]
            if line == "":
                if self.current:
                    name = self.current.get("event", "message")
                    if name == "reload":
                        self.reloads += 1
                    data_text = self.current.get("data", "")
                    try:
                        payload = json.loads(data_text) if data_text else {}
                    except ValueError:
                        payload = {"text": data_text}
                    self.events.append((arrived, name, payload, self.current.get("id")))
                self.current = {}
            elif line.startswith(":"):
                continue
            else:
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "data" and "data" in self.current:
                    self.current["data"] += "\n" + value
                else:
                    self.current[field] = value

    def pump(self):
        """Reads what has come (the socket is readable)."""
        try:
            data = self.sock.recv(1 << 16)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            raise Failure("the server closed the event stream")
        self._take(data, now())

    def wait(self, match, timeout, start=0):
        """Waits for an event, from index `start` on, that `match(name, data)`; returns its
        arrival time, or None."""
        deadline = now() + timeout
        index = start
        while True:
            while index < len(self.events):
                arrived, name, data, _ = self.events[index]
                if match(name, data):
                    return arrived
                index += 1
            left = deadline - now()
            if left <= 0:
                return None
            readable, _, _ = select_([self], left)
            if readable:
                self.pump()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def select_(readers, timeout):
    import select
    return select.select(readers, [], [], max(0.0, timeout))


# MARK: - The server and the commands

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
        """Opens the printed address, as a browser does: the old server sets its cookie
        there; the new one serves the page that keeps the token. Either way, the API must
        then answer the credentials."""
        path = self.address.split(str(self.port), 1)[1]
        client = Client(self.credentials, timeout=10)
        try:
            response, _, _ = client.request("GET", path)
            cookie = response.headers.get("set-cookie", "").split(";")[0].strip()
            if cookie.startswith(f"drawdoc_{self.port}="):
                self.credentials.cookie = cookie
            answer, _, _ = client.request("GET", "/api/drawings")
            if answer.status != 200:
                raise Failure(f"GET /api/drawings with the credentials was answered "
                              f"{answer.status}: {answer.body[:200]!r}")
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


# MARK: - 1. Under attack: the attacking child

SLOW_PAYLOAD_HEADERS = "".join(f"X-Slow-{k}: {k}\r\n" for k in range(4000))


def attack_child(options):
    """Holds idle, slow-loris and event-stream connections against the server until SIGTERM
    (each reconnects when cut off), then prints what happened as one JSON line."""
    total = options.idle + options.slow + options.streams
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = total + 256
    if soft < want:
        limit = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    credentials = Credentials(options.port, options.token, options.cookie)
    stream_path = "/api/events" + ("" if options.since < 0 else f"?since={options.since}")
    stream_request = credentials.head("GET", stream_path, accept="text/event-stream")
    slow_payload = (f"GET /api/drawings HTTP/1.1\r\nHost: {credentials.host}\r\n"
                    + SLOW_PAYLOAD_HEADERS).encode()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(True))
    selector = selectors.DefaultSelector()
    kinds = ["idle"] * options.idle + ["slow"] * options.slow + ["stream"] * options.streams
    random.Random(5).shuffle(kinds)
    slots = [{"kind": kind, "sock": None, "state": "waiting", "generation": 0, "sent": 0}
             for kind in kinds]
    stats = {"connects": 0, "connect_errors": {}, "cut": {}, "answers": {}, "stream_events": 0,
             "stream_bytes": 0}
    timers = []
    sequence = [0]
    rng = random.Random(7)

    def later(when, index, action):
        sequence[0] += 1
        heapq.heappush(timers, (when, sequence[0], index, slots[index]["generation"], action))

    def drop(index, reason):
        slot = slots[index]
        if slot["sock"] is not None:
            try:
                selector.unregister(slot["sock"])
            except (KeyError, ValueError):
                pass
            slot["sock"].close()
        slot["sock"] = None
        slot["state"] = "waiting"
        slot["generation"] += 1
        key = f"{slot['kind']}: {reason}"
        stats["cut"][key] = stats["cut"].get(key, 0) + 1
        delay = options.reconnect * (0.5 + rng.random())
        later(now() + delay, index, "connect")

    def connect(index):
        slot = slots[index]
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        stats["connects"] += 1
        code = sock.connect_ex(("127.0.0.1", options.port))
        if code not in (0, errno.EINPROGRESS):
            sock.close()
            name = errno.errorcode.get(code, str(code))
            stats["connect_errors"][name] = stats["connect_errors"].get(name, 0) + 1
            slot["generation"] += 1
            later(now() + options.reconnect * (0.5 + rng.random()), index, "connect")
            return
        slot["sock"], slot["state"], slot["sent"] = sock, "connecting", 0
        selector.register(sock, selectors.EVENT_WRITE, index)

    def opened(index):
        slot = slots[index]
        code = slot["sock"].getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            drop(index, f"connect {errno.errorcode.get(code, code)}")
            return
        slot["state"] = "open"
        selector.modify(slot["sock"], selectors.EVENT_READ, index)
        if slot["kind"] == "stream":
            try:
                slot["sock"].send(stream_request)
            except OSError as error:
                drop(index, f"send {type(error).__name__}")
        elif slot["kind"] == "slow":
            later(now() + options.slow_interval * rng.random(), index, "byte")

    def readable(index):
        slot = slots[index]
        try:
            data = slot["sock"].recv(1 << 16)
        except BlockingIOError:
            return
        except OSError as error:
            drop(index, type(error).__name__)
            return
        if not data:
            drop(index, "closed")
            return
        if data.startswith(b"HTTP/1."):
            code = data[9:12].decode("latin-1", "replace")
            key = f"{slot['kind']}: {code}"
            stats["answers"][key] = stats["answers"].get(key, 0) + 1
        if slot["kind"] == "stream":
            stats["stream_bytes"] += len(data)
            stats["stream_events"] += data.count(b"event: change")

    def send_byte(index):
        slot = slots[index]
        if slot["state"] != "open":
            return
        position = slot["sent"] % len(slow_payload)
        try:
            slot["sock"].send(slow_payload[position:position + 1])
            slot["sent"] += 1
        except BlockingIOError:
            pass
        except OSError as error:
            drop(index, f"send {type(error).__name__}")
            return
        later(now() + options.slow_interval, index, "byte")

    started = now()
    for index in range(len(slots)):
        later(started + options.ramp * index / max(1, len(slots)), index, "connect")
    ready_at = started + options.ramp + 1.0
    announced = False
    while not stopping:
        wait = 0.1
        if timers:
            wait = min(wait, max(0.0, timers[0][0] - now()))
        for key, _ in selector.select(wait):
            index = key.data
            if slots[index]["state"] == "connecting":
                opened(index)
            elif slots[index]["state"] == "open":
                readable(index)
        moment = now()
        while timers and timers[0][0] <= moment:
            _, _, index, generation, action = heapq.heappop(timers)
            if generation != slots[index]["generation"]:
                continue
            if action == "connect" and slots[index]["sock"] is None:
                connect(index)
            elif action == "byte":
                send_byte(index)
        if not announced and now() >= ready_at:
            announced = True
            print(json.dumps({"ready": True, **census(slots, stats)}), flush=True)
    result = census(slots, stats)
    for slot in slots:
        if slot["sock"] is not None:
            slot["sock"].close()
    print(json.dumps(result), flush=True)
    return 0


def census(slots, stats):
    held = {}
    for slot in slots:
        key = f"{slot['kind']} {slot['state']}"
        held[key] = held.get(key, 0) + 1
    return {"held": held, **stats}


class Attack:
    """The attacking child process, started and stopped."""

    def __init__(self, server, options):
        command = [sys.executable, os.path.abspath(__file__), "--attack-child",
                   "--port", str(server.port), "--token", server.token,
                   "--cookie", server.credentials.cookie,
                   "--idle", str(options.idle), "--slow", str(options.slow),
                   "--streams", str(options.streams), "--since", str(options.stream_since),
                   "--reconnect", str(options.reconnect),
                   "--slow-interval", str(options.slow_interval), "--ramp", str(options.ramp)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        CHILDREN.append(self.process)
        self.ready = None
        line = self._line(options.ramp + 30)
        if line is None:
            self.stop()
            raise Failure("the attacking process did not get ready")
        self.ready = line

    def _line(self, timeout):
        readable, _, _ = select_([self.process.stdout], timeout)
        if not readable:
            return None
        text = self.process.stdout.readline()
        return json.loads(text) if text.strip() else None

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        result = self._line(30)
        stop_process(self.process, signal.SIGKILL, 5)
        return result


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


# MARK: - 6. Ten heavy requests at once

def deflate_bomb(blocks):
    """A raw deflate stream (RFC 1951, fixed Huffman codes) written by hand: a space, then
    8 × `blocks` + 1 copies of 258 bytes at distance 1; 13 bytes inflate to 2,064."""
    copies = bytes([0xA3, 0x60, 0x14, 0x8C, 0x82, 0x51, 0x30, 0x0A, 0x46, 0xC1, 0x28, 0x18, 0x05])
    return bytes([0x53, 0x18, 0x05]) + copies * blocks + b"\x00"


def bomb_imports():
    """Two bodies of `POST /api/import` that are refused as decompression bombs: a draw.io
    page of 7.4 MB of deflate that would inflate to 1.2 GB (its base64 just within the 10 MB
    a text may hold), and an Excalidraw SVG export whose embedded scene of 1.2 MB would
    inflate to 190 MB."""
    page = base64.b64encode(deflate_bomb(570_000)).decode()
    drawio = {"svg": f'<mxfile><diagram id="x">{page}</diagram></mxfile>', "name": "bomb.drawio"}
    # A zlib stream (its checksum wrong: the limit stops it first), each byte a character.
    stream = b"\x78\x01" + deflate_bomb(92_000) + b"\0\0\0\0"
    wrapper = ('{"version":"1","encoding":"bstring","compressed":true,"encoded":"'
               + "".join(f"\\u{byte:04x}" for byte in stream) + '"}')
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><!-- svg-source:excalidraw -->'
           "<!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 -->"
           f"<!-- payload-start -->{base64.b64encode(wrapper.encode()).decode()}"
           "<!-- payload-end --></svg>")
    return json.dumps(drawio).encode(), json.dumps({"svg": svg}).encode()


def heavy_requests(doc):
    """The ten: (what, method, path, body)."""
    drawio, excalidraw = bomb_imports()
    export = f"/api/drawings/{doc}/export?format="
    return [
        ("import of a draw.io bomb", "POST", "/api/import", drawio),
        ("import of an Excalidraw bomb", "POST", "/api/import", excalidraw),
        ("export PNG", "GET", export + "png", None),
        ("export PDF", "GET", export + "pdf", None),
        ("export SVG", "GET", export + "svg", None),
        ("export draw.io", "GET", export + "drawio", None),
        ("export Excalidraw", "GET", export + "excalidraw", None),
        ("export JSON", "GET", export + "json", None),
        ("the editor's read", "GET", f"/api/drawings/{doc}", None),
        ("the editor's read", "GET", f"/api/drawings/{doc}", None),
    ]


class HeavyLoad:
    """Ten threads, each sending its heavy request again and again on a keep-alive
    connection until stopped: again 0 to 1 s after an answer (as a person would click again,
    and so that no thread takes the server's room for heavy work back at once, every time),
    after `Retry-After` (at most 5 s) after a 503, after 1 s after a failure."""

    def __init__(self, credentials, requests):
        self.stopping = threading.Event()
        self.answers = {}  # (what, status or failure) → count
        self.times = {}  # what → seconds of its answers 200
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._run, args=(credentials, request),
                                         daemon=True) for request in requests]
        for thread in self.threads:
            thread.start()

    def _note(self, what, outcome, seconds=None):
        with self.lock:
            key = (what, outcome)
            self.answers[key] = self.answers.get(key, 0) + 1
            if outcome == 200:
                self.times.setdefault(what, []).append(seconds)

    def _run(self, credentials, request):
        what, method, path, body = request
        client = Client(credentials, timeout=600)
        chance = random.Random(hash(what) ^ threading.get_ident())
        while not self.stopping.is_set():
            pause = chance.random()
            try:
                response, sent, answered = client.request(method, path, body)
                self._note(what, response.status, answered - sent)
                if response.status == 503:
                    try:
                        pause = min(5.0, float(response.headers.get("retry-after", "1")))
                    except ValueError:
                        pause = 1.0
            except (OSError, ConnectionError) as error:
                self._note(what, type(error).__name__)
                client.close()
                pause = 1.0
            if pause:
                self.stopping.wait(pause)
        client.close()

    def stop(self, seconds):
        """Asks the threads to stop and waits up to `seconds` for their requests in flight."""
        self.stopping.set()
        deadline = now() + seconds
        for thread in self.threads:
            thread.join(max(0.0, deadline - now()))


# MARK: - The measurements on one binary

class Pass:
    """Everything measured on one binary: its store, its server, its figures."""

    def __init__(self, name, binary, options, folder):
        self.name, self.binary, self.options = name, binary, options
        self.folder = folder
        self.store = os.path.join(folder, "store")
        self.env = dict(os.environ, TZ="UTC", DRAWDOC_STORE=self.store)
        self.env.pop("DRAWDOC_LOG", None)
        self.sized = {}  # size → row key → value
        self.figures = {}  # row key → value
        self.failed = []
        self.broken = False
        self.server = None
        self.stream = None
        self.drawings = {}
        self.writers_doc = None
        self.heavy_doc = None

    def size_row(self, size, key, value):
        self.sized.setdefault(size, {})[key] = value

    def guard(self, what, action, *arguments):
        """Runs a step unless an earlier one failed; a failure ends this binary's
        measurements (the other's go on) and is reported."""
        if self.broken:
            return None
        try:
            return action(*arguments)
        except Exception as error:  # noqa: BLE001 — reported, and the run fails
            if not isinstance(error, Failure):
                import traceback
                traceback.print_exc()
            log(f"[{self.name}] FAILED in {what}: {error}")
            if self.server is not None:
                for line in self.server.lines[-10:]:
                    log(f"  server: {line}")
            self.failed.append(f"{what}: {error}")
            self.broken = True
            return None

    def prepare(self):
        """The store and its drawings, and each drawing as a file for `convert`."""
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        log(f"[{self.name}] {self.binary}: making the drawings")
        for size in self.options.sizes:
            self.drawings[size] = run_command(self.binary, [
                "new", "--store", self.store, "--title", f"bench {size}", "--random", str(size),
                "--seed", str(size % 97 + 1)], self.env).strip()
            run_command(self.binary, ["export", self.drawings[size], "-o", self.document(size),
                                      "--store", self.store], self.env)
        if self.options.writers_and_attack:
            self.writers_doc = run_command(self.binary, [
                "new", "--store", self.store, "--title", "writers", "--random", "1000",
                "--seed", "11"], self.env).strip()
        if self.options.heavy:
            count = self.options.heavy_rectangles
            log(f"[{self.name}] making the heavy drawing of {count:,} rectangles")
            self.heavy_doc = run_command(self.binary, [
                "new", "--store", self.store, "--title", "heavy", "--random", str(count),
                "--seed", "9"], self.env, timeout=1800).strip()
            self.figures["heavy file"] = os.path.getsize(
                os.path.join(self.store, "drawings", f"{self.heavy_doc}.svg"))

    def document(self, size):
        return os.path.join(self.folder, f"r-{size}.svg")

    def convert(self, size):
        """One run of `drawdoc convert r.svg out.svg`: the reference."""
        return timed_process([self.binary, "convert", self.document(size),
                              os.path.join(self.folder, "out.svg")], self.env)

    def fsync(self):
        self.figures["fsync"] = fsyncs_per_second(self.store, self.options.fsync_seconds)

    def start(self):
        self.server = Server(self.binary, self.store, self.env)
        self.figures["open files limit"] = self.server.open_files_limit()
        self.server.handshake()
        log(f"[{self.name}] serving on port {self.server.port}")
        self.stream = EventStream(self.server.credentials)

    def stop(self):
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.server is not None:
            if not self.server.alive() and not self.broken:
                self.failed.append(f"the server ended by itself (status "
                                   f"{self.server.process.returncode})")
            self.figures["VmHWM"] = self.server.status().get("VmHWM")
            self.server.stop()


    # 4: changes a second from writers, and none lost.

    def writers(self):
        doc = self.writers_doc
        options = self.options
        count, seconds = options.writers, options.write_seconds
        log(f"[{self.name}] {count} writers on 1,000 rectangles for {seconds:g} s")
        start_version, rectangles = read_drawing(self.server.credentials, doc)
        ids = [rect for rect, _ in rectangles]
        each = min(25, len(ids) // count)
        results = [None] * count
        barrier = threading.Barrier(count + 1)
        stop_at = [None]

        def write(w):
            mine = ids[w * each:(w + 1) * each]
            client = Client(self.server.credentials)
            last, accepted, conflicts, refused, errors, waits = {}, 0, 0, {}, 0, []
            version = start_version
            k = 0
            try:
                try:
                    client.connect()
                finally:
                    barrier.wait()
                while now() < stop_at[0]:
                    rect = mine[k % len(mine)]
                    value = 100 + (k // len(mine)) % 700 + 0.5
                    k += 1
                    while True:  # the same edit until it is taken, or the time is up
                        try:
                            response, sent, answered = client.request(
                                "POST", f"/api/drawings/{doc}/edits",
                                {"edits": [{"set": rect, "to": {"x": f"{value}"}}]})
                        except OSError:
                            errors += 1
                            client.close()
                            if now() > stop_at[0] + 30:
                                break
                            time.sleep(0.05)
                            continue
                        data = response.json() or {}
                        if response.status == 200:
                            accepted += 1
                            version = data.get("version", version)
                            last[rect] = value
                            waits.append(answered - sent)
                            break
                        if response.status == 409 and "version" in data:
                            conflicts += 1
                            version = data["version"]
                            continue
                        refused[response.status] = refused.get(response.status, 0) + 1
                        if now() > stop_at[0] + 30:
                            break
                        time.sleep(0.05)
                results[w] = {"last": last, "accepted": accepted, "conflicts": conflicts,
                              "refused": refused, "errors": errors, "waits": waits,
                              "done": now()}
            except Exception as error:  # noqa: BLE001 — reported, not hidden
                results[w] = {"error": repr(error)}
            finally:
                client.close()

        threads = [threading.Thread(target=write, args=(w,), daemon=True) for w in range(count)]
        for thread in threads:
            thread.start()
        started = now()
        stop_at[0] = started + seconds
        barrier.wait()
        started = now()
        stop_at[0] = started + seconds
        for thread in threads:
            thread.join()
        broken = [r["error"] for r in results if "error" in r]
        if broken:
            raise Failure(f"a writer failed: {broken[0]}")
        ended = max(r["done"] for r in results)
        accepted = sum(r["accepted"] for r in results)
        # What the server kept.
        final_version, rectangles = read_drawing(self.server.credentials, doc)
        shown = dict(rectangles)
        lost = [(rect, value, shown.get(rect)) for r in results for rect, value in
                r["last"].items() if shown.get(rect) is None or
                abs(float(shown[rect]) - value) > 1e-9]
        refused = {}
        for r in results:
            for status, n in r["refused"].items():
                refused[status] = refused.get(status, 0) + n
        self.figures.update({
            "writers rate": accepted / (ended - started),
            "writers accepted": accepted,
            "writers conflicts": sum(r["conflicts"] for r in results),
            "writers refused": refused,
            "writers errors": sum(r["errors"] for r in results),
            "writers wait": median([w for r in results for w in r["waits"]]),
            "writers wait mean": statistics.fmean([w for r in results for w in r["waits"]])
            if accepted else None,
            "writers wait p99": percentile([w for r in results for w in r["waits"]], 0.99)
            if accepted else None,
            "writers lost": len(lost),
            "writers versions": final_version - start_version,
            "writers checked": sum(len(r["last"]) for r in results),
        })
        for rect, value, seen in lost[:5]:
            log(f"  lost: x of {rect} should be {value}, the drawing shows {seen}")
        if lost:
            self.failed.append(f"{len(lost)} of the writers' changes lost")

    # 6: ten heavy requests at once.

    def heavy(self):
        options = self.options
        seconds = options.heavy_seconds
        log(f"[{self.name}] ten heavy requests at once for {seconds:g} s, and GET "
            f"/api/drawings every 50 ms meanwhile")
        load, sampler, (by_path, failures, made), _ = self.under_load(
            lambda: HeavyLoad(self.server.credentials, heavy_requests(self.heavy_doc)),
            lambda load: load.stop(120), lambda load: load.stopping.set(),
            seconds=seconds, timeout=60, paths=("/api/drawings", "/api/session"))
        answers = {}
        for (what, outcome), count in load.answers.items():
            answers.setdefault(what, {})[outcome] = count
        latencies, session = by_path["/api/drawings"], by_path["/api/session"]
        self.figures.update({
            "heavy": median(latencies),
            "heavy p99": percentile(latencies, 0.99) if latencies else None,
            "heavy slowest": max(latencies) if latencies else None,
            "heavy session": median(session),
            "heavy session p99": percentile(session, 0.99) if session else None,
            "heavy made": made,
            "heavy answered": len(latencies) + len(session),
            "heavy failures": failures,
            "heavy rss": sampler.peak_rss,
            "heavy hwm": self.server.status().get("VmHWM"),
            "heavy answers": answers,
            "heavy times": {what: median(times) for what, times in load.times.items()},
        })
        log(f"  heavy answers: {answers}")

    # 1: the normal request, alone and under attack.

    def reference(self):
        log(f"[{self.name}] GET /api/drawings on fresh connections, no attack")
        latencies, failures, made = normal_requests(self.server.credentials,
                                                    count=self.options.reference_requests)
        self.figures["reference"] = median(latencies)
        self.figures["reference p99"] = percentile(latencies, 0.99) if latencies else None
        self.figures["reference made"] = made
        self.figures["reference failures"] = failures

    def under_load(self, start, stop, abandon, **requests):
        """`normal_requests(**requests)` while the load that `start()` makes runs, the
        server's memory sampled meanwhile; then `stop(load)`, or `abandon(load)` on a failure.
        Returns the load, the sampler, what the requests gave and what `stop` gave."""
        sampler = Sampler(self.server)
        load = None
        stopped = False
        try:
            load = start()
            measured = normal_requests(self.server.credentials, **requests)
            result = stop(load)
            stopped = True
        finally:
            if load is not None and not stopped:
                abandon(load)
            sampler.stop()
        return load, sampler, measured, result

    def attack(self):
        options = self.options
        log(f"[{self.name}] attack: {options.idle} idle, {options.slow} slow-loris, "
            f"{options.streams} event streams; then {options.attack_seconds:g} s of requests")

        def start():
            attack = Attack(self.server, options)
            log(f"  attack ready: {attack.ready['held']}")
            return attack
        _, sampler, (latencies, failures, made), held = self.under_load(
            start, lambda attack: attack.stop(), lambda attack: attack.stop(),
            seconds=options.attack_seconds)
        self.figures.update({
            "attack": median(latencies),
            "attack p99": percentile(latencies, 0.99) if latencies else None,
            "attack made": made,
            "attack answered": len(latencies),
            "attack share": len(latencies) / made if made else None,
            "attack failures": failures,
            "attack rss": sampler.peak_rss,
            "attack threads": sampler.peak_threads,
            "attack held": (held or {}).get("held", {}),
            "attack cut": (held or {}).get("cut", {}),
            "attack answers": (held or {}).get("answers", {}),
            "attack connects": (held or {}).get("connects"),
            "attack connect errors": (held or {}).get("connect_errors", {}),
            "attack stream events": (held or {}).get("stream_events"),
        })
        log(f"  attack ended: {self.figures['attack held']}")


class EditRounds:
    """2 and 3: an edit (one rectangle's x, `POST …/edits`), its answer, its event on the
    stream opened before, then `…/changes?since=V-1`, one round at a time."""

    def __init__(self, run, size):
        self.run, self.size = run, size
        self.doc = run.drawings[size]
        self.version, rectangles = read_drawing(run.server.credentials, self.doc)
        self.rectangles = [rect for rect, _ in rectangles]
        self.client = Client(run.server.credentials)
        self.acks, self.events, self.gaps, self.changes = [], [], [], []
        self.missing = 0

    def round(self, index):
        stream, client, doc, size = self.run.stream, self.client, self.doc, self.size
        rect = self.rectangles[(index * 7919) % len(self.rectangles)]
        edit = {"edits": [{"set": rect, "to": {"x": f"{100 + index % 700}.25"}}]}
        path = f"/api/drawings/{doc}/edits"
        seen = len(stream.events)
        sent = client.send("POST", path, edit)
        reply = None
        deadline = sent + 120
        while reply is None:
            readable, _, _ = select_([client.sock, stream], deadline - now())
            if not readable:
                raise Failure(f"edit at {size}: no answer within 120 s")
            if stream in readable:
                stream.pump()
            if client.sock in readable:
                try:
                    reply = client.receive_some()
                except StaleConnection:  # closed while idle: the request never reached it
                    client.connect()
                    seen = len(stream.events)
                    sent = client.send("POST", path, edit)
                answered = now()
        if reply.status != 200:
            raise Failure(f"POST {path} at {size} was answered {reply.status}: "
                          f"{reply.body[:200]!r}")
        version = self.version = reply.json()["version"]
        heard = stream.wait(lambda name, data: data.get("id") == doc
                            and data.get("version") == version, 10, seen)
        if heard is None:
            self.missing += 1
            log(f"  no event for version {version} of {doc} within 10 s")
        since = f"/api/drawings/{doc}/changes?since={version - 1}"
        response, asked, got = client.request("GET", since)
        if response.status != 200:
            raise Failure(f"GET {since} was answered {response.status}: "
                          f"{response.body[:200]!r}")
        if index > 0:  # the first one warms up
            self.acks.append(answered - sent)
            self.changes.append(got - asked)
            if heard is not None:
                self.events.append(heard - sent)
                self.gaps.append(heard - answered)

    def finish(self):
        self.client.close()
        run, size = self.run, self.size
        run.size_row(size, "ack", median(self.acks))
        run.size_row(size, "ack p99", percentile(self.acks, 0.99) if self.acks else None)
        run.size_row(size, "event", median(self.events))
        run.size_row(size, "event p99", percentile(self.events, 0.99) if self.events else None)
        run.size_row(size, "gap", median(self.gaps))
        run.size_row(size, "changes", median(self.changes))
        run.size_row(size, "edit rounds", len(self.acks))
        run.size_row(size, "events missing", self.missing)
        if self.missing:
            run.failed.append(f"{self.missing} events of edits missing at {size}")


class SetRounds:
    """5: `drawdoc set DOC RECT --x X`, a process, until its event is on the stream."""

    def __init__(self, run, size):
        self.run, self.size = run, size
        self.doc = run.drawings[size]
        _, rectangles = read_drawing(run.server.credentials, self.doc)
        self.rectangles = [rect for rect, _ in rectangles]
        self.latencies = []
        self.missing = 0

    def round(self, index):
        run, doc, stream = self.run, self.doc, self.run.stream
        rect = self.rectangles[(index * 104729 + 3) % len(self.rectangles)]
        seen = len(stream.events)
        started = now()
        process = subprocess.Popen([run.binary, "set", doc, rect, "--x", f"{100 + index % 700}.75",
                                    "--store", run.store], env=run.env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        # Nothing else changes this drawing meanwhile: its next event is this one.
        heard = stream.wait(lambda name, data: data.get("id") == doc, 30, seen)
        _, error = process.communicate(timeout=120)
        if process.returncode != 0:
            raise Failure(f"drawdoc set at {self.size} failed: {error.strip()[:300]}")
        if heard is None:
            self.missing += 1
            log(f"  no event for drawdoc set of {rect} in {doc} within 30 s")
        elif index > 0:
            self.latencies.append(heard - started)

    def finish(self):
        run, size = self.run, self.size
        run.size_row(size, "set", median(self.latencies))
        run.size_row(size, "set rounds", len(self.latencies))
        if self.missing:
            run.size_row(size, "events missing",
                         run.sized.get(size, {}).get("events missing", 0) + self.missing)
            run.failed.append(f"{self.missing} events of drawdoc set missing at {size}")


def alternate(runs, what, make, rounds):
    """`rounds` rounds and a warm-up of each binary's measurement, their rounds alternating,
    the order swapped every round, so that both share the machine as it comes and goes."""
    measurements = []
    for run in runs:
        made = run.guard(f"{what} (setting up)", make, run)
        measurements.append((run, made))
    for index in range(rounds + 1):
        order = measurements if index % 2 == 0 else measurements[::-1]
        for run, measurement in order:
            if measurement is not None:
                run.guard(what, measurement.round, index)
        time.sleep(0.02 + (index * 13 % 30) / 1000)
    for run, measurement in measurements:
        if measurement is not None:
            run.guard(what, measurement.finish)


def measure(runs, options):
    """Every measurement, on every binary: those by size with the binaries' rounds
    alternating, the others one binary after the other."""
    for run in runs:
        run.guard("making the drawings", run.prepare)
    for size in (options.sizes if options.writers_and_attack else []):
        rounds = options.convert_rounds if size < 100_000 else options.convert_rounds_large
        log(f"convert r.svg out.svg at {size}: {rounds} runs and a warm-up of each binary")
        times = {run.name: [] for run in runs}
        for index in range(rounds + 1):
            for run in (runs if index % 2 == 0 else runs[::-1]):
                elapsed = run.guard(f"convert at {size}", run.convert, size)
                if elapsed is not None and index > 0:
                    times[run.name].append(elapsed)
        for run in runs:
            run.size_row(size, "convert", median(times[run.name]))
    try:
        for run in runs:
            run.guard("starting the server", run.start)
        for size in (options.sizes if options.writers_and_attack else []):
            rounds = options.rounds if size < 100_000 else options.rounds_large
            log(f"edits at {size}: {rounds} rounds and a warm-up")
            alternate(runs, f"edits at {size}", lambda run: EditRounds(run, size), rounds)
            rounds = options.set_rounds if size < 100_000 else options.set_rounds_large
            log(f"drawdoc set at {size}: {rounds} rounds and a warm-up")
            alternate(runs, f"drawdoc set at {size}", lambda run: SetRounds(run, size), rounds)
        for run in (runs if options.writers_and_attack else []):
            log(f"[{run.name}] fsyncs a second in the store's folder "
                f"({options.fsync_seconds:g} s)")
            run.guard("fsyncs a second", run.fsync)
            run.guard("the writers", run.writers)
        for run in (runs if options.writers_and_attack else []):
            run.guard("the request without attack", run.reference)
            if options.attack:
                run.guard("the attack", run.attack)
        # Last: it leaves the servers' memory high.
        for run in (runs if options.heavy else []):
            run.guard("ten heavy requests", run.heavy)
    finally:
        for run in runs:
            run.stop()


# MARK: - The tables

def ms(seconds):
    if seconds is None:
        return "—"
    value = seconds * 1000
    return f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def ratio(value):
    return "—" if value is None else f"{value:.2f}"


def counts(mapping):
    if not mapping:
        return "none"
    return ", ".join(f"{key} × {value}" for key, value in sorted(mapping.items()))


def markdown(header, rows, right=()):
    widths = [max(3, max(len(str(row[c])) for row in [header] + rows))
              for c in range(len(header))]

    def line(cells):
        return "| " + " | ".join(str(cell).rjust(widths[c]) if c in right
                                 else str(cell).ljust(widths[c])
                                 for c, cell in enumerate(cells)) + " |"
    print(line(header))
    print("| " + " | ".join("-" * (w - 1) + (":" if c in right else "-")
                            for c, w in enumerate(widths)) + " |")
    for row in rows:
        print(line(row))


def size_label(size):
    return f"{size // 1000:,} k" if size % 1000 == 0 else f"{size:,}"


def size_rows(result, sizes):
    """measure | sizes… | goal | met."""
    large = 100_000 if 100_000 in sizes else None

    def cells(key, format_):
        return [format_(result.sized.get(size, {}).get(key)) for size in sizes]

    def at_large(key):
        return result.sized.get(large, {}).get(key) if large else None

    rows = []
    ack_ratio = {s: div(result.sized.get(s, {}).get("ack"), result.sized.get(s, {}).get("convert"))
                 for s in sizes}
    changes_ratio = {s: div(result.sized.get(s, {}).get("changes"),
                            result.sized.get(s, {}).get("convert")) for s in sizes}
    gap = at_large("gap")
    rows.append(["PATCH x → its answer (edit acknowledged), median", *cells("ack", ms),
                 "≤ 0.5 × convert at 100 k", met(large and ack_ratio[large] is not None
                                                 and ack_ratio[large] <= 0.5, large)])
    rows.append(["  99th percentile", *cells("ack p99", ms), "", ""])
    rows.append(["PATCH → its event on another stream, median", *cells("event", ms), "", ""])
    rows.append(["  99th percentile", *cells("event p99", ms), "", ""])
    rows.append(["  event − answer, median", *cells("gap", ms), "≤ 5 ms at 100 k",
                 met(gap is not None and gap <= 0.005, large)])
    rows.append(["GET …/changes?since=V−1 after the edit, median", *cells("changes", ms),
                 "≤ 0.1 × convert at 100 k", met(large and changes_ratio[large] is not None
                                                 and changes_ratio[large] <= 0.1, large)])
    rows.append(["drawdoc set (a process) → its event, median", *cells("set", ms), "", ""])
    rows.append(["drawdoc convert r.svg out.svg (reference), median", *cells("convert", ms),
                 "", ""])
    rows.append(["answer / convert", *[ratio(ack_ratio[s]) for s in sizes], "≤ 0.5 at 100 k",
                 met(large and ack_ratio[large] is not None and ack_ratio[large] <= 0.5,
                     large)])
    rows.append(["…/changes / convert", *[ratio(changes_ratio[s]) for s in sizes],
                 "≤ 0.1 at 100 k", met(large and changes_ratio[large] is not None
                                       and changes_ratio[large] <= 0.1, large)])
    rows.append(["rounds: edits; drawdoc set", *[
        f"{result.sized.get(s, {}).get('edit rounds', '—')}; "
        f"{result.sized.get(s, {}).get('set rounds', '—')}" for s in sizes], "", ""])
    rows.append(["events missing", *cells("events missing", lambda v: "—" if v is None
                                          else str(v)), "0",
                 "yes" if all(not result.sized.get(s, {}).get("events missing")
                              for s in sizes) else "NO"])
    return rows


def div(a, b):
    return a / b if a is not None and b else None


def met(condition, large=True):
    if not large:
        return "n/a (100 k not run)"
    return "yes" if condition else "NO"


def heavy_notes(result):
    """The heavy requests' answers, by request and status, under the table."""
    f = result.figures
    if "heavy answers" not in f:
        return []
    lines = ["- the heavy requests' answers (status × count; median time of an answer 200):"]
    for what, outcomes in sorted(f["heavy answers"].items()):
        lines.append(f"  - {what}: {counts(outcomes)}; {ms(f['heavy times'].get(what))}")
    return lines


def attack_notes(result):
    """What the attack did, as lines under the table (too long for its cells)."""
    f = result.figures
    if "attack made" not in f:
        return []
    return [
        f"- the attack at its end, connections by state: {counts(f.get('attack held'))}",
        f"- connections the attack made: {f.get('attack connects', '—')}; refused: "
        f"{counts(f.get('attack connect errors'))}",
        f"- cut off, by kind: {counts(f.get('attack cut'))}",
        f"- answers the attacking connections got: {counts(f.get('attack answers'))}",
        f"- change events the attacking streams received: {f.get('attack stream events', '—')}",
    ]


def server_rows(result, options):
    f = result.figures
    rows = []
    if "reference made" in f:
        rows.append(["GET /api/drawings on a fresh connection, no attack: median",
                     ms(f.get("reference")), "", ""])
        rows.append(["  99th percentile; requests; failures",
                     f"{ms(f.get('reference p99'))}; {f.get('reference made', '—')}; "
                     f"{counts(f.get('reference failures'))}", "", ""])
    if "attack made" in f:
        rows.append([f"under attack ({options.idle:,} idle, {options.slow} slow-loris, "
                     f"{options.streams} streams): median of those answered",
                     ms(f.get("attack")), "< 50 ms",
                     "yes" if f.get("attack") is not None and f["attack"] < 0.05 else "NO"])
        rows.append(["  99th percentile", ms(f.get("attack p99")), "", ""])
        answered, made = f.get("attack answered", 0), f.get("attack made", 0)
        rows.append([f"  answered 200 (of requests made in {options.attack_seconds:g} s)",
                     f"{answered} of {made}", "all",
                     "yes" if made and answered == made else "NO"])
        rows.append(["  failures", counts(f.get("attack failures")), "", ""])
        rss = f.get("attack rss")
        rows.append(["  the server's peak RSS (VmRSS every 50 ms)",
                     f"{rss / 1e6:.1f} MB" if rss else "—", "< 150 MB",
                     "yes" if rss and rss < 150e6 else "NO"])
        rows.append(["  the server's threads, most", str(f.get("attack threads", "—")), "", ""])
    elif not options.attack:
        rows.append(["under attack", "not run (--no-attack)", "", ""])
    if "writers rate" in f:
        rate = f["writers rate"]
        rows.append([f"changes a second, {options.writers} writers on 1,000 rectangles "
                     f"({options.write_seconds:g} s)", f"{rate:.1f}", "≥ 200",
                     "yes" if rate >= 200 else "NO"])
        rows.append(["  accepted; new versions; 409s retried; other refusals; errors",
                     f"{f['writers accepted']}; {f['writers versions']}; "
                     f"{f['writers conflicts']}; {counts(f['writers refused'])}; "
                     f"{f['writers errors']}", "", ""])
        rows.append(["  a change's answer: median; mean; 99th percentile",
                     f"{ms(f.get('writers wait'))}; {ms(f.get('writers wait mean'))}; "
                     f"{ms(f.get('writers wait p99'))}", "", ""])
        rows.append(["  lost (a writer's last value not in the drawing)",
                     f"{f['writers lost']} of {f['writers checked']} checked", "0",
                     "yes" if f["writers lost"] == 0 else "NO"])
    if "fsync" in f:
        rows.append(["the ceiling: fsyncs a second in the store's folder (4 KiB each)",
                     f"{f['fsync']:.0f}", "", ""])
    if "heavy made" in f:
        rows.append([f"ten heavy requests at once ({options.heavy_seconds:g} s, a drawing of "
                     f"{options.heavy_rectangles:,} rectangles, its file "
                     f"{(f.get('heavy file') or 0) / 1e6:.0f} MB): the server's peak RSS",
                     f"{f['heavy rss'] / 1e6:.0f} MB" if f.get("heavy rss") else "—",
                     "< 1 GB", "yes" if f.get("heavy rss") and f["heavy rss"] < 1e9 else "NO"])
        rows.append(["  its high-water mark at the end (VmHWM)",
                     f"{f['heavy hwm'] / 1e6:.0f} MB" if f.get("heavy hwm") else "—", "", ""])
        rows.append(["  GET /api/drawings meanwhile, fresh connection: 99th percentile",
                     ms(f.get("heavy p99")), "< 100 ms",
                     "yes" if f.get("heavy p99") is not None and f["heavy p99"] < 0.1
                     and f.get("heavy answered") == f.get("heavy made") else "NO"])
        rows.append(["  median; slowest",
                     f"{ms(f.get('heavy'))}; {ms(f.get('heavy slowest'))}", "", ""])
        rows.append(["  GET /api/session (no store) in turn with it: median; 99th percentile",
                     f"{ms(f.get('heavy session'))}; {ms(f.get('heavy session p99'))}",
                     "< 100 ms", "yes" if f.get("heavy session p99") is not None
                     and f["heavy session p99"] < 0.1 else "NO"])
        rows.append(["  both: answered of made; failures",
                     f"{f.get('heavy answered')} of {f.get('heavy made')}; "
                     f"{counts(f.get('heavy failures'))}", "", ""])
    if f.get("VmHWM"):
        rows.append(["the server's peak RSS over the whole run (VmHWM)",
                     f"{f['VmHWM'] / 1e6:.1f} MB", "", ""])
    if f.get("open files limit"):
        rows.append(["the server's open-files limit", str(f["open files limit"]), "", ""])
    return rows


COMPARED = [
    ("sized", "ack", "edit acknowledged, median", ms),
    ("sized", "event", "edit → event, median", ms),
    ("sized", "gap", "event − answer, median", ms),
    ("sized", "changes", "…/changes after an edit, median", ms),
    ("sized", "set", "drawdoc set → event, median", ms),
    ("sized", "convert", "convert (reference), median", ms),
    ("figures", "reference", "GET /api/drawings, no attack, median", ms),
    ("figures", "attack", "GET /api/drawings under attack, median", ms),
    ("figures", "attack p99", "  99th percentile", ms),
    ("figures", "attack share", "  answered 200, share of the requests",
     lambda v: f"{v * 100:.0f} %"),
    ("figures", "attack rss", "  server's peak RSS", lambda v: f"{v / 1e6:.1f} MB"),
    ("figures", "writers rate", "changes a second, 8 writers", lambda v: f"{v:.1f}"),
    ("figures", "heavy rss", "ten heavy requests: server's peak RSS",
     lambda v: f"{v / 1e6:.0f} MB"),
    ("figures", "heavy p99", "  GET /api/drawings meanwhile, 99th percentile", ms),
    ("figures", "heavy", "  GET /api/drawings meanwhile, median", ms),
    ("figures", "heavy session p99", "  GET /api/session meanwhile, 99th percentile", ms),
]


def comparison_rows(before, after, sizes):
    rows = []
    for where, key, label, format_ in COMPARED:
        places = sizes if where == "sized" else [None]
        for size in places:
            if size is None:
                old, new = before.figures.get(key), after.figures.get(key)
            else:
                old = before.sized.get(size, {}).get(key)
                new = after.sized.get(size, {}).get(key)
            if old is None and new is None:
                continue
            change = f"{new / old:.2f}" if old and old > 0 and new is not None and new >= 0 \
                else "—"
            rows.append([label, size_label(size) if size else "",
                         "—" if old is None else format_(old),
                         "—" if new is None else format_(new), change])
    return rows


# MARK: - Main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="the drawdoc binary to measure (release)")
    parser.add_argument("--before", help="another drawdoc binary, measured first, for before "
                        "and after")
    parser.add_argument("--quick", action="store_true",
                        help="1 k and 10 k only, fewer rounds, a 3 s attack")
    parser.add_argument("--sizes", help="rectangle counts (default 1000,10000,100000)")
    parser.add_argument("--rounds", type=int, help="edits timed below 100 k (default 40)")
    parser.add_argument("--rounds-large", type=int, help="edits timed at 100 k (default 15)")
    parser.add_argument("--set-rounds", type=int, help="drawdoc set runs below 100 k (15)")
    parser.add_argument("--set-rounds-large", type=int, help="drawdoc set runs at 100 k (7)")
    parser.add_argument("--convert-rounds", type=int, help="convert runs below 100 k (11)")
    parser.add_argument("--convert-rounds-large", type=int, help="convert runs at 100 k (7)")
    parser.add_argument("--writers", type=int, default=8, help="writer threads (8)")
    parser.add_argument("--write-seconds", type=float, help="seconds of writing (5)")
    parser.add_argument("--fsync-seconds", type=float, default=2.0)
    parser.add_argument("--reference-requests", type=int, help="requests without attack (100)")
    parser.add_argument("--no-attack", dest="attack", action="store_false")
    parser.add_argument("--attack-seconds", type=float, help="seconds of requests (10)")
    parser.add_argument("--idle", type=int, default=2000, help="idle connections (2000)")
    parser.add_argument("--slow", type=int, default=500, help="slow-loris connections (500)")
    parser.add_argument("--streams", type=int, default=300, help="event streams (300)")
    parser.add_argument("--stream-since", type=int, default=0,
                        help="the streams' ?since= (0; -1 leaves it out)")
    parser.add_argument("--reconnect", type=float, default=1.0,
                        help="seconds before a cut-off connection comes back, ±50 %% (1)")
    parser.add_argument("--slow-interval", type=float, default=0.5,
                        help="seconds between a slow-loris connection's bytes (0.5)")
    parser.add_argument("--ramp", type=float, default=3.0,
                        help="seconds over which the attack opens its connections (3)")
    parser.add_argument("--no-heavy", dest="heavy", action="store_false",
                        help="leave out the ten heavy requests")
    parser.add_argument("--heavy-only", action="store_true",
                        help="only the ten heavy requests (no sizes, writers or attack)")
    parser.add_argument("--heavy-rectangles", type=int,
                        help="rectangles of the heavy drawing (1000000; --quick 200000)")
    parser.add_argument("--heavy-seconds", type=float,
                        help="seconds of heavy requests (20; --quick 8)")
    parser.add_argument("--work", default=os.path.join(HERE, ".data", "serve-bench"),
                        help="folder for the stores (default Benchmarks/.data/serve-bench); "
                        "on the disk to be measured, not a tmpfs")
    parser.add_argument("--keep", action="store_true", help="keep the stores afterwards")
    # The attacking child's own options.
    parser.add_argument("--attack-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--token", help=argparse.SUPPRESS)
    parser.add_argument("--cookie", help=argparse.SUPPRESS)
    parser.add_argument("--since", type=int, default=0, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.attack_child:
        return attack_child(options)
    if not options.binary:
        parser.error("--binary is required")
    quick = options.quick
    options.sizes = [int(s) for s in (options.sizes or (
        "1000,10000" if quick else "1000,10000,100000")).split(",")]
    defaults = {"rounds": (12, 40), "rounds_large": (5, 15), "set_rounds": (5, 15),
                "set_rounds_large": (3, 7), "convert_rounds": (3, 11),
                "convert_rounds_large": (3, 7), "write_seconds": (3, 5),
                "reference_requests": (30, 100), "attack_seconds": (3, 10),
                "heavy_rectangles": (200_000, 1_000_000), "heavy_seconds": (8, 20)}
    for key, (small, full) in defaults.items():
        if getattr(options, key) is None:
            setattr(options, key, small if quick else full)
    options.writers_and_attack = not options.heavy_only
    options.heavy = options.heavy or options.heavy_only
    binaries = []
    if options.before:
        binaries.append(("before", options.before))
    binaries.append(("after" if options.before else "this build", options.binary))
    for _, path in binaries:
        if not os.access(path, os.X_OK):
            print(f"serve_bench.py: no drawdoc at {path}", file=sys.stderr)
            return 1

    def stop_all(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop_all)
    started = time.time()
    load_at_start = open("/proc/loadavg").read().split()[0]
    results = [Pass(name, path, options, os.path.join(options.work, name.replace(" ", "-")))
               for name, path in binaries]
    failed = False
    try:
        measure(results, options)
    except KeyboardInterrupt:
        log("interrupted")
        failed = True
    finally:
        failed = failed or any(result.failed for result in results)
        for process in list(CHILDREN):
            stop_process(process, signal.SIGKILL if process.poll() is None else signal.SIGTERM)
        if not options.keep:
            shutil.rmtree(options.work, ignore_errors=True)

    stamp = time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(started))
    for result in results:
        print("")
        print(f"### drawdoc serve, {result.name}: {result.binary} ({stamp})")
        if options.writers_and_attack:
            print("")
            markdown(["measure", *[size_label(s) for s in options.sizes], "goal", "met"],
                     size_rows(result, options.sizes),
                     right=set(range(1, 1 + len(options.sizes))))
        print("")
        markdown(["the server", "figure", "goal", "met"], server_rows(result, options),
                 right={1})
        notes = attack_notes(result) + heavy_notes(result)
        if notes:
            print("")
            print("\n".join(notes))
        for problem in result.failed:
            print(f"\nFAILED: {problem}")
    if len(results) == 2:
        print("")
        print("### before → after")
        print("")
        markdown(["measure", "size", "before", "after", "after / before"],
                 comparison_rows(results[0], results[1], options.sizes), right={2, 3, 4})
    print("")
    print(f"measured in {time.time() - started:.0f} s from {stamp}; 1-minute load average "
          f"{load_at_start} at the start, {open('/proc/loadavg').read().split()[0]} at the end")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
