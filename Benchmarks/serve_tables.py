"""The server benchmark's tables: by size, the server's figures, before → after."""


# MARK: - The tables

def ms(seconds):
    if seconds is None:
        return "—"
    value = seconds * 1000
    return f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def ratio(value):
    return "—" if value is None else f"{value:.2f}"


def counts(mapping):
    if not mapping:
        return "none"
    return ", ".join(f"{key} × {value}" for key, value in sorted(mapping.items()))


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


def size_label(size):
    return f"{size // 1000:,} k" if size % 1000 == 0 else f"{size:,}"


def size_rows(result, sizes):
    """measure | sizes… | goal | met."""
    large = 100_000 if 100_000 in sizes else None

    def cells(key, format_):
        return [format_(result.sized.get(size, {}).get(key)) for size in sizes]

    def at_large(key):
        return result.sized.get(large, {}).get(key) if large else None

    rows = []
    ack_ratio = {s: div(result.sized.get(s, {}).get("ack"), result.sized.get(s, {}).get("convert"))
                 for s in sizes}
    changes_ratio = {s: div(result.sized.get(s, {}).get("changes"),
                            result.sized.get(s, {}).get("convert")) for s in sizes}
    gap = at_large("gap")
    rows.append(["edit of x → its answer (acknowledged), median", *cells("ack", ms),
                 "≤ 0.5 × convert at 100 k", met(large and ack_ratio[large] is not None
                                                 and ack_ratio[large] <= 0.5, large)])
    rows.append(["  99th percentile", *cells("ack p99", ms), "", ""])
    rows.append(["edit → its event on another stream, median", *cells("event", ms), "", ""])
    rows.append(["  99th percentile", *cells("event p99", ms), "", ""])
    rows.append(["  event − answer, median", *cells("gap", ms), "≤ 5 ms at 100 k",
                 met(gap is not None and gap <= 0.005, large)])
    rows.append(["GET …/changes?since=V−1 after the edit, median", *cells("changes", ms),
                 "≤ 0.1 × convert at 100 k", met(large and changes_ratio[large] is not None
                                                 and changes_ratio[large] <= 0.1, large)])
    rows.append(["drawdoc set (a process) → its event, median", *cells("set", ms), "", ""])
    rows.append(["drawdoc convert r.svg out.svg (reference), median", *cells("convert", ms),
                 "", ""])
    rows.append(["answer / convert", *[ratio(ack_ratio[s]) for s in sizes], "≤ 0.5 at 100 k",
                 met(large and ack_ratio[large] is not None and ack_ratio[large] <= 0.5,
                     large)])
    rows.append(["…/changes / convert", *[ratio(changes_ratio[s]) for s in sizes],
                 "≤ 0.1 at 100 k", met(large and changes_ratio[large] is not None
                                       and changes_ratio[large] <= 0.1, large)])
    rows.append(["rounds: edits; drawdoc set", *[
        f"{result.sized.get(s, {}).get('edit rounds', '—')}; "
        f"{result.sized.get(s, {}).get('set rounds', '—')}" for s in sizes], "", ""])
    rows.append(["events missing", *cells("events missing", lambda v: "—" if v is None
                                          else str(v)), "0",
                 "yes" if all(not result.sized.get(s, {}).get("events missing")
                              for s in sizes) else "NO"])
    return rows


def div(a, b):
    return a / b if a is not None and b else None


def met(condition, large=True):
    if not large:
        return "n/a (100 k not run)"
    return "yes" if condition else "NO"


def heavy_notes(result):
    """The heavy requests' answers, by request and status, under the table."""
    f = result.figures
    if "heavy answers" not in f:
        return []
    lines = ["- the heavy requests' answers (status × count; median time of an answer 200):"]
    for what, outcomes in sorted(f["heavy answers"].items()):
        lines.append(f"  - {what}: {counts(outcomes)}; {ms(f['heavy times'].get(what))}")
    return lines


def attack_notes(result):
    """What the attack did, as lines under the table (too long for its cells)."""
    f = result.figures
    if "attack made" not in f:
        return []
    return [
        f"- the attack at its end, connections by state: {counts(f.get('attack held'))}",
        f"- connections the attack made: {f.get('attack connects', '—')}; refused: "
        f"{counts(f.get('attack connect errors'))}",
        f"- cut off, by kind: {counts(f.get('attack cut'))}",
        f"- answers the attacking connections got: {counts(f.get('attack answers'))}",
        f"- change events the attacking streams received: {f.get('attack stream events', '—')}",
    ]


