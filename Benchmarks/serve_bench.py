#!/usr/bin/env python3
"""The server's speed: `drawdoc serve` measured over HTTP, for one build or two side by side.

    python3 Benchmarks/serve_bench.py --binary PATH [--before PATH] [--quick]
                                      [--sizes 1000,10000,100000] [--no-attack] …

Each binary gets a store of its own (in --work, default Benchmarks/.data/serve-bench/), with
drawings of 1 k, 10 k and 100 k rectangles made by `drawdoc new --random N --seed S`, and
`drawdoc serve --store STORE --port 0` on it. The client (serve_http.py) speaks to it as a
page would, with the access token as `Authorization: Bearer TOKEN` and an `Origin` of the
server on every change. A binary older than the bearer token (0.3.0's server took a cookie)
is not measured: its requests are refused, and the run says so.

Measured, per binary (Benchmarks/METHOD.md, "The server", says how and why):

  1. under attack: 2,000 idle connections, 500 slow-loris ones and 300 event streams
     (`?since=0`, with the credential), all reconnecting when cut off, held by a child process
     while `GET /api/drawings` is asked on a fresh connection every 50 ms for 10 s: median,
     99th percentile, failures (503s, resets, timeouts), the server's peak RSS; and the same
     request without the attack.
  2. an edit's answer (one rectangle's x, `POST …/edits`) and its event on another stream,
     at each size; `drawdoc convert` of the same drawing as the reference.
  3. `GET /api/drawings/ID/changes?since=V-1` right after the edit.
  4. changes a second from 8 writers with keep-alive connections on 1,000 rectangles, each
     on rectangles of its own, retrying 409s; every last value checked after; and the disk's
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
import os
import shutil
import signal
import sys
import time

from serve_http import log
from serve_pass import Pass, measure
from serve_server import CHILDREN, stop_process
from serve_tables import (attack_notes, comparison_rows, heavy_notes, markdown, server_rows,
                          size_label, size_rows)

HERE = os.path.dirname(os.path.abspath(__file__))


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
    options = parser.parse_args()
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
