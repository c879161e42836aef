#!/usr/bin/env python3
"""What a change and a listing cost as a store grows: `drawdoc new`, `set` and `list` in stores
of 100, 10,000 and 100,000 drawings.

    python3 Benchmarks/store_bench.py --drawdoc PATH [--before PATH] [--sizes 100,10000,100000]
                                      [--runs 9] [--rectangles 20] [--work DIR] [--keep]

For each size it makes a store of that many drawings of 20 rectangles (the first made by
`drawdoc new --random 20 --seed 1`, the others copies of its file with their own id, title
and times, so that making 100,000 takes seconds, not minutes), then one copy of it for each
binary, whose first `drawdoc list` makes the index (untimed). Then, --runs rounds, each binary
in turn within a round so that both see the same machine:

  - `new`: `drawdoc new --title bench-N`, a new drawing with no rectangle;
  - `set`: `drawdoc set DOC RECT --alpha K` on the store's first drawing, a new version;
  - `list`: `drawdoc list` to /dev/null, with its peak memory (the child's `ru_maxrss`, from `wait4`).

It prints, for each binary, the median and 90th percentile of each, and the ratio of a change
at the largest size to the same change at the smallest (the goal: within 1.5), and `list` at
the largest size (the goal: under 0.5 s). Every command must succeed, and at the end each
store must list every drawing it made (the copies, plus the `new` ones): exit status 1 if one
failed or a listing is short, 0 otherwise (a missed goal does not change it).

Linux only (/proc/loadavg, ru_maxrss in KiB). Standard library only.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from serve_http import median, percentile  # the same nearest rank as the server's

GOAL_CHANGE_RATIO = 1.5
GOAL_LIST_SECONDS = 0.5

ROOT_ID = re.compile(rb'(<svg\b[^>]*?\bdata-id=")([a-z0-9-]{11})(")')
TITLE = re.compile(rb"<title>[^<]*</title>")
TIMES = re.compile(rb'(data-(?:created|modified)=")[^"]+(")')
RECT_ID = re.compile(rb'<rect\b[^>]*?\bdata-id="([a-z0-9-]{11})"')
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def progress(text):
    print(f"store_bench: {text}", file=sys.stderr, flush=True)


def run(arguments, output=subprocess.DEVNULL):
    """Runs a command, which must succeed; returns its wall time, its own peak memory (KiB,
    from wait4) and what it printed."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        child = subprocess.Popen(arguments, stdout=output, stderr=errors)
        printed = child.stdout.read() if output == subprocess.PIPE else b""
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            raise RuntimeError(
                f"{' '.join(arguments)} exited with {child.returncode}: {errors.read()[:400]!r}")
    return seconds, usage.ru_maxrss, printed


def identifiers(count, generator):
    seen = set()
    while len(seen) < count:
        seen.add("-".join(
            "".join(generator.choice(ID_CHARACTERS) for _ in range(3)) for _ in range(3)))
    return sorted(seen)


