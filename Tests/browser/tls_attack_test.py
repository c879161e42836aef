"""The loopback listener's attack suite, repeated on `drawdoc serve`'s TLS listener
(127.0.0.2), with only Python's standard library:

- 2,000 idle TCP connections (each connected again when the server cuts it), 500 slow TLS
  handshakes (a ClientHello made with ssl.MemoryBIO, sent a few bytes every half second and
  never finished; connected again when cut) and 300 event streams of a paired device, all at
  once, while the device is answered: a small GET about every 50 ms, in turn on a kept-alive
  TLS connection and on a fresh one. Every request must be answered (the median and p99 are
  printed; p99 over 2 s fails), and every stream must still hear a change made meanwhile;
- a client that never finishes its handshake holds nothing: the server closes it at the
  untrusted head deadline (the socket reads the end), and once the attackers go, the server's
  open descriptors (/proc/PID/fd) come back near the count before;
- plain HTTP to the TLS port gets 400 and a text that says to use https://.

Run: python3 -m pytest Tests/browser/tls_attack_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import multiprocessing
import os
import selectors
import socket
import ssl
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from types import SimpleNamespace  # noqa: E402

import pytest  # noqa: E402
from lan_server import (LAN_ADDRESS, Failure, LanServer, percentile,  # noqa: E402
                        plain_http_answer, raise_descriptor_limit, wait)

IDLE_COUNT = 2000
SLOW_COUNT = 500
STREAM_COUNT = 300
# Both ends of every connection in one machine, the server's in its own process: this one
# needs one descriptor for each of its connections, and room to spare.
DESCRIPTORS_NEEDED = 6000
# How long the device is asked once every attacker is in place.
MEASURED_SECONDS = 4
# What the server may hold besides its start: a margin the attack's thousands would go far past.
DESCRIPTOR_MARGIN = 30


def client_hello():
    """The first flight of a TLS client (its ClientHello record), made in memory."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    handshake = context.wrap_bio(incoming, outgoing, server_hostname=LAN_ADDRESS)
    try:
        handshake.do_handshake()
    except ssl.SSLWantReadError:
        pass
    hello = outgoing.read()
    if len(hello) < 100 or hello[0] != 0x16:
        raise Failure(f"the ClientHello made in memory is {hello[:20]!r}")
    return hello


def connect(port):
    sock = socket.create_connection((LAN_ADDRESS, port), timeout=5)
    sock.setblocking(False)
    return sock


