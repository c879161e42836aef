#!/usr/bin/env python3
"""The drawing app's speed: `drawdoc serve` on a fresh store, driven by
Debian's headless Chromium through chromium-driver and Selenium.

    python3 Benchmarks/app_bench.py --drawdoc PATH [--quick] [--changes N] [--open-runs N]
                                    [--load-seconds S] [--load-rate R]

Three measurements, printed as one table (row | figure | target | met) on standard output,
progress on standard error:

  (a) page → page: two browsers on the editor of a drawing of 1,000 rectangles; the first
      sends a change through the editor's own `change()` (the request its panel makes; the
      editor module hands it out as `window.drawdocEditor`, its hook for tests), the second
      notes when its DOM shows it. Both read the same wall clock (Date's epoch, through
      performance.timeOrigin + performance.now()). Target: median < 50 ms.
  (b) opening a drawing of 10,000 rectangles in the editor: from the navigation's start
      (performance.timeOrigin) until the page has read the drawing, drawn it, and a click on
      a rectangle has selected it and the frame after it is made. Target: median < 1 s.
  (c) 100 changes a second for a few seconds, from both pages (the editor's edit request)
      and from `drawdoc set` processes together, each to a rectangle of its own; then every
      accepted change must be in `drawdoc history --json` and in the final `drawdoc open
      --json`. Target: none lost. (app_load.py)

Exit status: 0 when every check ran (a missed speed target does not change it), 1 when a
measurement failed or a change was lost, 2 when Chromium, chromedriver or Selenium is
missing (the message names the install line).
"""
import argparse
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "Tests", "browser"))
import served_app  # noqa: E402
from served_app import Failure, chromium_options, start_server  # noqa: E402

INSTALL = "apt-get install -y chromium chromium-driver python3-selenium"


def log(text):
    print(f"app bench: {text}", file=sys.stderr, flush=True)


def find_tools():
    """The browser and the driver, or a message saying what is missing."""
    browser = next((path for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser")
                    if os.access(path, os.X_OK)), None)
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.access("/usr/bin/chromedriver", os.X_OK) else None)
    missing = []
    if not browser:
        missing.append("chromium")
    if not driver:
        missing.append("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium Python package")
    if missing:
        return None, None, f"{' and '.join(missing)} not found. To install: {INSTALL}"
    return browser, driver, None


