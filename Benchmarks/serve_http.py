"""The server benchmark's HTTP client, written by hand so that it sees what a page's
connection sees: keep-alive, chunked bodies or not, and an event stream read as it comes.
serve_bench.py and the modules beside it use it; the access token goes as `Authorization:
Bearer TOKEN`, with an `Origin` of the server on every change.
"""
import json
import math
import select
import socket
import statistics
import sys
import time


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
    """How a request proves it may: the bearer token, and the server's own origin."""

    def __init__(self, port, token):
        self.port, self.token = port, token
        self.host = f"127.0.0.1:{port}"
        self.origin = f"http://127.0.0.1:{port}"

    def head(self, method, path, body=None, accept="application/json", extra=()):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}",
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
    return select.select(readers, [], [], max(0.0, timeout))
