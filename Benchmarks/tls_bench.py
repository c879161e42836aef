#!/usr/bin/env python3
"""TLS against plain HTTP in `drawdoc serve`, in the same run, with only the standard library:

    python3 Benchmarks/tls_bench.py --drawdoc PATH [--requests 400] [--seconds 4] [--quick]

One server (`drawdoc serve --port 0 --listen 127.0.0.2:0`, a store in a new temporary
folder), its certificate authority downloaded, checked against the printed fingerprint and
then the only one trusted (Tests/browser/lan_server.py), a device paired. Measured:

  1. `GET /` (the page's shell, 1.8 kB, asked with no credential on either side: the same
     work, but TLS), a small GET (`GET /api/session`, 204) and `GET /api/drawings/ID` of a
     drawing of 10 rectangles, and an edit (`POST /api/drawings/ID/edits` with one `shift`
     step), each on a kept-alive connection, after the handshake: over TLS with the device's
     token, and over the loopback HTTP listener with the owner's token (the gate resolves a
     device's token in more steps than the owner's), asked in turn (one TLS, one HTTP) so
     that both see the same machine; the medians, 95th percentiles and TLS / HTTP;
  2. the server's own CPU time a request (/proc/PID/stat, all its threads) for `GET /` and
     `GET /api/session`, TLS and HTTP, in batches of 1,000 taking turns, three times: what
     the server pays, without the Python client's share of the latency;
  3. handshakes a second: a new TLS connection and one `GET /api/session`, closed, one client
     after the other and with 4 clients at once, for `--seconds` each; the same with plain
     HTTP connections for reference.

The client's side of TLS (Python's ssl, OpenSSL) runs on the same machine and counts in every
figure. Goal (Benchmarks/README.md, "Goals"): TLS within 1.5 × of HTTP after the handshake.
"""
import argparse
import http.client
import os
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "browser"))
from lan_server import LanServer, percentile  # noqa: E402

CLIENTS = 4
# Requests in each batch whose server CPU time is taken (/proc ticks are 10 ms).
CPU_BATCH = 1000


def log(text):
    print(f"tls bench: {text}", file=sys.stderr, flush=True)


def timed(ask):
    started = time.perf_counter()
    status = ask()
    return time.perf_counter() - started, status


def compare(lan, name, tls_ask, http_ask, expected, count):
    """`count` rounds of one TLS request then one HTTP request: their latencies."""
    tls, plain = [], []
    for _ in range(20):  # warm-up, not counted
        tls_ask(), http_ask()
    for _ in range(count):
        for ask, into in ((tls_ask, tls), (http_ask, plain)):
            seconds, status = timed(ask)
            if status != expected:
                raise SystemExit(f"tls bench: {name} answered {status}, not {expected}")
            into.append(seconds)
    return name, tls, plain


