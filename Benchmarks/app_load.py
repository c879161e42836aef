"""The drawing app's section, part (c): 100 changes a second for a few seconds from two
pages (the editor's edit request) and from `drawdoc set` processes together, each to a
rectangle of its own; then every accepted change must be in `drawdoc history --json` and in
the final `drawdoc open --json`. app_bench.py runs it; its docstring says how it is taken.
"""
import json
import statistics
import subprocess
import threading
import time

# app_bench.py puts Tests/browser on the path for served_app; it imports this module in its
# main(), once its own helpers are defined.
from app_bench import log, ms, unique_color, wait, yes
from served_app import Failure

# MARK: - (c) 100 changes a second

LOAD_SCRIPT = """
// Sends the changes at their times (ms since the epoch), each as an edit of one step
// (`api`, the same fetch the editor makes), all at once rather than through the editor's
// queue.
const [items] = arguments;
window.benchLoad = [];
for (const [k, rid, color, due] of items) {
  setTimeout(async () => {
    const sentAt = Date.now();
    const result = await drawdocEditor.api(
      "POST", `/api/drawings/${drawdocEditor.id}/edits`,
      { edits: [{ set: rid, to: { color } }] });
    window.benchLoad.push({ k, sentAt, doneAt: Date.now(), status: result.status,
                            version: result.data.version || null,
                            error: result.ok ? null : result.data.error });
  }, Math.max(0, due - Date.now()));
}
return items.length;
"""