class Attack:
    """The hostile clients: idle and slow ones on one thread (a selector tells which the
    server cut, and those connect again), streams opened by a few threads."""

    def __init__(self, lan, device):
        self.lan = lan
        self.device = device
        self.running = True
        self.selector = selectors.DefaultSelector()
        self.idle = 0
        self.slow = {}  # socket -> (hello, bytes sent)
        self.reconnections = {"idle": 0, "slow": 0}
        self.connect_failures = 0
        self.streams = []
        self.stream_failures = []
        self.lock = threading.Lock()
        self.in_place = threading.Event()
        self.threads = [threading.Thread(target=self._idle_and_slow, daemon=True)]
        share = STREAM_COUNT // 4
        for part in range(4):
            count = share if part < 3 else STREAM_COUNT - 3 * share
            self.threads.append(threading.Thread(target=self._open_streams, args=(count,),
                                                 daemon=True))

    def start(self):
        for thread in self.threads:
            thread.start()

    def _add(self, kind):
        try:
            sock = connect(self.lan.tls_port)
        except OSError:
            self.connect_failures += 1
            return
        self.selector.register(sock, selectors.EVENT_READ, kind)
        if kind == "slow":
            self.slow[sock] = (client_hello(), 0)
        else:
            self.idle += 1

    def _drop(self, sock, kind):
        self.selector.unregister(sock)
        sock.close()
        if kind == "slow":
            del self.slow[sock]
        else:
            self.idle -= 1

    def _idle_and_slow(self):
        for number in range(max(IDLE_COUNT, SLOW_COUNT)):
            if number < IDLE_COUNT:
                self._add("idle")
            if number < SLOW_COUNT:
                self._add("slow")
        self.in_place.set()
        next_drip = time.monotonic()
        while self.running:
            for key, _ in self.selector.select(timeout=0.05):
                # Readable: the server cut it (an idle client never hears an answer).
                self._drop(key.fileobj, key.data)
                self.reconnections[key.data] += 1
                self._add(key.data)
            if time.monotonic() >= next_drip:
                next_drip = time.monotonic() + 0.5
                for sock, (hello, sent) in list(self.slow.items()):
                    try:
                        sock.send(hello[sent:sent + 3])
                        self.slow[sock] = (hello, sent + 3)
                        finished = sent + 3 >= len(hello) - 3
                    except OSError:
                        finished = True
                    if finished:  # never the whole hello: a new connection instead
                        self._drop(sock, "slow")
                        self._add("slow")
        for key in list(self.selector.get_map().values()):
            self._drop(key.fileobj, key.data)

    def _open_streams(self, count):
        request = (f"GET /api/events?since=0 HTTP/1.1\r\nHost: {LAN_ADDRESS}:"
                   f"{self.lan.tls_port}\r\nAuthorization: Bearer {self.device}\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode()
        for _ in range(count):
            if not self.running:
                return
            try:
                raw = socket.create_connection((LAN_ADDRESS, self.lan.tls_port), timeout=10)
                stream = self.lan.context.wrap_socket(raw, server_hostname=LAN_ADDRESS)
                stream.sendall(request)
                head = b""
                while b"\r\n\r\n" not in head:
                    chunk = stream.recv(4096)
                    if not chunk:
                        break
                    head += chunk
                if not head.startswith(b"HTTP/1.1 200"):
                    raise Failure(f"answered {head[:200]!r}")
                with self.lock:
                    self.streams.append([stream, head.split(b"\r\n\r\n", 1)[1]])
            except Exception as error:
                with self.lock:
                    self.stream_failures.append(repr(error))

    def all_in_place(self):
        return (self.in_place.is_set() and
                len(self.streams) + len(self.stream_failures) == STREAM_COUNT)

    def serve(self, parent):
        """The child's side: starts, says when every attacker is in place, counts the
        streams that heard a marker when asked, and stops when told, with its figures."""
        try:
            self.start()
            wait("every attacker in place", self.all_in_place, 60, 0.01)
            parent.send(("in place",))
            marker = parent.recv()
            parent.send(("heard", self.streams_that_heard(marker), len(self.streams)))
            parent.recv()
            self.stop()
            parent.send(("stopped", self.reconnections, self.connect_failures,
                         self.stream_failures))
        except Exception as error:
            parent.send(("failed", repr(error)))

    def streams_that_heard(self, marker):
        """How many streams received `marker` (each read for what is there, 5 s at most)."""
        heard = 0
        for entry in self.streams:
            stream = entry[0]
            stream.settimeout(5)
            try:
                while marker not in entry[1]:
                    chunk = stream.recv(65536)
                    if not chunk:
                        break
                    entry[1] += chunk
            except (OSError, ssl.SSLError):
                pass
            heard += marker in entry[1]
        return heard

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join(timeout=30)
        for stream, _ in self.streams:
            try:
                stream.close()
            except OSError:
                pass


def unfinished_handshake_closes(lan):
    """A client that sends part of its ClientHello and nothing more: seconds until the server
    closes it (the socket reads the end, or a reset)."""
    hello = client_hello()
    sock = socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=15)
    started = time.monotonic()
    sock.sendall(hello[:len(hello) // 2])
    try:
        ended = sock.recv(4096)
    except ConnectionResetError:
        ended = b""
    except socket.timeout:
        raise Failure("a handshake never finished was still open after 15 s")
    finally:
        sock.close()
    if ended:
        raise Failure(f"the server answered half a ClientHello with {ended[:40]!r}")
    return time.monotonic() - started


def receive(attack, seconds=60):
    """The attackers' next message; fails when they failed or said nothing in `seconds`."""
    if not attack.poll(seconds):
        raise Failure(f"the attackers' process said nothing for {seconds} s")
    message = attack.recv()
    if message[0] == "failed":
        raise Failure(f"the attackers failed: {message[1]}")
    return message


def ask_device(lan, device, attack):
    """The device's GET /api/session every ~50 ms, kept-alive and fresh in turn, until every
    attacker is in place (the child process `attack`, a pipe, says so) and MEASURED_SECONDS
    more: the latencies and the failures."""
    latencies, failures = [], []
    kept = None
    started = time.monotonic()
    measured_until = None
    round_number = 0
    while measured_until is None or time.monotonic() < measured_until:
        if measured_until is None and attack.poll():
            receive(attack)
            measured_until = time.monotonic() + MEASURED_SECONDS
        round_number += 1
        fresh = round_number % 2 == 0
        asked = time.monotonic()
        try:
            if fresh:
                status, _, _ = lan.request("GET", "/api/session", device)
            else:
                kept = kept or lan.connection()
                status, _, _ = lan.request("GET", "/api/session", device, connection=kept)
            if status != 204:
                failures.append(f"round {round_number}: {status}")
        except Exception as error:
            failures.append(f"round {round_number} ({'fresh' if fresh else 'kept'}): "
                            f"{error!r}")
            if not fresh and kept:
                kept.close()
                kept = None
        latencies.append(time.monotonic() - asked)
        if measured_until is None and time.monotonic() > started + 90:
            raise Failure("the attackers were not in place within 90 s")
        pause = 0.05 - (time.monotonic() - asked)
        if pause > 0:
            time.sleep(pause)  # the pace of the device's requests, not a wait for a state
    if kept:
        kept.close()
    return latencies, failures


@pytest.fixture(scope="module")
def lan(drawdoc):
    """The TLS listener, started once this process may hold DESCRIPTORS_NEEDED files: the
    server inherits the limit (and raises its own)."""
    if not raise_descriptor_limit(DESCRIPTORS_NEEDED):
        pytest.fail(f"the attack needs {DESCRIPTORS_NEEDED} open files; raise the hard limit "
                    "(ulimit -Hn) and run it again")
    with LanServer(drawdoc) as server:
        yield server


@pytest.fixture(scope="module")
def device(lan):
    """A paired device, which reads a drawing."""
    device = lan.pair("Attacked tablet")
    drawing = lan.new_drawing("Before")
    if lan.request("GET", f"/api/drawings/{drawing}", device)[0] != 200:
        raise Failure("the device cannot read a drawing before the attack")
    return device


def test_plain_http(lan):
    text = plain_http_answer(lan)
    if not (text.startswith("HTTP/1.1 400") and "https://" in text.split("\r\n\r\n", 1)[-1]):
        raise Failure(f"plain HTTP to the TLS port got {text[:300]!r}")
    print("  plain HTTP to the TLS port: 400, told to use https://")


def test_unfinished_handshake_closes(lan, device):
    closed_after = unfinished_handshake_closes(lan)
    print(f"  half a ClientHello, then nothing: closed by the server after {closed_after:.2f} s")
    if closed_after > 5:
        raise Failure(f"a handshake never finished was held {closed_after:.2f} s")


@pytest.fixture(scope="module")
def attacked(lan, device):
    """The attack, once, for the tests after it: what the device and the attackers saw."""
    descriptors_before = lan.open_descriptors()

    # The attackers in a process of their own: their thousands of sockets and handshakes
    # never hold this one's interpreter lock while the device is asked.
    child_end, attack = multiprocessing.Pipe()
    attackers = multiprocessing.get_context("fork").Process(
        target=lambda: Attack(lan, device).serve(child_end), daemon=True)
    started = time.monotonic()
    attackers.start()
    try:
        latencies, failures = ask_device(lan, device, attack)
        peak = lan.open_descriptors()
        # A change made meanwhile, on the loopback listener: every stream hears of it.
        status, _, body = lan.loopback("POST", "/api/drawings", body={"title": "During"})
        if status != 201:
            raise Failure(f"the owner's POST /api/drawings answered {status}: {body!r}")
        attack.send(json.loads(body)["id"].encode())
        _, heard, opened = receive(attack)
        attack.send("stop")
        _, reconnections, connect_failures, stream_failures = receive(attack)
    finally:
        attackers.join(timeout=30)
        if attackers.is_alive():
            attackers.kill()
    attack_seconds = time.monotonic() - started

    median = statistics.median(latencies) * 1000
    p99 = percentile(latencies, 0.99) * 1000
    print(f"  attack for {attack_seconds:.1f} s: {len(latencies)} requests of the device, "
          f"median {median:.1f} ms, p99 {p99:.1f} ms, slowest {max(latencies) * 1000:.1f} ms; "
          f"{opened} streams, {heard} heard the change; reconnections after a "
          f"cut: {reconnections['idle']} idle, {reconnections['slow']} slow; "
          f"server descriptors {descriptors_before} before, {peak} at the peak")
    if connect_failures:
        print(f"  ({connect_failures} attackers could not connect)")
    return SimpleNamespace(failures=failures, p99=p99, stream_failures=stream_failures,
                           heard=heard, reconnections=reconnections,
                           descriptors_before=descriptors_before)


def test_device_answered_during_the_attack(attacked):
    if attacked.failures:
        raise Failure(f"{len(attacked.failures)} of the device's requests failed: "
                      f"{attacked.failures[:10]}")
    if attacked.p99 > 2000:
        raise Failure(f"the device's p99 is {attacked.p99:.0f} ms (over 2 s)")


def test_every_stream_hears_a_change(attacked):
    if attacked.stream_failures:
        raise Failure(f"{len(attacked.stream_failures)} streams did not open: "
                      f"{attacked.stream_failures[:5]}")
    if attacked.heard != STREAM_COUNT:
        raise Failure(f"only {attacked.heard} of {STREAM_COUNT} streams heard the change")


def test_slow_handshakes_cut(attacked):
    if attacked.reconnections["slow"] == 0:
        raise Failure("the server cut none of the slow handshakes")


def test_descriptors_given_back(lan, device, attacked):
    """Everything closes on this side: the server gives its descriptors back."""
    before = attacked.descriptors_before
    back = wait("the server's descriptors to come back near the start",
                lambda: (lambda now: now if now <= before + DESCRIPTOR_MARGIN
                         else None)(lan.open_descriptors()), 10, 0.05)
    print(f"  after the attack: {back} descriptors ({before} before)")
    if lan.request("GET", "/api/session", device)[0] != 204:
        raise Failure("the device is not answered after the attack")
