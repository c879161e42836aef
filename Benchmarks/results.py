#!/usr/bin/env python3
"""A benchmark section's figures as data: the Markdown tables it printed, read into JSON.

    python3 Benchmarks/results.py --benchmark serve --output serve.json \\
        [--drawdoc PATH] [--browser] [--load-start L] [--option quick] < serve.md

Every section of the benchmark (the suite of `drawdoc-bench`, and each `*_bench.py`) prints
its figures as Markdown tables; this reads those tables from standard input and writes one
JSON file in the shape `check.py` compares with `thresholds.json`:

    {"benchmark": "serve",
     "conditions": {"machine": {...}, "load": {...}, "versions": {...}, "options": [...]},
     "figures": [{"name": "...", "value": 12.3, "unit": "ms"}, ...]}

A figure's name is the row's label (the cells before the first column of figures, joined by
" · "; a row indented under another is named "parent › row"), then " @ " and the column's
heading, unless that heading is "figure".
A cell counts when it is one number with at most a unit and a note in brackets after it
("12.3 ms", "1.05", "98.4 /s", "**1,910 ms** (n=3)"); cells of several numbers, words or
"—" are left out. Units are made one per kind, so that a limit is written once: times in
ms, sizes in MB (10⁶ bytes), rates in /s or MB/s; a ratio or a count has the unit "".
The table is what the section promises to print, so the data means what the table says.
"""

import argparse
import json
import os
import platform
import re
import subprocess
import sys

# A unit as the sections print it → (the unit kept, the factor to it).
UNITS = {
    "µs": ("ms", 1e-3), "us": ("ms", 1e-3), "ms": ("ms", 1.0), "s": ("ms", 1e3),
    "B": ("MB", 1e-6), "kB": ("MB", 1e-3), "KB": ("MB", 1e-3), "MB": ("MB", 1.0),
    "GB": ("MB", 1e3), "MiB": ("MB", 1.048576), "KiB": ("MB", 1.024e-3),
    "/s": ("/s", 1.0), "k/s": ("/s", 1e3), "M/s": ("/s", 1e6),
    "B/s": ("MB/s", 1e-6), "kB/s": ("MB/s", 1e-3), "MB/s": ("MB/s", 1.0),
    "GB/s": ("MB/s", 1e3), "%": ("%", 1.0), "×": ("", 1.0), "": ("", 1.0),
}
# Words some sections print after a rate ("98.4 a second").
RATE_WORDS = {"a second": "/s", "per second": "/s", "a s": "/s"}

CELL = re.compile(
    r"^\**(?P<number>[-−]?[0-9][0-9,  ]*(?:\.[0-9]+)?)\**"   # 1,910, 10 000, -10.8
    r"\s*(?P<unit>[^\s()0-9][^()]*?)?\**"              # ms, MB, /s, k/s, a second
    r"\s*(?:\((?P<note>[^()]*)\))?\s*$")                # (n=3), (23.7)


def parse_cell(text):
    """(value, unit) of a cell that holds one figure, else None."""
    text = text.strip().replace("**", "")
    match = CELL.match(text)
    if not match:
        return None
    digits = re.sub(r"[,  ]", "", match["number"]).replace("−", "-")
    unit = (match["unit"] or "").strip()
    unit = RATE_WORDS.get(unit, unit)
    if unit not in UNITS or not digits:
        return None
    kept, factor = UNITS[unit]
    return float(digits) * factor, kept


def tables(lines):
    """The Markdown tables among the lines: (header, rows), each row a list of cells."""
    found = []
    block = []
    for line in list(lines) + [""]:
        stripped = line.strip()
        if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
            cells = stripped[1:-1].split("|")
            # The label keeps its indentation (past the one space after "|"): an indented
            # row belongs to the one above it.
            label = (cells[0][1:] if cells[0].startswith(" ") else cells[0]).rstrip()
            block.append([label] + [cell.strip() for cell in cells[1:]])
            continue
        if len(block) >= 2 and all(re.fullmatch(r":?-{1,}:?", c) for c in block[1] if c):
            found.append((block[0], block[2:]))
        block = []
    return found


# A row's cell that heads a column ("1 k rects", "10 000 drawings", "60 changes").
SUBHEADING = re.compile(r"^[0-9][0-9,  ]*(?:\s?[kM])?\s+[A-Za-z]+$")
COUNT_OF_CHANGES = re.compile(r"^[0-9][0-9,  ]*\s+changes$")
# A column heading that says nothing of the figure, left out of its name.
GENERIC = {"figure", "value", ""}
NOT_FIGURES = {"target", "goal", "met", "met (after)", "what", "notes", "note"}


