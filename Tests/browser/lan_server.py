"""What the tests and the benchmark of `drawdoc serve`'s network side (TLS) share: the server
started on the loopback alias 127.0.0.2 (never another address), its printed lines read, the
certificate authority's certificate downloaded and checked against the printed fingerprint as
a person would, then every later request verified against that authority only, with the
host's name checked. Only Python's standard library.

    with LanServer(drawdoc) as lan:
        token = lan.pair("iPad")
        status, headers, body = lan.request("GET", "/api/drawings", token)
"""
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import threading
import time

from served_app import Failure, wait

# The address the network listener is given: a loopback alias, not 127.0.0.1, never another.
LAN_ADDRESS = "127.0.0.2"

LOOPBACK = re.compile(r"serves (.+) at (http://127\.0\.0\.1:(\d+)/)\?token=(\w+)")
NETWORK = re.compile(r"On the network \(TLS only\): https://([0-9.]+):(\d+)/")
FINGERPRINT = re.compile(r"Certificate authority[^:]*: ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})")
CODE = re.compile(r"Pairing code: ([A-Z2-9]{4}-[A-Z2-9]{4})")
PAIR_ADDRESS = re.compile(r"(https://\S+/pair#code=([A-Z2-9]{4}-[A-Z2-9]{4}))")