def make_store(drawdoc, folder, drawings, rectangles):
    """A store of `drawings` drawings: one made by drawdoc, the rest copies of its file."""
    import random
    generator = random.Random(7)
    first = subprocess.run(
        [drawdoc, "new", "--store", folder, "--title", "d1", "--random", str(rectangles),
         "--seed", "1"], check=True, capture_output=True, text=True).stdout.strip()
    template = open(f"{folder}/drawings/{first}.svg", "rb").read()
    # Only the drawings: the copies get no history or thumbnail, as files brought into a
    # store by hand; the index is made by the first list of each binary's copy.
    for name in ["index.json", "index.log", "history", "thumbnails", "changes.log"]:
        path = f"{folder}/{name}"
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    os.makedirs(f"{folder}/history")
    os.makedirs(f"{folder}/thumbnails")
    for index, identifier in enumerate(identifiers(drawings - 1, generator), start=2):
        if identifier == first:
            continue
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1_767_225_600 + index * 60))
        text = ROOT_ID.sub(rb"\g<1>" + identifier.encode() + rb"\g<3>", template, count=1)
        text = TITLE.sub(f"<title>d{index}</title>".encode(), text, count=1)
        text = TIMES.sub(rb"\g<1>" + stamp.encode() + rb"\g<2>", text)
        with open(f"{folder}/drawings/{identifier}.svg", "wb") as file:
            file.write(text)
    return first, RECT_ID.search(template).group(1).decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drawdoc", required=True)
    parser.add_argument("--before", help="an older drawdoc binary, measured in the same run")
    parser.add_argument("--sizes", default="100,10000,100000")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--rectangles", type=int, default=20)
    parser.add_argument("--work")
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    binaries = [("this build", os.path.abspath(options.drawdoc))]
    if options.before:
        binaries.append(("before", os.path.abspath(options.before)))
    sizes = [int(size) for size in options.sizes.split(",")]
    work = tempfile.mkdtemp(prefix="store-bench-", dir=options.work)
    figures = {}  # (binary, size, command) -> [seconds]
    peaks = {}
    made = {}
    status = 0
    try:
        for size in sizes:
            source = f"{work}/source-{size}"
            started = time.perf_counter()
            drawing, rectangle = make_store(binaries[0][1], source, size, options.rectangles)
            progress(f"{size} drawings made in {time.perf_counter() - started:.1f} s")
            for label, drawdoc in binaries:
                store = f"{work}/{label.replace(' ', '-')}-{size}"
                shutil.copytree(source, store)
                seconds, _, _ = run([drawdoc, "list", "--store", store])
                progress(f"{label}: first list of {size} (makes the index) {seconds:.2f} s")
            shutil.rmtree(source)
            made[size] = size
            for round_number in range(options.runs):
                for label, drawdoc in binaries:
                    store = f"{work}/{label.replace(' ', '-')}-{size}"
                    key = (label, size)
                    seconds, _, _ = run(
                        [drawdoc, "new", "--store", store, "--title", f"bench-{round_number}"])
                    figures.setdefault(key + ("new",), []).append(seconds)
                    seconds, _, _ = run(
                        [drawdoc, "set", "--store", store, drawing, rectangle, "--alpha",
                         str(1 + round_number % 10)])
                    figures.setdefault(key + ("set",), []).append(seconds)
                    seconds, peak, _ = run([drawdoc, "list", "--store", store])
                    figures.setdefault(key + ("list",), []).append(seconds)
                    peaks[key] = max(peaks.get(key, 0), peak)
            for label, drawdoc in binaries:
                store = f"{work}/{label.replace(' ', '-')}-{size}"
                _, _, listed = run(
                    [drawdoc, "list", "--store", store, "--json"], output=subprocess.PIPE)
                count = listed.count(b'"id"')
                expected = size + options.runs
                if count != expected:
                    progress(f"{label}: the store of {size} lists {count} drawings, "
                             f"not {expected}")
                    status = 1
            progress(f"{size}: {options.runs} rounds done "
                     f"(load {open('/proc/loadavg').read().split()[0]})")
    except (RuntimeError, subprocess.CalledProcessError) as failure:
        progress(f"failed: {failure}")
        status = 1
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            progress(f"kept {work}")
    print_table(binaries, sizes, figures, peaks, options.runs)
    return status


def print_table(binaries, sizes, figures, peaks, runs):
    def cell(values):
        if not values:
            return "—"
        return f"{median(values) * 1000:.1f} ms (p90 {percentile(values, 90) * 1000:.1f})"

    print(f"\n### The store as it grows ({runs} runs each, binaries alternating)\n")
    print("| binary | command | " + " | ".join(f"{size:,} drawings" for size in sizes)
          + f" | {sizes[-1]:,} ÷ {sizes[0]:,} (median) |")
    print("|---|---|" + "---|" * len(sizes) + "---|")
    for label, _ in binaries:
        for command in ["new", "set", "list"]:
            row = [cell(figures.get((label, size, command), [])) for size in sizes]
            first = figures.get((label, sizes[0], command))
            last = figures.get((label, sizes[-1], command))
            ratio = f"{median(last) / median(first):.2f}" if first and last else "—"
            print(f"| {label} | `{command}` | " + " | ".join(row) + f" | {ratio} |")
        memory = [f"{peaks[(label, size)] / 1024:.0f} MB" if (label, size) in peaks else "—"
                  for size in sizes]
        print(f"| {label} | `list` peak memory | " + " | ".join(memory) + " | |")
    print(f"\nGoals: `new` and `set` at {sizes[-1]:,} within {GOAL_CHANGE_RATIO}× of the "
          f"same command at {sizes[0]:,}; `list` at {sizes[-1]:,} under "
          f"{GOAL_LIST_SECONDS} s.")
    for label, _ in binaries:
        verdicts = []
        for command in ["new", "set"]:
            first = figures.get((label, sizes[0], command))
            last = figures.get((label, sizes[-1], command))
            if first and last:
                ratio = median(last) / median(first)
                verdicts.append(
                    f"`{command}` {ratio:.2f}× ({'met' if ratio <= GOAL_CHANGE_RATIO else 'missed'})")
        listing = figures.get((label, sizes[-1], "list"))
        if listing:
            seconds = median(listing)
            verdicts.append(
                f"`list` {seconds:.3f} s ({'met' if seconds < GOAL_LIST_SECONDS else 'missed'})")
        print(f"- {label}: " + ", ".join(verdicts))


if __name__ == "__main__":
    sys.exit(main())