def percentile(values, fraction):
    """Nearest rank."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(fraction * len(ordered))))
    return ordered[rank - 1]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


class App:
    """A store, `drawdoc serve` on it, and the browsers."""

    def __init__(self, drawdoc, browser, driver_path, folder):
        self.drawdoc = drawdoc
        self.browser = browser
        self.driver_path = driver_path
        self.env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
        self.env.pop("DRAWDOC_LOG", None)
        self.drivers = []
        self.server, self.base, self.token = start_server(drawdoc, self.env)

    def open_browser(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        # Two pages measured side by side: neither is slowed as a page in the background.
        options = chromium_options(self.browser, "--disable-background-timer-throttling",
                                   "--disable-renderer-backgrounding")
        driver = webdriver.Chrome(service=Service(self.driver_path), options=options)
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(60)
        self.drivers.append(driver)
        # The page takes the token from the address and keeps it; the drawings page has read
        # the list through the API once it says it is ready, so the credential works.
        driver.get(f"{self.base}?token={self.token}")
        wait("the drawings page, with the token taken", lambda: driver.execute_script(
            "return !!(document.body && document.body.dataset.ready)"), seconds=20)
        return driver

    def open_editor(self, driver, doc):
        driver.get(f"{self.base}drawings/{doc}")
        wait("the editor", lambda: driver.execute_script(
            "return !!document.body.dataset.ready && drawdocEditor.drawing !== null"), seconds=30)
        # The editor says "live" for no time at all once its change stream opens (it shows the
        # version at once), so nothing here waits for that: the warm-up change of page to
        # page waits for the stream instead. Only a page that says it is offline is not ready.
        wait("the editor online", lambda: not driver.execute_script(
            "return document.getElementById('status').textContent").startswith(
            ("offline", "reconnecting", "disconnected")), seconds=30)

    def close(self):
        for driver in self.drivers:
            try:
                driver.quit()
            except Exception:
                pass
        self.server.send_signal(signal.SIGINT)
        try:
            self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.server.kill()

    def run(self, *arguments):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=120)
        if result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr.strip()}")
        return result.stdout

    def new_drawing(self, count, seed, title):
        return self.run("new", "--title", title, "--random", str(count), "--seed", str(seed),
                        "--width", "1000", "--height", "800").strip()

    def drawing(self, doc):
        return json.loads(self.run("open", doc, "--json"))


def wait(what, condition, seconds=10, pause=0.02):
    return served_app.wait(what, condition, seconds, pause)


def unique_color(index, avoid):
    """A colour for change `index`, not `avoid` (the rectangle's colour before)."""
    value = (0x123457 + index * 0x010307) % 0x1000000
    color = f"#{value:06x}"
    return color if color != avoid else f"#{(value + 1) % 0x1000000:06x}"


# MARK: - (a) page → page

WATCH_SCRIPT = """
// Notes when the canvas shows the awaited colour on the awaited rectangle: the DOM time, and
// the start of the frame after it.
window.benchWant = null;
const canvas = document.getElementById("canvas");
new MutationObserver(() => {
  const want = window.benchWant;
  if (!want || want.seenAt) return;
  const node = canvas.querySelector(`rect[data-id="${want.rid}"]`);
  if (node && node.getAttribute("fill") === want.color) {
    want.seenAt = performance.timeOrigin + performance.now();
    // The read that brought it: asked for when the event came, answered.
    const reads = performance.getEntriesByType("resource")
      .filter((entry) => /\/api\/drawings\/[^/]+(\/changes)?$/.test(new URL(entry.name).pathname));
    const read = reads[reads.length - 1];
    if (read) {
      want.readStart = performance.timeOrigin + read.startTime;
      want.readEnd = performance.timeOrigin + read.responseEnd;
    }
    performance.clearResourceTimings();
    requestAnimationFrame(() => { want.frameAt = performance.timeOrigin + performance.now(); });
  }
}).observe(canvas, { childList: true, subtree: true, attributes: true });
"""

SEND_SCRIPT = """
// What the panel's colour field does: one edit through the editor's queue.
const [rid, color] = arguments;
window.benchSent = null;
const sentAt = performance.timeOrigin + performance.now();
const editor = window.drawdocEditor;
editor.edit([{ set: rid, to: { color } }]).then((result) => {
  const answers = performance.getEntriesByType("resource")
    .filter((entry) => entry.initiatorType === "fetch" && entry.name.endsWith("/edits"));
  const answer = answers[answers.length - 1];
  performance.clearResourceTimings();
  window.benchSent = { status: result ? result.status : 0,
                       answeredAt: answer ? performance.timeOrigin + answer.responseEnd : null,
                       error: result && !result.ok ? result.data.error : null };
});
return sentAt;
"""


def measure_latency(app, first, second, doc, changes):
    rectangles = app.drawing(doc)["rectangles"]
    second.execute_script(WATCH_SCRIPT)
    latencies, frames, parts = [], [], {"answer": [], "event": [], "read": [], "dom": []}
    for index in range(changes + 1):  # the first one warms up
        target = rectangles[(index * 7) % len(rectangles)]
        color = unique_color(index, target["color"])
        target["color"] = color
        second.execute_script("window.benchWant = {rid: arguments[0], color: arguments[1]};",
                              target["id"], color)
        sent = first.execute_script(SEND_SCRIPT, target["id"], color)
        seen = wait("the second page to show the change", lambda: second.execute_script(
            "const w = window.benchWant;"
            "return w.frameAt ? [w.seenAt, w.frameAt, w.readStart, w.readEnd] : null;"),
            seconds=30 if index == 0 else 10, pause=0.005)  # the warm-up: the stream opening
        answer = wait("the first page's answer", lambda: first.execute_script(
            "return window.benchSent;"), seconds=10, pause=0.005)
        if answer["status"] != 200:
            raise Failure(f"change {index} was refused ({answer['status']}): {answer['error']}")
        if index > 0:
            latencies.append((seen[0] - sent) / 1000)
            frames.append((seen[1] - sent) / 1000)
            if answer.get("answeredAt") and seen[2] and seen[3]:
                parts["answer"].append((answer["answeredAt"] - sent) / 1000)
                parts["event"].append((seen[2] - sent) / 1000)
                parts["read"].append((seen[3] - seen[2]) / 1000)
                parts["dom"].append((seen[0] - seen[3]) / 1000)
        time.sleep(0.02 + (index * 13 % 30) / 1000)
    return latencies, frames, parts


# MARK: - (b) opening 10,000 rectangles

OPEN_SCRIPT = """
(() => {
  // Only for the benchmark's address: #bench-open=RID,X,Y (a canvas point inside RID).
  const match = /^#bench-open=([^,]+),([^,]+),([^,]+)$/.exec(location.hash);
  if (!match) return;
  const [rid, x, y] = [match[1], Number(match[2]), Number(match[3])];
  const result = window.benchOpen = { rid };
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const click = async () => {
    result.readyAt = performance.now();
    // The frame that shows the drawing, then a click in the middle of RID, as a mouse makes.
    await frame();
    const picture = document.getElementById("drawing");
    const box = picture.getBoundingClientRect();
    const { width, height } = drawdocEditor.drawing;
    const clientX = box.left + x * box.width / width;
    const clientY = box.top + y * box.height / height;
    const target = document.elementFromPoint(clientX, clientY);
    const init = { bubbles: true, cancelable: true, composed: true, clientX, clientY,
                   pointerId: 1, pointerType: "mouse", isPrimary: true, button: 0, buttons: 1 };
    result.clickAt = performance.now();
    try {
      target.dispatchEvent(new PointerEvent("pointerdown", init));
      target.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0 }));
    } catch (error) {
      result.error = String(error);
    }
    result.selected = drawdocEditor.selection()[0] || "";
    // The frame that shows the selection, then the one after it: the page is idle again.
    await frame();
    await frame();
    result.interactiveAt = performance.now();
    // The panel follows the selection when the page draws it, not within the click.
    result.panelShown = !document.getElementById("selection").hidden;
    const api = performance.getEntriesByType("resource")
      .find((entry) => /\\/api\\/drawings\\/[^/]+$/.test(new URL(entry.name).pathname));
    if (api) {
      result.requestAt = api.requestStart;
      result.responseEnd = api.responseEnd;
      result.bytes = api.encodedBodySize;
    }
    const nav = performance.getEntriesByType("navigation")[0];
    if (nav) result.domContentLoaded = nav.domContentLoadedEventEnd;
    result.done = true;
  };
  const watch = () => {
    new MutationObserver((records, observer) => {
      if (document.body.dataset.ready) { observer.disconnect(); click(); }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""


def measure_open(app, driver, doc, runs):
    drawing = app.drawing(doc)
    top = drawing["rectangles"][-1]  # the topmost: a click in its middle selects it
    x, y = top["x"] + top["width"] / 2, top["y"] + top["height"] / 2
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OPEN_SCRIPT})
    results = []
    for run in range(runs):
        driver.get("about:blank")
        driver.get(f"{app.base}drawings/{doc}#bench-open={top['id']},{x},{y}")
        result = wait("the editor of 10,000 rectangles to answer a click", lambda:
                      driver.execute_script("const r = window.benchOpen; return r && r.done ? r : null;"),
                      seconds=60, pause=0.05)
        if result.get("error"):
            raise Failure(f"the click failed: {result['error']}")
        if result["selected"] != top["id"] or not result["panelShown"]:
            raise Failure(f"the click selected {result['selected']!r}, not {top['id']}")
        results.append(result)
        log(f"  open run {run + 1}: interactive at {result['interactiveAt']:.0f} ms "
            f"(drawing read at {result.get('responseEnd', float('nan')):.0f} ms, "
            f"ready at {result['readyAt']:.0f} ms)")
    driver.get("about:blank")
    return results


# MARK: - The table

class Table:
    def __init__(self):
        self.rows = []

    def add(self, label, figure, target="", met=""):
        self.rows.append([label, figure, target, met])

    def print(self):
        header = ["drawing app (headless Chromium)", "figure", "target", "met"]
        rows = [header] + self.rows
        widths = [max(3, max(len(row[c]) for row in rows)) for c in range(4)]

        def line(cells):
            padded = [cell.rjust(widths[c]) if c == 1 else cell.ljust(widths[c])
                      for c, cell in enumerate(cells)]
            return "| " + " | ".join(padded) + " |"
        print(line(header))
        print("| " + " | ".join("-" * (w - 1) + (":" if c == 1 else "-")
                                for c, w in enumerate(widths)) + " |")
        for row in self.rows:
            print(line(row))


def yes(condition):
    return "yes" if condition else "NO"


# MARK: - The sections

# The goal for page → page at each size, in seconds.
LATENCY_GOALS = {1000: 0.020, 10000: 0.050, 100000: 0.150}


def report_latency(app, table, first, second, doc, changes, size=1000):
    log(f"(a) page → page: {changes} changes on {size:,} rectangles")
    app.open_editor(first, doc)
    app.open_editor(second, doc)
    latencies, frames, parts = measure_latency(app, first, second, doc, changes)
    median = statistics.median(latencies)
    goal = LATENCY_GOALS.get(size)
    table.add(f"page → page, {size:,} rectangles: sent → second page's DOM, median",
              ms(median), f"< {goal * 1000:.0f} ms" if goal else "",
              yes(median < goal) if goal else "")
    table.add(f"  99th percentile (of {len(latencies)})", ms(percentile(latencies, 0.99)))
    table.add("  slowest", ms(max(latencies)))
    table.add("  sent → the frame after it, median", ms(statistics.median(frames)))
    for label, key in (("  sent → first page has the server's answer, median", "answer"),
                       ("  sent → second page asks what changed (event heard), median",
                        "event"),
                       ("  second page's read of what changed, median", "read"),
                       ("  read → its DOM shows it, median", "dom")):
        if parts[key]:
            table.add(label, ms(statistics.median(parts[key])))


def report_open(app, table, first, doc, open_runs):
    log(f"(b) opening 10,000 rectangles, {open_runs} runs")
    opens = measure_open(app, first, doc, open_runs)
    interactive = [r["interactiveAt"] / 1000 for r in opens]
    median = statistics.median(interactive)
    table.add(f"open 10,000 rectangles: navigation → a click selects, median of {open_runs}",
              ms(median), "< 1 s", yes(median < 1))
    table.add("  slowest", ms(max(interactive)))
    for label, key in (("  the drawing read (its request ends), median", "responseEnd"),
                       ("  the page ready (read, parsed, put in the DOM), median", "readyAt")):
        values = [r[key] / 1000 for r in opens if key in r]
        if values:
            table.add(label, ms(statistics.median(values)))
    sizes = [r["bytes"] for r in opens if r.get("bytes")]
    if sizes:
        table.add("  the drawing's answer (svg + JSON)", f"{sizes[0] / 1e6:.2f} MB")


def main():
    from app_load import report_load  # (c): it uses the helpers above
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drawdoc", required=True, help="the drawdoc binary (release)")
    parser.add_argument("--quick", action="store_true",
                        help="30 changes, 3 opening runs, 3 s of load")
    parser.add_argument("--changes", type=int, help="page → page changes timed (default 60)")
    parser.add_argument("--open-runs", type=int, help="openings of 10,000 rectangles (default 5)")
    parser.add_argument("--load-seconds", type=float, help="seconds of load (default 5)")
    parser.add_argument("--load-rate", type=float, default=100, help="changes a second (100)")
    parser.add_argument("--latency-sizes", default=None,
                        help="rectangle counts for page → page (default 1000,10000,100000; "
                             "--quick: 1000,10000)")
    parser.add_argument("--parts", default="latency,open,load",
                        help="which measurements, of latency,open,load (default all)")
    options = parser.parse_args()
    changes = options.changes or (30 if options.quick else 60)
    latency_sizes = [int(size) for size in (
        options.latency_sizes or ("1000,10000" if options.quick else "1000,10000,100000")
    ).split(",")]
    open_runs = options.open_runs or (3 if options.quick else 5)
    load_seconds = options.load_seconds or (3 if options.quick else 5)
    parts = set(options.parts.split(","))
    if not parts <= {"latency", "open", "load"}:
        parser.error(f"--parts takes latency, open and load, not {options.parts}")
    if not os.access(options.drawdoc, os.X_OK):
        print(f"app_bench.py: no drawdoc at {options.drawdoc}", file=sys.stderr)
        return 1
    browser, driver_path, missing = find_tools()
    if missing:
        print(f"app_bench.py: {missing}", file=sys.stderr)
        print(f"\nThe drawing app's rows are left out: {missing}")
        return 2

    started = time.time()
    load_at_start = open("/proc/loadavg").read().split()[0]
    folder = tempfile.mkdtemp(prefix="drawdoc-app-bench-")
    table = Table()
    failed = False
    app = None
    try:
        app = App(options.drawdoc, browser, driver_path, folder)
        # Every change of the load must stay in the history to be checked there.
        app.run("config", "history-limit", "5000")
        log("making drawings of 1,000 (two) and 10,000 rectangles")
        load_doc = app.new_drawing(1000, 2, "load")
        big_doc = app.new_drawing(10000, 3, "ten thousand")
        first, second = app.open_browser(), app.open_browser()
        if "latency" in parts:
            for size in latency_sizes:
                doc = app.new_drawing(size, 1, f"page to page, {size}")
                # Fewer rounds on the biggest drawings: each takes longer.
                rounds = changes if size <= 10000 else max(10, changes // 3)
                report_latency(app, table, first, second, doc, rounds, size)
        if "open" in parts:
            report_open(app, table, first, big_doc, open_runs)
        if "load" in parts:
            if not report_load(app, table, first, second, load_doc, load_seconds,
                               options.load_rate):
                failed = True
    except Failure as error:
        log(f"FAILED: {error}")
        table.add("a measurement failed", str(error)[:120], "", "NO")
        failed = True
    finally:
        if app:
            app.close()
        shutil.rmtree(folder, ignore_errors=True)
    print("")
    table.print()
    print("")
    print(f"app section measured in {time.time() - started:.0f} s; 1-minute load average "
          f"{load_at_start} at the start, {open('/proc/loadavg').read().split()[0]} at the end")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