def server_seconds(pid):
    """The CPU time the server's process has used, all its threads (utime + stime)."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_cpu(lan, tls_ask, http_ask, count, rounds=3):
    """The server's CPU time per request, TLS and HTTP: batches of `count` of each in turn,
    `rounds` times (the clock ticks are 10 ms: a batch must take many of them)."""
    spent = {"tls": 0.0, "http": 0.0}
    for _ in range(rounds):
        for kind, ask in (("tls", tls_ask), ("http", http_ask)):
            before = server_seconds(lan.pid)
            for _ in range(count):
                ask()
            spent[kind] += server_seconds(lan.pid) - before
    return spent["tls"] / (count * rounds), spent["http"] / (count * rounds)


def handshakes(connect, seconds, clients):
    """Connections made a second, each with one GET /api/session, by `clients` at once."""
    counts = [0] * clients
    failures = []
    deadline = time.perf_counter() + seconds

    def client(index):
        while time.perf_counter() < deadline:
            try:
                status = connect()
                if status != 204:
                    failures.append(status)
                counts[index] += 1
            except Exception as error:
                failures.append(repr(error))

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"tls bench: {len(failures)} connections failed: {failures[:5]}")
    return sum(counts) / (time.perf_counter() - started)


def measure(lan, count, seconds):
    device = lan.pair("Benchmark")
    drawing = lan.new_drawing("Bench", "--random", "10", "--seed", "1")
    answer = lan.json("GET", f"/api/drawings/{drawing}", device)
    rectangle = answer["drawing"]["rectangles"][0]["id"]
    tls = lan.connection()
    plain = http.client.HTTPConnection("127.0.0.1", lan.port, timeout=10)
    step = [1]

    def edit_body():
        step[0] = -step[0]
        return {"edits": [{"shift": rectangle, "by": {"x": step[0]}}]}

    def over_tls(method, path, body=None):
        return lambda: lan.request(method, path, device, body() if body else None,
                                   connection=tls)[0]

    def over_http(method, path, body=None):
        return lambda: lan.loopback(method, path, body=body() if body else None,
                                    connection=plain)[0]

    def shell_over_tls():
        return lan.request("GET", "/", connection=tls)[0]

    def shell_over_http():
        plain.request("GET", "/", headers={"Host": f"127.0.0.1:{lan.port}"})
        response = plain.getresponse()
        response.read()
        return response.status

    log(f"GET / (no credential): {count} over TLS and {count} over HTTP, in turn")
    rows = [compare(lan, "GET / (the page's shell, 1.8 kB, no credential)", shell_over_tls,
                    shell_over_http, 200, count)]
    for name, method, path, body, expected in (
            ("GET /api/session", "GET", "/api/session", None, 204),
            ("GET /api/drawings/ID (10 rectangles)", "GET", f"/api/drawings/{drawing}", None,
             200),
            ("POST …/edits (one shift)", "POST", f"/api/drawings/{drawing}/edits", edit_body,
             200)):
        log(f"{name}: {count} over TLS and {count} over HTTP, in turn")
        rows.append(compare(lan, name, over_tls(method, path, body),
                            over_http(method, path, body), expected, count))
    cpu = []
    for name, tls_ask, http_ask in (
            ("GET /", shell_over_tls, shell_over_http),
            ("GET /api/session", over_tls("GET", "/api/session"),
             over_http("GET", "/api/session"))):
        log(f"the server's CPU for {name}: 3 × {CPU_BATCH} over TLS and over HTTP")
        cpu.append((name, *server_cpu(lan, tls_ask, http_ask, CPU_BATCH)))
    tls.close()
    plain.close()

    def new_tls():
        connection = lan.connection()
        try:
            return lan.request("GET", "/api/session", device, connection=connection)[0]
        finally:
            connection.close()

    def new_http():
        return lan.loopback("GET", "/api/session")[0]

    rates = []
    for name, connect in (("TLS: handshake + GET", new_tls),
                          ("HTTP: connection + GET", new_http)):
        for clients in (1, CLIENTS):
            log(f"{name}, {clients} client(s), {seconds} s")
            rates.append((name, clients, handshakes(connect, seconds, clients)))
    return rows, cpu, rates


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--drawdoc", "--binary", dest="drawdoc", required=True)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--quick", action="store_true", help="150 requests, 2 s per rate")
    options = parser.parse_args()
    if options.quick:
        options.requests, options.seconds = 150, 2
    started = time.monotonic()
    with LanServer(options.drawdoc) as lan:
        rows, cpu, rates = measure(lan, options.requests, options.seconds)
    print(f"## TLS against HTTP: {options.drawdoc}")
    print(f"{options.requests} requests each, kept-alive, after the handshake, in turn")
    print()
    print("| request | TLS median | TLS p95 | HTTP median | HTTP p95 | TLS / HTTP (median) |")
    print("|---|---:|---:|---:|---:|---:|")
    worst = 0
    for name, tls, plain in rows:
        ratio = statistics.median(tls) / statistics.median(plain)
        worst = max(worst, ratio)
        print(f"| {name} | {statistics.median(tls) * 1000:.2f} ms | "
              f"{percentile(tls, 0.95) * 1000:.2f} ms | {statistics.median(plain) * 1000:.2f} ms | "
              f"{percentile(plain, 0.95) * 1000:.2f} ms | {ratio:.2f} × |")
    print()
    for name, tls_cpu, http_cpu in cpu:
        print(f"The server's CPU time for {name} (3 batches of {CPU_BATCH} each, "
              f"/proc/PID/stat): TLS {tls_cpu * 1e6:.0f} µs, HTTP {http_cpu * 1e6:.0f} µs a "
              f"request" + (f" ({tls_cpu / http_cpu:.2f} ×)" if http_cpu else ""))
    print()
    print("| new connections, each with one GET /api/session | a second |")
    print("|---|---:|")
    for name, clients, rate in rates:
        print(f"| {name}, {clients} {'client' if clients == 1 else 'clients at once'} | "
              f"{rate:.0f} /s |")
    print()
    goal = "met" if worst <= 1.5 else "missed"
    print(f"goal TLS within 1.5 × of HTTP after the handshake: {goal} (worst {worst:.2f} ×); "
          f"whole run {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
