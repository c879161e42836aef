#!/usr/bin/env python3
"""The sync's speed: `drawdoc sync` receiving 1,000 / 4,000 / 10,000 new drawings, and a
store of 1,000 drawings synced with nothing to do, through bare repositories.

    python3 Benchmarks/sync_bench.py --drawdoc PATH [--before PATH] [--receive 1000,4000,10000]
                                     [--drawings 1000] [--rectangles 100] [--runs 11]
                                     [--change-runs 7] [--quick] [--git-profile]

In a temporary folder (--work, default the system's; removed at the end unless --keep),
with git's own configuration left out (`GIT_CONFIG_GLOBAL=/dev/null`, `GIT_CONFIG_NOSYSTEM=1`,
for drawdoc's git and the script's):

  0. the drawings: 16 made by `drawdoc new --title tK --random 100 --seed K` (--rectangles),
     then as many as the largest size needs, each a copy of one of the 16 with an id and a
     title of its own (`dN`), byte for byte what drawdoc writes; and for each size a bare
     repository holding the first N of them as a drawdoc store, made by `git fast-import`
     (one commit), as a machine that synced them would have left it.
  1. receiving: for each binary (--before first, then --drawdoc) and each size (--receive,
     default 1,000, 4,000 and 10,000), the first sync of an empty store from that
     repository, which brings every drawing in as a new drawing: wall time and peak resident
     memory from GNU time (`/usr/bin/time -f "%e %M"`: the largest of drawdoc and the git
     processes it waited for).
  2. no change: on each binary's store of --drawings (1,000) drawings from step 1,
     `drawdoc sync` with nothing changed anywhere, --runs times (default 11) after a warm-up;
     each run is followed by a bare `git fetch` from the same repository into a scratch clone
     of it (the sync's own options and refspec), the reference: median and 90th percentile of
     each, and the ratio of the medians, binary by binary in the same run.
  3. 10 changed on each side (--drawdoc only): a second store, A, synced from the same
     repository; each round changes 10 drawings on A and 10 others on B (`drawdoc set DOC
     RECT --color C`, one rectangle each), syncs A (timed: it sends its 10), syncs B (timed:
     it fetches, merges the 10 incoming, brings them in, pushes its 10), then syncs A again,
     untimed, so that both sides are equal again; --change-runs rounds (default 7).

Every sync's `--json` report is checked (what it sent and received), and at the end A's and
B's drawing files must be byte for byte the same. With --git-profile, one more sync of each
kind runs with git wrapped (a script first on PATH that notes each git command's wall time),
and a table says which git commands the time went to.

It prints markdown tables on standard output, progress on standard error. Exit status: 0
when every check held (a missed goal does not change it), 1 when a sync failed or the stores
differ.

Linux only (/proc/loadavg). Standard library only; GNU time for the memory (apt-get install
time), without which that column is empty.
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

from serve_http import Failure, median, now  # the same nearest rank as the server's

# The goal for a sync with nothing to do.
GOAL_NO_CHANGE = 1.0
# The goal for receiving drawings: linear, 4,000 within 5 times 1,000.
GOAL_LINEAR = 5.0
# How many drawings `drawdoc new` makes; the others are copies of them with their own id.
TEMPLATES = 16
# A drawing's title in a drawdoc file.
TITLE = re.compile(rb"<title>[^<]*</title>")

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


def log(text):
    print(f"sync bench: {text}", file=sys.stderr, flush=True)


def ms(seconds):
    return "—" if seconds is None else f"{seconds * 1000:,.0f} ms"


def load():
    with open("/proc/loadavg") as file:
        return file.read().split()[0]


class Bench:
    def __init__(self, options, work):
        self.options = options
        self.work = work
        self.drawdoc = os.path.abspath(options.drawdoc)
        # The binaries measured, in order: the older one first.
        self.binaries = ([("before", os.path.abspath(options.before))] if options.before
                         else []) + [("after" if options.before else "this build", self.drawdoc)]
        self.remotes = {}      # size → its bare repository
        self.stores = {"A": os.path.join(work, "A"), "B": None}
        self.scratch = os.path.join(work, "scratch.git")
        self.env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1",
                        GIT_TERMINAL_PROMPT="0", LC_ALL="C")
        for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"):
            self.env.pop(name, None)
        self.gnu_time = shutil.which("time", path="/usr/bin:/bin")
        self.ids = []          # the drawings, in the order they were made
        self.rectangles = {}   # drawing id → the id of the rectangle `set` changes
        self.received = {}     # (binary, size) → (seconds, peak KiB or None)
        self.samples = {}      # (binary, measure) → seconds
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

    def git(self, *arguments, input=None):
        result = subprocess.run(["git", *arguments], env=self.env, capture_output=True,
                                input=input)
        if result.returncode != 0:
            raise Failure(f"git {' '.join(arguments[:3])} exited {result.returncode}: "
                          f"{result.stderr.decode(errors='replace').strip()[:400]}")
        return result.stdout.decode()

    def sync(self, store, env=None):
        """One `drawdoc sync --json` of store A or B: (seconds, report)."""
        seconds, _, report = self.timed_sync(self.stores[store], env=env, timed=False)
        return seconds, report

    def timed_sync(self, store, binary=None, env=None, remote=None, timed=True):
        """`drawdoc sync --json` (`--remote` when given), under GNU time when asked and found:
        (seconds, peak resident KiB or None, report)."""
        command = [binary or self.drawdoc, "--store", store, "sync", "--json"]
        if remote:
            command += ["--remote", remote]
        measure = os.path.join(self.work, "time.txt")
        if timed and self.gnu_time:
            command = [self.gnu_time, "-f", "%e %M", "-o", measure] + command
        started = now()
        output = self.run(command, env=env, what=f"drawdoc sync of {os.path.basename(store)}")
        elapsed = now() - started
        peak = None
        if timed and self.gnu_time:
            with open(measure) as file:
                fields = file.read().split()
            elapsed, peak = float(fields[-2]), int(fields[-1])
        try:
            report = json.loads(output)
        except ValueError:
            raise Failure(f"drawdoc sync of {store} printed no JSON report: {output[:200]!r}")
        return elapsed, peak, report

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
                 "--no-write-fetch-head", "--", self.remotes[self.options.drawings],
                 "+refs/heads/*:refs/drawdoc/fetched/*")
        return now() - started

    # MARK: the drawings and the repositories

    def prepare(self):
        options = self.options
        sizes = sorted(set(options.receive) | {options.drawings})
        log(f"making {TEMPLATES} drawings of {options.rectangles} rectangles (drawdoc new), "
            f"then {sizes[-1]:,} copies with ids of their own")
        folder = os.path.join(self.work, "templates")
        templates = []
        for number in range(TEMPLATES):
            drawing = self.run([self.drawdoc, "--store", folder, "new", "--title", f"t{number}",
                                "--random", str(options.rectangles),
                                "--seed", str(number + 1)]).strip()
            with open(os.path.join(folder, "drawings", f"{drawing}.svg"), "rb") as file:
                templates.append((drawing.encode(), file.read()))
        files = []
        for number in range(sizes[-1]):
            template_id, text = templates[number % TEMPLATES]
            # An id of nine base-36 digits, `000-000-01a`, distinct for each number.
            digits, value = "", number + 1
            while len(digits) < 9:
                digits = "0123456789abcdefghijklmnopqrstuvwxyz"[value % 36] + digits
                value //= 36
            drawing = f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
            copy = text.replace(b'data-id="' + template_id + b'"',
                                b'data-id="' + drawing.encode() + b'"', 1)
            copy = TITLE.sub(f"<title>d{number}</title>".encode(), copy, count=1)
            self.ids.append(drawing)
            files.append(copy)
            found = RECT_ID.search(copy)
            if not found:
                raise Failure(f"drawing {drawing} has no rectangle with an id")
            self.rectangles[drawing] = found.group(1).decode()
        for size in sizes:
            remote = os.path.join(self.work, f"remote-{size}.git")
            self.git("init", "--quiet", "--bare", "--initial-branch=main", remote)
            stream = [b"commit refs/heads/main\ncommitter bench <bench@localhost> 0 +0000\n"
                      b"data 5\nbench\n"]

            def add(path, data):
                stream.append(b"M 100644 inline " + path + b"\ndata %d\n" % len(data) + data
                              + b"\n")
            add(b".drawdoc-store", b"drawdoc store 1\n")
            for drawing, data in zip(self.ids[:size], files[:size]):
                add(b"drawings/" + drawing.encode() + b".svg", data)
            self.git("-C", remote, "fast-import", "--quiet", input=b"".join(stream))
            self.remotes[size] = remote
        self.ids = self.ids[:options.drawings]

    # MARK: the measurements

    def receive(self):
        """Each binary's first sync of an empty store from each repository."""
        for name, binary in self.binaries:
            for size in self.options.receive:
                store = os.path.join(self.work, name.replace(" ", "-"), f"received-{size}")
                log(f"{name}: receiving {size:,} new drawings")
                seconds, peak, report = self.timed_sync(store, binary,
                                                        remote=self.remotes[size])
                self.expect(report, f"{name}'s store", 0, size, f"receiving {size:,}")
                self.received[(name, size)] = (seconds, peak)
                log(f"  {seconds:.2f} s, peak {peak / 1024 if peak else 0:,.0f} MiB")
                if size != self.options.drawings:
                    shutil.rmtree(store, ignore_errors=True)

    def no_change(self):
        runs = self.options.runs
        if self.options.drawings not in self.options.receive:
            # Each binary's store of --drawings drawings, received untimed.
            for name, binary in self.binaries:
                store = os.path.join(self.work, name.replace(" ", "-"),
                                     f"received-{self.options.drawings}")
                self.timed_sync(store, binary, remote=self.remotes[self.options.drawings],
                                timed=False)
        # The reference fetch's repository: a clone of the same size, up to date.
        self.git("clone", "--quiet", "--bare", "--no-local",
                 self.remotes[self.options.drawings], self.scratch)
        self.fetch_reference()
        for name, binary in self.binaries:
            store = os.path.join(self.work, name.replace(" ", "-"),
                                 f"received-{self.options.drawings}")
            log(f"{name}: no change: {runs} syncs, each followed by a bare git fetch")
            self.timed_sync(store, binary, timed=False)  # a warm-up of each
            self.fetch_reference()
            syncs, fetches = [], []
            for _ in range(runs):
                seconds, _, report = self.timed_sync(store, binary, timed=False)
                self.expect(report, name, 0, 0, "a sync with nothing changed")
                syncs.append(seconds)
                fetches.append(self.fetch_reference())
            self.samples[(name, "no change")] = syncs
            self.samples[(name, "git fetch")] = fetches
        # The last binary's store is B of the rounds that follow.
        self.stores["B"] = store
        log("A: received untimed, for the rounds")
        self.timed_sync(self.stores["A"], remote=self.remotes[self.options.drawings],
                        timed=False)

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


