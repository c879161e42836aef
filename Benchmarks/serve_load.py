"""The loads the server benchmark puts on `drawdoc serve`: the attack (idle, slow-loris
and event-stream connections held by a child process: this file, run with --attack-child)
and the ten heavy requests at once.
"""
import argparse
import base64
import errno
import heapq
import json
import os
import random
import resource
import selectors
import signal
import socket
import subprocess
import sys
import threading

from serve_http import Client, Credentials, Failure, now, select_
from serve_server import CHILDREN, stop_process


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
    credentials = Credentials(options.port, options.token)
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


def attack_child_main():
    """The attacking child: its options (set by `Attack`), then the attack."""
    parser = argparse.ArgumentParser(description="the attacking child of serve_bench.py")
    parser.add_argument("--attack-child", action="store_true", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    for name, kind in (("--idle", int), ("--slow", int), ("--streams", int), ("--since", int),
                       ("--reconnect", float), ("--slow-interval", float),
                       ("--ramp", float)):
        parser.add_argument(name, type=kind, required=True)
    return attack_child(parser.parse_args())


if __name__ == "__main__":
    sys.exit(attack_child_main())
