#!/usr/bin/env python3
"""Compares result files (results.py's JSON) with the limits in thresholds.json.

    python3 Benchmarks/check.py [--thresholds Benchmarks/thresholds.json] RESULT.json...

Exit status 0 when every figure with a limit is within it, 1 when one is past it (each
named with its value and limit), when a figure a limit is set for was not measured although
its section ran with the options the limit asks for, or when a unit differs; 64 for bad
arguments or files.

A limit in thresholds.json:

    "serve": {                                   the benchmark (a result file's "benchmark")
      "GET /api/drawings … @ 10 k": {            a figure's name, as results.py names it
        "max": 50, "unit": "ms",                 the value must not go above 50 ms
                                                 ("min": a rate must not fall below it)
        "goal": "< 20 ms", "goal_max": 20,       the goal the section names, if it has one:
                                                 a figure past it is noted, not failed
        "chosen": "…",                           how the limit was chosen
        "quick": true, "full": true              whether a --quick run and a full run measure
                                                 the figure (true when left out): a run that
                                                 should have, and did not, fails
      }}

A goal the figure misses today is kept beside a limit set from today's figure, so that
`run.sh --check` passes while the miss stays written down (and printed).
"""

import argparse
import json
import os
import sys


class ThresholdError(Exception):
    """thresholds.json or a result file is not as described above."""


def load(path):
    try:
        with open(path) as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        raise ThresholdError(f"{path}: cannot be read as JSON: {error}") from error


def check(thresholds, results, require_all=False, passed=None):
    """(failures, notes): lines naming each figure past its limit (or not measured), and
    lines for goals missed within their limit. `passed`, a list, gets a line for each figure
    within its limit."""
    failures = []
    notes = []
    passed = [] if passed is None else passed
    if require_all:
        present = {result.get("benchmark") for result in results}
        failures += [f"{benchmark}: no result file (was its section left out or did it fail?)"
                     for benchmark in thresholds if benchmark not in present]
    for result in results:
        benchmark = result.get("benchmark")
        if not isinstance(benchmark, str) or not isinstance(result.get("figures"), list):
            raise ThresholdError("a result file needs a \"benchmark\" name and a \"figures\" "
                                 "list (write it with results.py)")
        limits = thresholds.get(benchmark, {})
        options = result.get("conditions", {}).get("options", [])
        quick = "quick" in options
        figures = {figure["name"]: figure for figure in result["figures"]}
        for name, limit in limits.items():
            label = f"{benchmark}: {name}"
            if ("max" in limit) == ("min" in limit):
                raise ThresholdError(f"{label}: a limit needs exactly one of \"max\" or \"min\"")
            figure = figures.get(name)
            if figure is None:
                # A quick run need not measure what only the full run does ("quick": false),
                # nor a full run what only a quick run does ("full": false).
                if limit.get("quick" if quick else "full", True):
                    failures.append(f"{label}: not measured (a limit is set for it; was the "
                                    "figure renamed, or did its section fail?)")
                continue
            unit = limit.get("unit", "")
            if figure.get("unit", "") != unit:
                failures.append(f"{label}: measured in \"{figure.get('unit', '')}\", its limit "
                                f"is in \"{unit}\"")
                continue
            value = figure["value"]
            shown = f"{value:g}{' ' + unit if unit else ''}"
            if "max" in limit and value > limit["max"]:
                failures.append(f"{label} = {shown}, past its limit of at most "
                                f"{limit['max']:g}{' ' + unit if unit else ''}")
            elif "min" in limit and value < limit["min"]:
                failures.append(f"{label} = {shown}, past its limit of at least "
                                f"{limit['min']:g}{' ' + unit if unit else ''}")
            else:
                bound = (f"≤ {limit['max']:g}" if "max" in limit else f"≥ {limit['min']:g}")
                passed.append(f"{label} = {shown} (limit {bound}{' ' + unit if unit else ''})")
                if ("goal_max" in limit and value > limit["goal_max"]) or (
                        "goal_min" in limit and value < limit["goal_min"]):
                    notes.append(f"{label} = {shown}: within its limit, short of its goal "
                                 f"({limit.get('goal', '?')})")
    return failures, notes


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--thresholds", default=None,
                        help="the limits (default: thresholds.json beside this script)")
    parser.add_argument("--require-all", action="store_true",
                        help="fail when a benchmark with limits has no result file")
    parser.add_argument("results", nargs="+", help="result files written by results.py")
    options = parser.parse_args(arguments)
    if options.thresholds is None:
        options.thresholds = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                          "thresholds.json")
    try:
        thresholds = load(options.thresholds)
        thresholds = {key: value for key, value in thresholds.items() if key != "about"}
        results = [load(path) for path in options.results]
        passed = []
        failures, notes = check(thresholds, results, options.require_all, passed)
    except ThresholdError as error:
        print(f"check.py: {error}", file=sys.stderr)
        return 64
    checked = sum(len(thresholds.get(r["benchmark"], {})) for r in results)
    for line in passed:
        print(f"check.py: within: {line}")
    for note in notes:
        print(f"check.py: note: {note}")
    for failure in failures:
        print(f"check.py: FAILED: {failure}")
    print(f"check.py: {checked} limits of {len(results)} result files, "
          f"{len(failures)} past their limit or not measured")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
