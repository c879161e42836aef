#!/usr/bin/env python3
"""The sync's speed: `drawdoc sync` of a store of 1,000 drawings through a bare repository.

    python3 Benchmarks/sync_bench.py --drawdoc PATH [--drawings 1000] [--rectangles 100]
                                     [--runs 11] [--change-runs 7] [--quick] [--git-profile]

In a temporary folder (--work, default the system's; removed at the end unless --keep) it
makes a bare repository and two stores, A and B, with git's own configuration left out
(`GIT_CONFIG_GLOBAL=/dev/null`, `GIT_CONFIG_NOSYSTEM=1`, for drawdoc's git and the script's).
It fills A with drawings of 100 rectangles each (`drawdoc new --title dN --random 100
--seed N`, one process each), syncs A (the first push) and B (the first fetch of every
drawing), and times both. Then:

  1. no change: `drawdoc sync` on B with nothing changed anywhere, --runs times (default 11);
     each run is followed by a bare `git fetch` from the same remote into a scratch clone of
     the same repository (the same refspec and options as the sync's fetch), the reference
     the sync is compared with: median and 90th percentile of each, and the ratio of the
     medians.
  2. 10 changed on each side: each round changes 10 drawings on A and 10 others on B
     (`drawdoc set DOC RECT --color C`, one rectangle each), syncs A (timed: it sends its 10),
     syncs B (timed: it fetches, merges the 10 incoming, brings them in, pushes its 10), then
     syncs A again, untimed, so that both sides are equal again; --change-runs rounds
     (default 7).

Every sync's `--json` report is checked (what it sent and received), and at the end A's and
B's drawing files must be byte for byte the same. With --git-profile, one more sync of each
kind runs with git wrapped (a script first on PATH that notes each git command's wall time),
and a table says which git commands the time went to.

It prints a markdown table on standard output, progress on standard error. Exit status: 0
when every check held (a missed goal does not change it), 1 when a sync failed or the stores
differ.

Linux only (/proc/loadavg). Standard library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from serve_bench import median, percentile  # the same nearest rank as the server's

# The goal for a sync with nothing to do.
GOAL_NO_CHANGE = 1.0

# A rectangle's id in a drawdoc file.
RECT_ID = re.compile(rb'<rect\b[^>]*?\bid="([^"]+)"')

# The wrapper --git-profile puts first on PATH: it notes each git command's start, end and
# arguments (bash's EPOCHREALTIME, so no process is added to the measurement but git).
GIT_WRAPPER = """#!/bin/bash
start=$EPOCHREALTIME
"$SYNC_BENCH_GIT" "$@"
status=$?
end=$EPOCHREALTIME
printf '%s %s %s\\n' "$start" "$end" "$*" >>"$SYNC_BENCH_GIT_LOG"
exit $status
"""

# The settings drawdoc gives every git command, left out of the profile's names.
# (`-c NAME=VALUE`; the first value has a space in it).
GIT_SETTINGS = re.compile(r"^(-c (user\.name=drawdoc sync|\S+=\S+) )*")
# A commit's or a tree's name, written C in the profile.
HASH = re.compile(r"\b[0-9a-f]{40}\b")


class Failure(Exception):
    pass


def log(text):
    print(f"sync bench: {text}", file=sys.stderr, flush=True)


def now():
    return time.monotonic()


def ms(seconds):
    return "—" if seconds is None else f"{seconds * 1000:,.0f} ms"


def load():
    with open("/proc/loadavg") as file:
        return file.read().split()[0]


def markdown(header, rows, right=()):
    widths = [max(3, max(len(str(row[c])) for row in [header] + rows))
              for c in range(len(header))]

    def line(cells):
        return "| " + " | ".join(str(cell).rjust(widths[c]) if c in right
                                 else str(cell).ljust(widths[c])
                                 for c, cell in enumerate(cells)) + " |"
    print(line(header))
    print("| " + " | ".join("-" * (w - 1) + (":" if c in right else "-")
                            for c, w in enumerate(widths)) + " |")
    for row in rows:
        print(line(row))


class Bench:
    def __init__(self, options, work):
        self.options = options
        self.work = work
        self.drawdoc = os.path.abspath(options.drawdoc)
        self.remote = os.path.join(work, "remote.git")
        self.stores = {"A": os.path.join(work, "A"), "B": os.path.join(work, "B")}
        self.scratch = os.path.join(work, "scratch.git")
        self.env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1",
                        GIT_TERMINAL_PROMPT="0", LC_ALL="C")
        for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"):
            self.env.pop(name, None)
        self.ids = []          # the drawings, in the order they were made
        self.rectangles = {}   # drawing id → the id of the rectangle `set` changes
        self.figures = {}
        self.samples = {}
        self.checks = []
        self.profiles = []
        self.wrapper_cost = 0.0

    # MARK: processes

    def run(self, command, env=None, what=None):
        result = subprocess.run(command, env=env or self.env, capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"{what or ' '.join(command)} exited {result.returncode}: "
                          f"{(result.stderr or result.stdout).strip()[:400]}")
        return result.stdout

    def drawdoc_in(self, store, *arguments):
        return self.run([self.drawdoc, "--store", self.stores[store], *arguments])

    def git(self, *arguments):
        return self.run(["git", *arguments])

    def sync(self, store, first=False, env=None):
        """One `drawdoc sync --json`: (seconds, report)."""
        command = [self.drawdoc, "--store", self.stores[store], "sync", "--json"]
        if first:
            command += ["--remote", self.remote]
        started = now()
        output = self.run(command, env=env, what=f"drawdoc sync of {store}")
        elapsed = now() - started
        try:
            report = json.loads(output)
        except ValueError:
            raise Failure(f"drawdoc sync of {store} printed no JSON report: {output[:200]!r}")
        return elapsed, report

    def expect(self, report, store, sent, received, what):
        got = (report.get("sent"), len(report.get("received", [])),
               len(report.get("conflicts", [])), len(report.get("refused", [])))
        if got != (sent, received, 0, 0):
            raise Failure(f"{what}: the sync of {store} sent {got[0]}, received {got[1]} with "
                          f"{got[2]} conflicts and {got[3]} refused; expected {sent} and "
                          f"{received}, none")

    def fetch_reference(self):
        """A bare `git fetch` from the remote into the scratch clone, as the sync fetches."""
        started = now()
        self.git("-C", self.scratch, "fetch", "--quiet", "--no-tags", "--prune",
                 "--no-write-fetch-head", "--", self.remote, "+refs/heads/*:refs/drawdoc/fetched/*")
        return now() - started

    # MARK: the stores

    def prepare(self):
        options = self.options
        self.git("init", "--quiet", "--bare", "--initial-branch=main", self.remote)
        log(f"making {options.drawings:,} drawings of {options.rectangles} rectangles in A "
            f"(drawdoc new, one process each)")
        started = now()
        for number in range(options.drawings):
            drawing = self.drawdoc_in("A", "new", "--title", f"d{number}", "--random",
                                      str(options.rectangles), "--seed", str(number + 1)).strip()
            self.ids.append(drawing)
            if number and number % 200 == 0:
                log(f"  {number:,} made, {now() - started:.1f} s")
        self.figures["fill"] = now() - started
        for drawing in self.ids:
            with open(os.path.join(self.stores["A"], "drawings", f"{drawing}.svg"), "rb") as file:
                found = RECT_ID.search(file.read())
            if not found:
                raise Failure(f"drawing {drawing} of A has no rectangle with an id")
            self.rectangles[drawing] = found.group(1).decode()
        count = options.drawings
        log("first sync of A (pushes every drawing)")
        self.figures["first push"], report = self.sync("A", first=True)
        self.expect(report, "A", count, 0, "the first sync of A")
        log("first sync of B (fetches every drawing)")
        self.figures["first fetch"], report = self.sync("B", first=True)
        self.expect(report, "B", 0, count, "the first sync of B")
        # The reference fetch's repository: a clone of the same size, up to date.
        self.git("clone", "--quiet", "--bare", "--no-local", self.remote, self.scratch)
        self.fetch_reference()

    # MARK: the measurements

    def no_change(self):
        runs = self.options.runs
        log(f"no change: {runs} syncs of B, each followed by a bare git fetch")
        self.sync("B")  # a warm-up of each
        self.fetch_reference()
        syncs, fetches = [], []
        for _ in range(runs):
            seconds, report = self.sync("B")
            self.expect(report, "B", 0, 0, "a sync with nothing changed")
            syncs.append(seconds)
            fetches.append(self.fetch_reference())
        self.samples["no change"] = syncs
        self.samples["git fetch"] = fetches

    def change(self, store, drawings, round_):
        for index, drawing in enumerate(drawings):
            color = f"#{(round_ * 7919 + index * 104729 + 1) % 0xFFFFFF:06x}"
            self.drawdoc_in(store, "set", drawing, self.rectangles[drawing], "--color", color)

    def changed(self):
        rounds = self.options.change_runs
        count = self.options.changed
        log(f"{count} changed on each side: {rounds} rounds")
        sends, syncs = [], []
        for round_ in range(rounds):
            # Disjoint drawings each round and each side, going round the store.
            offset = (round_ * 2 * count) % max(1, len(self.ids) - 2 * count)
            on_a = self.ids[offset:offset + count]
            on_b = self.ids[offset + count:offset + 2 * count]
            self.change("A", on_a, round_ + 1)
            self.change("B", on_b, round_ + 1)
            seconds, report = self.sync("A")
            self.expect(report, "A", count, 0, f"round {round_ + 1}, A sending")
            sends.append(seconds)
            seconds, report = self.sync("B")
            self.expect(report, "B", count, count, f"round {round_ + 1}, B")
            syncs.append(seconds)
            _, report = self.sync("A")
            self.expect(report, "A", 0, count, f"round {round_ + 1}, A receiving")
        self.samples["send"] = sends
        self.samples["both"] = syncs

    def profile(self):
        """One sync of each kind with git wrapped: where the time goes."""
        real = shutil.which("git", path=self.env.get("PATH"))
        folder = os.path.join(self.work, "git-wrapper")
        os.makedirs(folder, exist_ok=True)
        wrapper = os.path.join(folder, "git")
        with open(wrapper, "w") as file:
            file.write(GIT_WRAPPER)
        os.chmod(wrapper, 0o755)
        record = os.path.join(self.work, "git.log")
        env = dict(self.env, PATH=folder + os.pathsep + self.env.get("PATH", ""),
                   SYNC_BENCH_GIT=real, SYNC_BENCH_GIT_LOG=record)
        # What the wrapper adds to each git command (bash's start), to take from the rest.
        direct, wrapped = [], []
        for _ in range(21):
            for command, into in ((real, direct), (wrapper, wrapped)):
                started = now()
                self.run([command, "--version"], env=env)
                into.append(now() - started)
        self.wrapper_cost = max(0.0, median(wrapped) - median(direct))
        count = self.options.changed
        kinds = [("no change", None), (f"{count} changed on each side (B)", True)]
        for name, changes in kinds:
            if changes:
                on_a = self.ids[-2 * count:-count]
                on_b = self.ids[-count:]
                self.change("A", on_a, 9999)
                self.change("B", on_b, 9999)
                self.sync("A")
            open(record, "w").close()
            began = time.time()
            seconds, _ = self.sync("B", env=env)
            with open(record) as file:
                lines = [line.rstrip("\n").split(" ", 2) for line in file if line.strip()]
            # key → [git's time, calls, drawdoc's time just before it (since the last git
            # ended, or since the sync started)]
            commands = {}
            last = began
            for start, end, arguments in lines:
                words = HASH.sub("C", GIT_SETTINGS.sub("", arguments)).split(" ")
                key = words[0] if words else "?"
                if key in ("rev-parse", "read-tree", "cat-file", "update-ref") and len(words) > 1:
                    key += " " + words[1]
                entry = commands.setdefault(key, [0.0, 0, 0.0])
                entry[0] += float(end) - float(start)
                entry[1] += 1
                entry[2] += float(start) - last
                last = float(end)
            commands["(after the last git command)"] = [0.0, 0, began + seconds - last]
            if changes:
                self.sync("A")
            self.profiles.append((name, seconds, commands))

    def verify(self):
        """A's and B's drawing files, byte for byte."""
        folders = [os.path.join(self.stores[s], "drawings") for s in ("A", "B")]
        names = [sorted(n for n in os.listdir(f) if n.endswith(".svg")) for f in folders]
        if names[0] != names[1]:
            only_a = sorted(set(names[0]) - set(names[1]))
            only_b = sorted(set(names[1]) - set(names[0]))
            raise Failure(f"A and B hold different drawings: only in A {only_a[:5]}, "
                          f"only in B {only_b[:5]}")
        if len(names[0]) != self.options.drawings:
            raise Failure(f"the stores hold {len(names[0])} drawings, not "
                          f"{self.options.drawings}")
        for name in names[0]:
            contents = []
            for folder in folders:
                with open(os.path.join(folder, name), "rb") as file:
                    contents.append(file.read())
            if contents[0] != contents[1]:
                raise Failure(f"drawings/{name} differs between A and B")
        self.checks.append(f"A's and B's {len(names[0]):,} drawing files are byte for byte "
                           "the same")


def commit_of(folder):
    try:
        return subprocess.run(["git", "-C", folder, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def report(bench, options, started, load_at_start):
    samples, figures = bench.samples, bench.figures
    stamp = time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(started))
    print("")
    print(f"### drawdoc sync: {options.drawings:,} drawings of {options.rectangles} "
          f"rectangles ({stamp}, commit {commit_of(os.path.dirname(os.path.abspath(__file__)))})")
    print("")
    rows = []

    def row(name, key, note=""):
        values = samples.get(key)
        if values:
            rows.append([name, ms(median(values)), ms(percentile(values, 0.9)), len(values),
                         note])

    if "fill" in figures:
        rows.append([f"fill A: {options.drawings:,} × `drawdoc new`", ms(figures["fill"]),
                     "", 1, f"{figures['fill'] / options.drawings * 1000:.1f} ms a drawing"])
    for key, name in (("first push", "first sync of A: push every drawing"),
                      ("first fetch", "first sync of B: fetch and bring in every drawing")):
        if key in figures:
            rows.append([name, ms(figures[key]), "", 1, ""])
    fetch = median(samples.get("git fetch", []))
    nothing = median(samples.get("no change", []))
    ratio = f"{nothing / fetch:.1f} × git fetch" if nothing and fetch else ""
    row("no change: sync of B", "no change", ratio)
    row("no change: bare `git fetch` (reference)", "git fetch")
    count = options.changed
    row(f"{count} changed here: sync of A (sends them)", "send")
    row(f"{count} changed on each side: sync of B", "both",
        "fetch, merge, bring in, push")
    markdown(["measure", "median", "p90", "runs", "note"], rows, right={1, 2, 3})
    print("")
    if nothing is not None:
        met = "met" if nothing < GOAL_NO_CHANGE else "NOT met"
        print(f"no-change sync: {nothing * 1000:,.0f} ms (goal < {GOAL_NO_CHANGE * 1000:,.0f} "
              f"ms: {met}); git fetch alone: {ms(fetch)}")
    for name, seconds, commands in bench.profiles:
        print("")
        spent = sum(total for total, _, _ in commands.values())
        calls = sum(c for _, c, _ in commands.values())
        between = sum(gap for _, _, gap in commands.values())
        print(f"#### where a sync's time goes, {name}: {ms(seconds)} in all with git "
              f"wrapped; {ms(spent)} in {calls} git commands, {ms(between)} between them")
        print("")
        ordered = sorted(commands.items(), key=lambda item: -(item[1][0] + item[1][2]))
        markdown(["git command", "git's time", "calls", "share", "time before it"],
                 [[key if key.startswith("(") else f"`git {key}`", ms(total) if calls else "",
                   calls or "", f"{(total + gap) / seconds * 100:.0f} %", ms(gap)]
                  for key, (total, calls, gap) in ordered],
                 right={1, 2, 3, 4})
        print("")
        print("Time before a command is drawdoc's own work since the last git command ended "
              "(or since the sync started), with the start of the next process: the wrapper "
              f"(bash) adds about {bench.wrapper_cost * 1000:.1f} ms to each of the {calls}. "
              "Share: of the sync's time, git's and the time before it.")
    for check in bench.checks:
        print(f"\ncheck: {check}")
    print("")
    print(f"measured in {time.time() - started:.0f} s from {stamp}; 1-minute load average "
          f"{load_at_start} at the start, {load()} at the end")


def main():
    parser = argparse.ArgumentParser(
        description="Times `drawdoc sync` of a store of many drawings through a bare "
        "repository, with nothing changed and with 10 changed on each side.")
    parser.add_argument("--drawdoc", required=True, help="the drawdoc binary to measure")
    parser.add_argument("--drawings", type=int, help="drawings in the store (1000)")
    parser.add_argument("--rectangles", type=int, default=100,
                        help="rectangles in each drawing (100)")
    parser.add_argument("--runs", type=int, help="syncs with nothing changed (11)")
    parser.add_argument("--change-runs", type=int,
                        help="rounds with drawings changed on each side (7)")
    parser.add_argument("--changed", type=int, default=10,
                        help="drawings changed on each side in a round (10)")
    parser.add_argument("--quick", action="store_true",
                        help="200 drawings, 5 runs of each")
    parser.add_argument("--git-profile", action="store_true",
                        help="one more sync of each kind with each git command timed")
    parser.add_argument("--work", help="where the temporary folder goes (the system's "
                        "temporary folder); on the disk to be measured, not a tmpfs")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    quick = options.quick
    for key, small, full in (("drawings", 200, 1000), ("runs", 5, 11), ("change_runs", 5, 7)):
        if getattr(options, key) is None:
            setattr(options, key, small if quick else full)
    if options.drawings < 2 * options.changed + 1 or min(options.runs, options.change_runs) < 1:
        parser.error(f"needs at least {2 * options.changed + 1} drawings and 1 run")
    if not os.access(options.drawdoc, os.X_OK):
        print(f"sync_bench.py: no drawdoc at {options.drawdoc}", file=sys.stderr)
        return 1
    if shutil.which("git") is None:
        print("sync_bench.py: git not found. To install it: apt-get install -y git",
              file=sys.stderr)
        return 1

    started = time.time()
    load_at_start = load()
    work = tempfile.mkdtemp(prefix="drawdoc-sync-bench-", dir=options.work)
    bench = Bench(options, work)
    failed = None
    try:
        bench.prepare()
        bench.no_change()
        bench.changed()
        if options.git_profile:
            bench.profile()
        bench.verify()
    except Failure as error:
        failed = str(error)
    except KeyboardInterrupt:
        failed = "interrupted"
    finally:
        if options.keep:
            log(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    report(bench, options, started, load_at_start)
    if failed:
        print(f"\nFAILED: {failed}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