def server_rows(result, options):
    f = result.figures
    rows = []
    if "reference made" in f:
        rows.append(["GET /api/drawings on a fresh connection, no attack: median",
                     ms(f.get("reference")), "", ""])
        rows.append(["  99th percentile; requests; failures",
                     f"{ms(f.get('reference p99'))}; {f.get('reference made', '—')}; "
                     f"{counts(f.get('reference failures'))}", "", ""])
    if "attack made" in f:
        rows.append([f"under attack ({options.idle:,} idle, {options.slow} slow-loris, "
                     f"{options.streams} streams): median of those answered",
                     ms(f.get("attack")), "< 50 ms",
                     "yes" if f.get("attack") is not None and f["attack"] < 0.05 else "NO"])
        rows.append(["  99th percentile", ms(f.get("attack p99")), "", ""])
        answered, made = f.get("attack answered", 0), f.get("attack made", 0)
        rows.append([f"  answered 200 (of requests made in {options.attack_seconds:g} s)",
                     f"{answered} of {made}", "all",
                     "yes" if made and answered == made else "NO"])
        rows.append(["  failures", counts(f.get("attack failures")), "", ""])
        rss = f.get("attack rss")
        rows.append(["  the server's peak RSS (VmRSS every 50 ms)",
                     f"{rss / 1e6:.1f} MB" if rss else "—", "< 150 MB",
                     "yes" if rss and rss < 150e6 else "NO"])
        rows.append(["  the server's threads, most", str(f.get("attack threads", "—")), "", ""])
    elif not options.attack:
        rows.append(["under attack", "not run (--no-attack)", "", ""])
    if "writers rate" in f:
        rate = f["writers rate"]
        rows.append([f"changes a second, {options.writers} writers on 1,000 rectangles "
                     f"({options.write_seconds:g} s)", f"{rate:.1f}", "≥ 200",
                     "yes" if rate >= 200 else "NO"])
        rows.append(["  accepted; new versions; 409s retried; other refusals; errors",
                     f"{f['writers accepted']}; {f['writers versions']}; "
                     f"{f['writers conflicts']}; {counts(f['writers refused'])}; "
                     f"{f['writers errors']}", "", ""])
        rows.append(["  a change's answer: median; mean; 99th percentile",
                     f"{ms(f.get('writers wait'))}; {ms(f.get('writers wait mean'))}; "
                     f"{ms(f.get('writers wait p99'))}", "", ""])
        rows.append(["  lost (a writer's last value not in the drawing)",
                     f"{f['writers lost']} of {f['writers checked']} checked", "0",
                     "yes" if f["writers lost"] == 0 else "NO"])
    if "fsync" in f:
        rows.append(["the ceiling: fsyncs a second in the store's folder (4 KiB each)",
                     f"{f['fsync']:.0f}", "", ""])
    if "heavy made" in f:
        rows.append([f"ten heavy requests at once ({options.heavy_seconds:g} s, a drawing of "
                     f"{options.heavy_rectangles:,} rectangles, its file "
                     f"{(f.get('heavy file') or 0) / 1e6:.0f} MB): the server's peak RSS",
                     f"{f['heavy rss'] / 1e6:.0f} MB" if f.get("heavy rss") else "—",
                     "< 1 GB", "yes" if f.get("heavy rss") and f["heavy rss"] < 1e9 else "NO"])
        rows.append(["  its high-water mark at the end (VmHWM)",
                     f"{f['heavy hwm'] / 1e6:.0f} MB" if f.get("heavy hwm") else "—", "", ""])
        rows.append(["  GET /api/drawings meanwhile, fresh connection: 99th percentile",
                     ms(f.get("heavy p99")), "< 100 ms",
                     "yes" if f.get("heavy p99") is not None and f["heavy p99"] < 0.1
                     and f.get("heavy answered") == f.get("heavy made") else "NO"])
        rows.append(["  median; slowest",
                     f"{ms(f.get('heavy'))}; {ms(f.get('heavy slowest'))}", "", ""])
        rows.append(["  GET /api/session (no store) in turn with it: median; 99th percentile",
                     f"{ms(f.get('heavy session'))}; {ms(f.get('heavy session p99'))}",
                     "< 100 ms", "yes" if f.get("heavy session p99") is not None
                     and f["heavy session p99"] < 0.1 else "NO"])
        rows.append(["  both: answered of made; failures",
                     f"{f.get('heavy answered')} of {f.get('heavy made')}; "
                     f"{counts(f.get('heavy failures'))}", "", ""])
    if f.get("VmHWM"):
        rows.append(["the server's peak RSS over the whole run (VmHWM)",
                     f"{f['VmHWM'] / 1e6:.1f} MB", "", ""])
    if f.get("open files limit"):
        rows.append(["the server's open-files limit", str(f["open files limit"]), "", ""])
    return rows


COMPARED = [
    ("sized", "ack", "edit acknowledged, median", ms),
    ("sized", "event", "edit → event, median", ms),
    ("sized", "gap", "event − answer, median", ms),
    ("sized", "changes", "…/changes after an edit, median", ms),
    ("sized", "set", "drawdoc set → event, median", ms),
    ("sized", "convert", "convert (reference), median", ms),
    ("figures", "reference", "GET /api/drawings, no attack, median", ms),
    ("figures", "attack", "GET /api/drawings under attack, median", ms),
    ("figures", "attack p99", "  99th percentile", ms),
    ("figures", "attack share", "  answered 200, share of the requests",
     lambda v: f"{v * 100:.0f} %"),
    ("figures", "attack rss", "  server's peak RSS", lambda v: f"{v / 1e6:.1f} MB"),
    ("figures", "writers rate", "changes a second, 8 writers", lambda v: f"{v:.1f}"),
    ("figures", "heavy rss", "ten heavy requests: server's peak RSS",
     lambda v: f"{v / 1e6:.0f} MB"),
    ("figures", "heavy p99", "  GET /api/drawings meanwhile, 99th percentile", ms),
    ("figures", "heavy", "  GET /api/drawings meanwhile, median", ms),
    ("figures", "heavy session p99", "  GET /api/session meanwhile, 99th percentile", ms),
]


def comparison_rows(before, after, sizes):
    rows = []
    for where, key, label, format_ in COMPARED:
        places = sizes if where == "sized" else [None]
        for size in places:
            if size is None:
                old, new = before.figures.get(key), after.figures.get(key)
            else:
                old = before.sized.get(size, {}).get(key)
                new = after.sized.get(size, {}).get(key)
            if old is None and new is None:
                continue
            change = f"{new / old:.2f}" if old and old > 0 and new is not None and new >= 0 \
                else "—"
            rows.append([label, size_label(size) if size else "",
                         "—" if old is None else format_(old),
                         "—" if new is None else format_(new), change])
    return rows