def figures_of(found):
    """Figures of the tables: a list of {"name", "value", "unit"}, names unique."""
    figures = []
    seen = {}
    for header, rows in found:
        # The label is the leading cells up to the first column that holds a figure in any
        # row (a table may name a row by two cells: a binary and a command).
        first = min((index for row in rows for index, cell in enumerate(row)
                     if index > 0 and parse_cell(cell) is not None), default=1)
        columns = [index for index, title in enumerate(header)
                   if index >= first and title.strip().lower() not in NOT_FIGURES]
        headings = list(header)
        parent = None
        for row in rows:
            if not row:
                continue
            label = " · ".join(part for part in map(clean_label, row[:first]) if part)
            if not label:
                continue
            cells = [row[index] for index in columns if index < len(row) and row[index]]
            if cells and all(SUBHEADING.match(cell) and parse_cell(cell) is None
                             for cell in cells):
                # A row that heads the rows under it ("store | 10 000 drawings | 1 drawing"):
                # its cells name their columns from here on; a count of changes is how long
                # the run was, not what the column is.
                padded = row + [""] * (len(header) - len(row))
                headings = [("" if COUNT_OF_CHANGES.match(cell) else cell) if index in columns
                            else (header[index] if index < len(header) else "")
                            for index, cell in enumerate(padded)]
                parent = label
                continue
            if row[0] != row[0].lstrip():
                name = f"{parent} › {label}" if parent else label
            else:
                parent = label
                name = label
            for index in columns:
                if index >= len(row):
                    continue
                parsed = parse_cell(row[index])
                if parsed is None:
                    continue
                heading = clean_label(headings[index] if index < len(headings) else "")
                full = name if heading.lower() in GENERIC else f"{name} @ {heading}"
                count = seen.get(full, 0)
                seen[full] = count + 1
                if count:
                    full = f"{full} ({count + 1})"
                figures.append({"name": full, "value": round(parsed[0], 6), "unit": parsed[1]})
    return figures


def clean_label(text):
    """A label without footnote marks or bold, without brackets that hold a number, and with
    "median of N" as "median": those numbers say how the run was set up (how many
    connections, for how long), which the result's conditions record, so a figure keeps its
    name from a quick run to a full one. Brackets of words stay: "(encode + write) / ref_sax"."""
    text = re.sub(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]+", "", text.replace("**", "").replace("`", ""))
    text = re.sub(r"\s*\([^()]*[0-9][^()]*\)", "", text)
    text = re.sub(r"\b(median|mean) of \d+\b", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def machine():
    """The machine the figures were taken on."""
    info = {"system": platform.system(), "kernel": platform.release(),
            "architecture": platform.machine(), "cores": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as file:
            for line in file:
                if line.startswith("MemTotal:"):
                    info["memory_MB"] = round(int(line.split()[1]) * 1024 / 1e6)
                    break
    except OSError:
        pass
    return info


def load_average():
    """The 1-minute load average, or None off Linux."""
    try:
        with open("/proc/loadavg") as file:
            return float(file.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def first_line(command):
    """The first line a version command prints, or None when it cannot be run."""
    try:
        output = subprocess.run(command, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return output.strip().splitlines()[0] if output.strip() else None


def versions(drawdoc=None, browser=False):
    """The versions the figures depend on: drawdoc (and the commit), python, the browser."""
    found = {"python": platform.python_version()}
    here = os.path.dirname(os.path.abspath(__file__))
    commit = first_line(["git", "-C", here, "rev-parse", "--short", "HEAD"])
    if commit:
        found["commit"] = commit
    if drawdoc:
        found["drawdoc"] = first_line([drawdoc, "--version"])
    if browser:
        found["chromium"] = first_line(["chromium", "--version"])
    return found


def result(benchmark, text, drawdoc=None, browser=False, load_start=None, options=()):
    """The result document of one section from the text it printed."""
    return {
        "benchmark": benchmark,
        "conditions": {
            "machine": machine(),
            "load": {"start": load_start, "end": load_average()},
            "versions": versions(drawdoc, browser),
            "options": list(options),
        },
        "figures": figures_of(tables(text.splitlines())),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--benchmark", required=True, help="the section's name, e.g. serve")
    parser.add_argument("--output", required=True, help="the JSON file to write")
    parser.add_argument("--drawdoc", help="the drawdoc binary measured, for its version")
    parser.add_argument("--browser", action="store_true", help="record Chromium's version")
    parser.add_argument("--load-start", type=float, help="the 1-minute load at the start")
    parser.add_argument("--option", action="append", default=[],
                        help="an option the section ran with (repeatable), e.g. quick")
    options = parser.parse_args()
    document = result(options.benchmark, sys.stdin.read(), options.drawdoc, options.browser,
                      options.load_start, options.option)
    with open(options.output, "w") as file:
        json.dump(document, file, indent=1, ensure_ascii=False)
        file.write("\n")
    print(f"results.py: {len(document['figures'])} figures of {options.benchmark} "
          f"in {options.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