def mib(kib):
    return "—" if kib is None else f"{kib / 1024:,.0f} MiB"


def main():
    from sync_report import report  # the tables: they use the helpers above
    parser = argparse.ArgumentParser(
        description="Times `drawdoc sync` receiving many new drawings, with nothing to do, "
        "and with 10 changed on each side, through bare repositories.")
    parser.add_argument("--drawdoc", required=True, help="the drawdoc binary to measure")
    parser.add_argument("--before", help="an older drawdoc binary, measured first in the same "
                        "run (receiving and no change)")
    parser.add_argument("--receive", help="sizes received by a first sync "
                        "(1000,4000,10000)")
    parser.add_argument("--drawings", type=int,
                        help="drawings in the stores of the other measures (1000)")
    parser.add_argument("--rectangles", type=int, default=100,
                        help="rectangles in each drawing (100)")
    parser.add_argument("--runs", type=int, help="syncs with nothing changed (11)")
    parser.add_argument("--change-runs", type=int,
                        help="rounds with drawings changed on each side (7)")
    parser.add_argument("--changed", type=int, default=10,
                        help="drawings changed on each side in a round (10)")
    parser.add_argument("--quick", action="store_true",
                        help="receive 200 and 800, stores of 200 drawings, 5 runs of each")
    parser.add_argument("--git-profile", action="store_true",
                        help="one more sync of each kind with each git command timed")
    parser.add_argument("--work", help="where the temporary folder goes (the system's "
                        "temporary folder); on the disk to be measured, not a tmpfs")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    quick = options.quick
    for key, small, full in (("drawings", 200, 1000), ("runs", 5, 11), ("change_runs", 5, 7),
                             ("receive", "200,800", "1000,4000,10000")):
        if getattr(options, key) is None:
            setattr(options, key, small if quick else full)
    options.receive = sorted(int(size) for size in str(options.receive).split(",") if size)
    if options.drawings < 2 * options.changed + 1 or min(options.runs, options.change_runs) < 1:
        parser.error(f"needs at least {2 * options.changed + 1} drawings and 1 run")
    for binary in [options.drawdoc] + ([options.before] if options.before else []):
        if not os.access(binary, os.X_OK):
            print(f"sync_bench.py: no drawdoc at {binary}", file=sys.stderr)
            return 1
    if shutil.which("git") is None:
        print("sync_bench.py: git not found. To install it: apt-get install -y git",
              file=sys.stderr)
        return 1
    if shutil.which("time", path="/usr/bin:/bin") is None:
        print("sync_bench.py: GNU time not found: no memory figures. To install it: "
              "apt-get install -y time", file=sys.stderr)

    started = time.time()
    load_at_start = load()
    work = tempfile.mkdtemp(prefix="drawdoc-sync-bench-", dir=options.work)
    bench = Bench(options, work)
    failed = None
    try:
        bench.prepare()
        bench.receive()
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
