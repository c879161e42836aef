#!/usr/bin/env python3
"""The converters' speed: `drawdoc convert` to and from the formats of other tools.

    python3 Benchmarks/convert_bench.py --drawdoc PATH [--rectangles 1000000]
                                        [--vertices 100000] [--runs 3]

In a temporary folder (removed at the end) it makes one drawing of --rectangles rectangles
(`drawdoc new --random N --seed 7`, then `drawdoc export`), and times, each --runs times with
GNU time (`/usr/bin/time -f '%e %M'`: wall seconds and peak resident memory):

  1. writing a vector PDF of it (`convert drawing.svg out.pdf`), next to writing SVG of the
     same drawing (`convert drawing.svg out.svg`), the reference;
  2. reading a draw.io file of --vertices vertices (made by `convert … out.drawio` from a
     drawing of that many rectangles) into SVG (`convert in.drawio out.svg`), next to
     reading the SVG file of the same drawing (`convert in.svg out.svg`), the reference.
     Left out, with a line saying so, when this drawdoc cannot write draw.io files.

Both times include reading the input and writing the output. It prints a markdown table on
standard output (medians), progress on standard error. Standard library only; needs GNU time.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def say(text):
    print(f"convert bench: {text}", file=sys.stderr, flush=True)


def timed(command, runs):
    """Median wall seconds and peak memory (MB) of `command` over `runs` runs."""
    walls, peaks = [], []
    for _ in range(runs):
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M"] + command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"convert bench: {' '.join(command)} failed: {result.stderr.strip()}")
        wall, peak = result.stderr.strip().splitlines()[-1].split()
        walls.append(float(wall))
        peaks.append(int(peak) / 1024)
    return statistics.median(walls), max(peaks)


def make_drawing(drawdoc, folder, count, name):
    """A drawing of `count` random rectangles, exported as SVG; returns its path."""
    env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, f"store-{name}"))
    made = subprocess.run(
        [drawdoc, "new", "--title", name, "--random", str(count), "--seed", "7"],
        capture_output=True, text=True, env=env, check=True)
    path = os.path.join(folder, f"{name}.svg")
    subprocess.run(
        [drawdoc, "export", made.stdout.strip(), "-o", path], env=env, check=True)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drawdoc", required=True)
    parser.add_argument("--rectangles", type=int, default=1_000_000)
    parser.add_argument("--vertices", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("convert bench: needs GNU time: apt-get install time")
    drawdoc = os.path.abspath(options.drawdoc)
    folder = tempfile.mkdtemp(prefix="drawdoc-convert-bench-")
    rows = []
    try:
        say(f"making a drawing of {options.rectangles:,} rectangles")
        big = make_drawing(drawdoc, folder, options.rectangles, "big")
        pdf = timed([drawdoc, "convert", big, os.path.join(folder, "out.pdf")], options.runs)
        svg = timed([drawdoc, "convert", big, os.path.join(folder, "out.svg")], options.runs)
        rows.append((f"write PDF, {options.rectangles:,} rectangles", pdf, svg))

        say(f"making a draw.io file of {options.vertices:,} vertices")
        small = make_drawing(drawdoc, folder, options.vertices, "vertices")
        drawio = os.path.join(folder, "vertices.drawio")
        made = subprocess.run(
            [drawdoc, "convert", small, drawio], capture_output=True, text=True)
        if made.returncode == 0:
            read = timed([drawdoc, "convert", drawio, os.path.join(folder, "o.svg")], options.runs)
            reference = timed(
                [drawdoc, "convert", small, os.path.join(folder, "o.svg")], options.runs)
            rows.append((f"read draw.io, {options.vertices:,} vertices", read, reference))
        else:
            say(f"this drawdoc does not write draw.io files: {made.stderr.strip()}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\n### drawdoc convert ({options.runs} runs, medians; peak memory the highest)\n")
    print("| measure | time | peak memory | SVG of the same drawing | its peak memory | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (wall, peak), (reference, reference_peak) in rows:
        ratio = wall / reference if reference else float("nan")
        print(f"| {name} | {wall:.2f} s | {peak:.0f} MB | {reference:.2f} s "
              f"| {reference_peak:.0f} MB | {ratio:.2f} × |")
    with open("/proc/loadavg") as load:
        print(f"\n1-minute load average at the end: {load.read().split()[0]}")


if __name__ == "__main__":
    main()