def measure_load(app, pages, doc, seconds, rate):
    rectangles = app.drawing(doc)["rectangles"]
    total = int(seconds * rate)
    if total > len(rectangles):
        raise Failure(f"{total} changes need as many rectangles; the drawing has {len(rectangles)}")
    start = time.time() + 1.5
    plan = []  # (k, source, rid, field, value, due)
    for k in range(total):
        r = rectangles[k]
        due = start + k / rate
        slot = k % 4
        if slot in (0, 2):
            plan.append((k, "command", r["id"], "alpha", r["alpha"] % 10 + 1, due))
        else:
            page = 0 if slot == 1 else 1
            plan.append((k, f"page {page + 1}", r["id"], "color", unique_color(k, r["color"]), due))
    for index, page in enumerate(pages):
        items = [[k, rid, value, due * 1000] for k, source, rid, field, value, due in plan
                 if source == f"page {index + 1}"]
        page.execute_script(LOAD_SCRIPT, items)

    commands = [p for p in plan if p[1] == "command"]
    outcomes = {}

    def run_commands():
        waiters = []
        for k, _, rid, field, value, due in commands:
            pause = due - time.time()
            if pause > 0:
                time.sleep(pause)
            sent = time.time()
            process = subprocess.Popen(
                [app.drawdoc, "set", doc, rid, f"--{field}", str(value)], env=app.env,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            # A thread per process notes when it ends.
            waiter = threading.Thread(target=finish, args=(k, sent, process))
            waiter.start()
            waiters.append(waiter)
        for waiter in waiters:
            waiter.join()

    def finish(k, sent, process):
        _, error = process.communicate(timeout=120)
        outcomes[k] = {"sentAt": sent, "doneAt": time.time(), "status": process.returncode,
                       "error": error.strip() or None}

    thread = threading.Thread(target=run_commands)
    thread.start()
    thread.join(timeout=seconds + 180)
    if thread.is_alive():
        raise Failure("the `drawdoc set` processes did not finish within 3 minutes")
    page_total = [sum(1 for p in plan if p[1] == f"page {i + 1}") for i in range(len(pages))]
    for index, page in enumerate(pages):
        answers = wait(f"page {index + 1}'s answers", lambda: (
            lambda a: a if len(a) == page_total[index] else None)(
            page.execute_script("return window.benchLoad;")), seconds=180, pause=0.2)
        for answer in answers:
            outcomes[answer["k"]] = {"sentAt": answer["sentAt"] / 1000,
                                     "doneAt": answer["doneAt"] / 1000,
                                     "status": 0 if answer["status"] == 200 else answer["status"],
                                     "error": answer["error"], "version": answer["version"]}

    # What the store kept.
    final = {r["id"]: r for r in app.drawing(doc)["rectangles"]}
    history = json.loads(app.run("history", doc, "--json"))
    # Changes that queued together on the store's lock are one version, their words joined
    # with "; ": each is looked for among its version's parts.
    changes = [part for v in history["versions"] for part in v["change"].split("; ")]
    by_version = {v["version"]: v["change"].split("; ") for v in history["versions"]}
    accepted, refused, lost = [], [], []
    for k, source, rid, field, value, due in plan:
        outcome = outcomes.get(k)
        if outcome is None:
            raise Failure(f"change {k} ({source}) has no outcome")
        if outcome["status"] != 0:
            refused.append((k, source, outcome["error"] or f"status {outcome['status']}"))
            continue
        accepted.append(k)
        description = f"set {field} of {rid}"
        in_history = (description in by_version.get(outcome["version"], [])
                      if outcome.get("version") else description in changes)
        shown = final.get(rid, {}).get(field)
        if not in_history or shown != value:
            lost.append((k, source, rid, field, value, shown, in_history))
    sends = [o["sentAt"] for o in outcomes.values()]
    dones = [outcomes[k]["doneAt"] for k in accepted]
    waits = {source: [outcomes[k]["doneAt"] - outcomes[k]["sentAt"] for k in accepted
                      if plan[k][1].startswith(source)] for source in ("page", "command")}
    return {
        "waits": waits,
        "sent": total, "accepted": len(accepted), "refused": refused, "lost": lost,
        "send_rate": (total - 1) / (max(sends) - min(sends)) if total > 1 else float("nan"),
        "done_rate": len(accepted) / (max(dones) - min(sends)) if accepted else 0.0,
        "versions": len(history["versions"]),
        "commands": len(commands), "pages": sum(page_total),
    }


def report_load(app, table, first, second, doc, load_seconds, rate):
    log(f"(c) {rate:g} changes a second for {load_seconds:g} s, "
        "from two pages and from `drawdoc set`")
    app.open_editor(first, doc)
    app.open_editor(second, doc)
    load = measure_load(app, [first, second], doc, load_seconds, rate)
    table.add(f"{rate:g} changes/s for {load_seconds:g} s: sent "
              f"({load['pages']} by the pages, {load['commands']} by `drawdoc set`)",
              str(load["sent"]))
    table.add("  sent per second (first to last sent)", f"{load['send_rate']:.1f}",
              f"≥ {rate * 0.95:g}", yes(load["send_rate"] >= rate * 0.95))
    table.add("  accepted", str(load["accepted"]))
    table.add("  applied per second (first sent to last answered)", f"{load['done_rate']:.1f}")
    for source, label in (("page", "a page's request"), ("command", "a `drawdoc set`")):
        waits = load["waits"][source]
        if waits:
            table.add(f"  {label}: sent → answered, median; slowest",
                      f"{ms(statistics.median(waits))}; {ms(max(waits))}")
    reasons = {}
    store = app.env["DRAWDOC_STORE"]
    for _, source, reason in load["refused"]:
        key = f"{source.split()[0]}: {reason.replace(store, 'STORE')}"
        reasons[key] = reasons.get(key, 0) + 1
    table.add("  refused", str(len(load["refused"])))
    for reason, count in sorted(reasons.items()):
        table.add(f"    {reason[:100]}", str(count))
    table.add("  lost (accepted, but not in the history or the final drawing)",
              str(len(load["lost"])), "0", yes(not load["lost"]))
    for item in load["lost"][:5]:
        log(f"  lost: change {item[0]} ({item[1]}): {item[3]} of {item[2]} = {item[4]!r}, "
            f"the drawing shows {item[5]!r}, in the history: {item[6]}")
    return not load["lost"]