def fingerprint_of(der):
    """The SHA-256 of a certificate's DER bytes as people read it: `AA:BB:…`, capitals."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def read_response(response):
    """(status, header fields as a lower-cased dict, body) of an http.client response."""
    body = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


class EventStream:
    """`GET /api/events` opened over TLS with a token, read on a thread until the server ends
    it; `ended` (a monotonic time) is set when it reads the end of the stream or fails."""

    def __init__(self, lan, token, since=0):
        self.connection = lan.connection()
        self.connection.request("GET", f"/api/events?since={since}",
                                headers=lan.headers(token, None))
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.received = bytearray()
        self.ended = None
        self.error = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                chunk = self.response.read1(65536) if self.status == 200 else self.response.read()
                if not chunk:
                    break
                self.received += chunk
                if self.status != 200:
                    break
        except Exception as error:  # the server closing the connection mid-chunk ends it too
            self.error = error
        self.ended = time.monotonic()

    def close(self):
        try:
            self.connection.sock and self.connection.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()


class LanServer:
    """`drawdoc serve --port 0 --listen 127.0.0.2:0` on a store of its own (in a new temporary
    folder, removed at the end). Attributes: `process`, `pid`, `store`, `env`, `port` (the
    loopback HTTP one), `owner_token`, `tls_port`, `origin`, `fingerprint`, `code` (the
    printed pairing code), `pair_address`, `authority_pem` (a file), `context` (an
    `ssl.SSLContext` that trusts only that authority and checks the host's name)."""

    def __init__(self, drawdoc, folder=None):
        self.drawdoc = drawdoc
        self.own_folder = folder is None
        self.folder = folder or tempfile.mkdtemp(prefix="drawdoc-lan-")
        self.store = os.path.join(self.folder, "store")
        self.env = dict(os.environ, DRAWDOC_STORE=self.store, TZ="UTC")
        self.process = None
        self.lines = []
        try:
            self._start()
            self._trust_authority()
        except BaseException:
            self.stop()
            raise

    # Starting and trusting

    def _start(self):
        self.process = subprocess.Popen(
            [self.drawdoc, "--store", self.store, "serve", "--port", "0",
             "--listen", f"{LAN_ADDRESS}:0"],
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.pid = self.process.pid
        deadline = time.monotonic() + 60
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise Failure("drawdoc serve --listen ended before it was ready:\n"
                              + "".join(self.lines))
            self.lines.append(line)
            if "Press Ctrl-C" in line or time.monotonic() > deadline:
                break
        threading.Thread(target=lambda: [self.lines.append(line) for line in
                                         self.process.stdout], daemon=True).start()
        text = "".join(self.lines)
        found = {name: pattern.search(text) for name, pattern in
                 (("loopback", LOOPBACK), ("network", NETWORK), ("fingerprint", FINGERPRINT),
                  ("code", CODE), ("pair", PAIR_ADDRESS))}
        missing = [name for name, match in found.items() if not match]
        if missing:
            raise Failure(f"drawdoc serve --listen did not print its {', '.join(missing)}:\n"
                          + text)
        self.port = int(found["loopback"].group(3))
        self.owner_token = found["loopback"].group(4)
        if found["network"].group(1) != LAN_ADDRESS:
            raise Failure(f"the network listener is on {found['network'].group(1)}, "
                          f"not {LAN_ADDRESS}")
        self.tls_port = int(found["network"].group(2))
        self.origin = f"https://{LAN_ADDRESS}:{self.tls_port}"
        self.fingerprint = found["fingerprint"].group(1)
        self.code = found["code"].group(1)
        self.pair_address = found["pair"].group(1)
        if self.pair_address != f"{self.origin}/pair#code={self.code}":
            raise Failure(f"the pairing address {self.pair_address} is not this listener's "
                          f"with code {self.code}")

    def _trust_authority(self):
        """Downloads the authority's certificate as a device would before trusting it (no
        verification: nothing is trusted yet), checks its SHA-256 against the printed
        fingerprint, writes it as PEM, and makes the context every later request uses."""
        unverified = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        unverified.check_hostname = False
        unverified.verify_mode = ssl.CERT_NONE
        connection = http.client.HTTPSConnection(LAN_ADDRESS, self.tls_port, timeout=10,
                                                 context=unverified)
        connection.request("GET", "/pair/drawdoc-authority.crt")
        status, headers, der = read_response(connection.getresponse())
        connection.close()
        if status != 200:
            raise Failure(f"GET /pair/drawdoc-authority.crt answered {status}: {der[:300]!r}")
        if fingerprint_of(der) != self.fingerprint:
            raise Failure(f"the downloaded authority's SHA-256 {fingerprint_of(der)} is not "
                          f"the printed fingerprint {self.fingerprint}")
        self.authority_der = der
        self.authority_pem = os.path.join(self.folder, "authority.pem")
        with open(self.authority_pem, "w") as file:
            file.write(ssl.DER_cert_to_PEM_cert(der))
        self.context = self.make_context()

    def make_context(self):
        """A client context that trusts only the downloaded authority and checks the host."""
        # With a cafile, create_default_context loads no other authority.
        context = ssl.create_default_context(cafile=self.authority_pem)
        # X.509 checked strictly, as newer Pythons and Apple's systems do.
        context.verify_flags |= ssl.VERIFY_X509_STRICT
        assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
        return context

    # Requests

    def connection(self, timeout=10, source=None):
        """A new verified TLS connection (http.client) to the network listener, from the
        loopback address `source` if given."""
        return http.client.HTTPSConnection(LAN_ADDRESS, self.tls_port, timeout=timeout,
                                           context=self.context,
                                           source_address=(source, 0) if source else None)

    def headers(self, token, body, extra=None, method="GET"):
        fields = {}
        if token:
            fields["Authorization"] = f"Bearer {token}"
        if method not in ("GET", "HEAD"):
            fields["Origin"] = self.origin
        if body is not None:
            fields["Content-Type"] = "application/json"
        fields.update(extra or {})
        return fields

    def request(self, method, path, token=None, body=None, headers=None, connection=None):
        """One request over TLS: `body` (a dict) is sent as JSON; a change carries this
        listener's Origin. Returns (status, header fields, body bytes). With `connection`
        (kept alive), it is used and left open; else a new one is opened and closed."""
        own = connection is None
        connection = connection or self.connection()
        data = json.dumps(body).encode() if body is not None else None
        try:
            connection.request(method, path, body=data,
                               headers=self.headers(token, data, headers, method))
            return read_response(connection.getresponse())
        finally:
            if own:
                connection.close()

    def json(self, method, path, token=None, body=None, expect=200):
        status, _, data = self.request(method, path, token, body)
        if status != expect:
            raise Failure(f"{method} {path} answered {status}, not {expect}: {data[:300]!r}")
        return json.loads(data) if data else None

    def loopback(self, method, path, token=None, body=None, connection=None):
        """One request over the loopback HTTP listener (the owner's token by default)."""
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port,
                                                              timeout=10)
        data = json.dumps(body).encode() if body is not None else None
        fields = {"Authorization": f"Bearer {token or self.owner_token}"}
        if method not in ("GET", "HEAD"):
            fields["Origin"] = f"http://127.0.0.1:{self.port}"
        if data is not None:
            fields["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=data, headers=fields)
            return read_response(connection.getresponse())
        finally:
            if own:
                connection.close()

    def pair(self, name, code=None):
        """Pairs a device named `name` with `code` (the printed one by default): its token."""
        answer = self.json("POST", "/api/pair", body={"code": code or self.code, "name": name},
                           expect=201)
        if answer.get("name") != name or not re.fullmatch(r"[0-9a-f]{32}", answer.get("token",
                                                                                        "")):
            raise Failure(f"pairing answered {answer!r}")
        return answer["token"]

    def events(self, token, since=0):
        """An `EventStream` of `token` over TLS."""
        return EventStream(self, token, since)

    # The command line and the process

    def run(self, *arguments, check=True):
        """`drawdoc ARGUMENTS` on this store; fails when it fails (with `check`)."""
        result = subprocess.run([self.drawdoc, "--store", self.store, *arguments],
                                env=self.env, capture_output=True, text=True, timeout=60)
        if check and result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} exited {result.returncode}: "
                          f"{result.stderr}")
        return result

    def new_drawing(self, title, *options):
        """A new drawing's id (`drawdoc new`)."""
        return self.run("new", "--title", title, *options).stdout.strip()

    def open_descriptors(self):
        """How many descriptors the server holds open (/proc/PID/fd)."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


def plain_http_answer(lan):
    """What the TLS port answers to a plain HTTP request (the whole text, until it closes)."""
    with socket.create_connection((LAN_ADDRESS, lan.tls_port), timeout=10) as plain:
        plain.sendall(f"GET /api/session HTTP/1.1\r\nHost: {LAN_ADDRESS}:{lan.tls_port}\r\n"
                      "\r\n".encode())
        answer = b""
        while chunk := plain.recv(65536):
            answer += chunk
    return answer.decode("utf-8", "replace")


def raise_descriptor_limit(needed):
    """Raises this process's RLIMIT_NOFILE to `needed` (within the hard limit); False when
    the hard limit is lower."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        return False
    if soft == resource.RLIM_INFINITY or soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    return True


def percentile(values, fraction):
    """The value at `fraction` (0…1) of the sorted values, nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[index]


__all__ = ["LanServer", "EventStream", "Failure", "wait", "LAN_ADDRESS", "fingerprint_of",
           "raise_descriptor_limit", "percentile", "read_response", "plain_http_answer"]
