"""The sync's section: its tables, from what sync_bench.py measured. sync_bench.py imports
this module in its main(), once its own helpers are defined."""
import os
import time

from serve_http import median, percentile
from serve_tables import markdown
from sync_bench import GOAL_LINEAR, GOAL_NO_CHANGE, commit_of, load, mib, ms

def report(bench, options, started, load_at_start):
    samples = bench.samples
    stamp = time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(started))
    names = [name for name, _ in bench.binaries]
    print("")
    print(f"### drawdoc sync: drawings of {options.rectangles} rectangles ({stamp}, commit "
          f"{commit_of(os.path.dirname(os.path.abspath(__file__)))})")
    print("")
    for name, binary in bench.binaries:
        print(f"- {name}: `{binary}`")
    if bench.received:
        print("")
        print("Receiving new drawings: the first sync of an empty store (wall time and peak "
              "resident memory, GNU time)" + ("" if bench.gnu_time else
                                              "; GNU time was not found: no memory"))
        print("")
        rows = []
        for size in options.receive:
            row = [f"{size:,} drawings"]
            for name in names:
                seconds, peak = bench.received.get((name, size), (None, None))
                row += [ms(seconds), mib(peak)]
            if len(names) == 2 and (names[0], size) in bench.received \
                    and (names[1], size) in bench.received:
                old, new = bench.received[(names[0], size)][0], bench.received[(names[1], size)][0]
                row.append(f"{new / old:.2f}" if old else "—")
            rows.append(row)
        header = ["received"] + [f"{n} {what}" for n in names for what in ("time", "peak")]
        if len(names) == 2:
            header.append("after / before")
        markdown(header, rows, right=set(range(1, len(header))))
        smallest, largest = min(options.receive), max(options.receive)
        for name in names:
            low = bench.received.get((name, smallest), (None,))[0]
            high = bench.received.get((name, largest), (None,))[0]
            if low and high and largest > smallest:
                factor = high / low
                allowed = GOAL_LINEAR * largest / (4 * smallest)
                met = "met" if factor <= allowed else "NOT met"
                print(f"\n{name}: {largest:,} took {factor:.1f} × {smallest:,} (linear: "
                      f"{largest / smallest:.0f} ×; goal ≤ {allowed:.1f} ×: {met})")
    rows = []
    for name in names:
        syncs, fetches = samples.get((name, "no change")), samples.get((name, "git fetch"))
        if syncs and fetches:
            rows.append([f"{name}: sync of B", ms(median(syncs)), ms(percentile(syncs, 0.9)),
                         len(syncs), f"{median(syncs) / median(fetches):.1f} × git fetch"])
            rows.append([f"{name}: bare `git fetch` (reference)", ms(median(fetches)),
                         ms(percentile(fetches, 0.9)), len(fetches), ""])
    if rows:
        print("")
        print(f"No change: a store of {options.drawings:,} drawings synced with nothing to do, "
              "each run followed by a bare `git fetch` of the same repository")
        print("")
        markdown(["measure", "median", "p90", "runs", "note"], rows, right={1, 2, 3})
    count = options.changed
    rows = []
    for key, name, note in (("send", f"{count} changed here: sync of A (sends them)", ""),
                            ("both", f"{count} changed on each side: sync of B",
                             "fetch, merge, bring in, push")):
        values = samples.get(key)
        if values:
            rows.append([name, ms(median(values)), ms(percentile(values, 0.9)), len(values),
                         note])
    if rows:
        print("")
        print(f"Changes on both sides ({names[-1]}), stores of {options.drawings:,} drawings")
        print("")
        markdown(["measure", "median", "p90", "runs", "note"], rows, right={1, 2, 3})
    nothing = median(samples.get((names[-1], "no change"), []))
    if nothing is not None:
        met = "met" if nothing < GOAL_NO_CHANGE else "NOT met"
        print(f"\nno-change sync ({names[-1]}): {nothing * 1000:,.0f} ms (goal < "
              f"{GOAL_NO_CHANGE * 1000:,.0f} ms: {met})")
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
