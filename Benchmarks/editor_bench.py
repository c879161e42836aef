#!/usr/bin/env python3
"""The editor as a drawing tool, in headless Chromium on this machine: frame times while
dragging a rectangle, panning and zooming, the time from opening the editor to the first
accepted click, the longest frame after a fit from 7× and after zoom keys, and the page's
memory, on drawings of 1,000, 10,000 and 100,000 rectangles (the goals: a median frame of
16 ms, 60 fps, at 10,000 and of 33 ms at 100,000; the first click within 0.5 s at 10,000 and
1 s at 100,000; no frame over 100 ms after a fit or a zoom at 100,000).

    python3 Benchmarks/editor_bench.py [--drawdoc PATH] [--sizes 1000,10000,100000]
                                       [--seconds S] [--budget S] [--rate R]
                                       [--open-runs N] [--gestures drag,pan,zoom]
                                       [--parts frames,open,jumps,memory] [--jump-runs N]
                                       [--quick] [--json FILE] [--compare FILE] [--trace DIR]

Each drawing is made with `drawdoc new --random N --seed 1 --width 4000 --height 3000` in a
fresh store served by `drawdoc serve --port 0`, and opened in a fresh headless Chromium
(Debian's chromium through chromium-driver and Selenium, with the options of
Tests/browser/served_app.py), one browser per size, so that each size's memory is its own.

The gestures are real input, Chrome DevTools Protocol `Input.dispatchMouseEvent`, sent at
a steady rate (`--rate`, 120 a second) as a mouse or a touchpad sends them, whatever the
page does: through a WebSocket of the script's own to the page's DevTools target (the
address chromedriver reports), since `driver.execute_cdp_cmd` waits for each answer and the
renderer answers a mouse move only once it has handled it. Each event carries its own time
(`timestamp`), which the page sees as its `timeStamp`; an event the script sends late (the
machine busy) is still sent at least half a period after the one before, so that the page's
times of the events tell them apart.

A gesture is bursts of one out-and-back cycle each (18 steps out, 18 back: 36 events,
0.3 s), after which it is where it began; after each burst the script waits until the page
has handled every event, so a page that falls behind is measured on its backlog rather than
buried in it. Bursts follow until `--seconds` of input (2) were sent, or no new one starts
after `--budget` seconds (30), at least one. A burst of 5 steps first warms up.

  drag   mousePressed at a rectangle's centre (through `drawdocEditor.toScreen`) with the
         select tool, mouseMoved 4 px a step (each burst another way: right, down, left,
         up), mouseReleased where it was pressed (with Ctrl held, which turns snapping
         off): the rectangle's copy follows the pointer, and the drag ends where it began,
         so the editor sends no change (checked: the drawing's version is the same);
  pan    wheel events of 6 px (down, right, up, left) over the middle of the stage;
  zoom   wheel events with Ctrl held (deltaY ∓ 10: ×1.02 a step) about the rectangle's
         centre, in then out, out then in.

A requestAnimationFrame loop in the page notes when each frame's rAF callbacks run, and a
listener on window (capture) notes each pointermove and wheel event the page handles: when,
in which frame, and its time (for a pointer event, the time of each move coalesced into it).
The figures, per size and gesture:

  frame time          the intervals between the frames' rAF callbacks, from the frame that
                      handled a burst's first event to the one after the frame that handled
                      its last, median and 95th percentile over all the bursts. The times
                      the callbacks run, not the rAF timestamp: that is the frame's planned
                      start on the 60 Hz grid, which a late frame keeps. Headless Chromium
                      here makes frames at 60 Hz whatever its flags (--disable-frame-rate-
                      limit and --disable-gpu-vsync do not change it), so a page that keeps
                      up shows 16.7 ms; a frame is late when the main thread's work (the
                      event handlers, style, layout, paint, commit) or the raster of the
                      tiles on the renderer's worker threads takes longer.
  input → next frame  for each event sent, from its time to the start of the frame after
                      the one that handled it (so that frame's work is done): what a
                      person waits for, queueing included (the browser hands the page one
                      wheel event at a time, coalescing at most a few).
  main thread         `Performance.getMetrics` before and after the bursts: the renderer
                      main thread's busy time (TaskDuration), script, style and layout, and
                      the rest (mostly paint and commit), per frame that handled input.

The goals (≤ 16 ms at 10 k, ≤ 33 ms at 100 k: 60 and 30 frames a second) are read on the
60 Hz clock: met when the median frame time is within one display interval (the idle
interval measured in the same page, plus 2 %), or two.

With `--trace DIR`, one more burst of each gesture and one more opening are traced (Tracing,
with the categories of DevTools' Performance panel) into DIR/editor-SIZE-GESTURE.json and
DIR/editor-SIZE-open.json, which DevTools' Performance panel opens, and the script prints
what the renderer did: its main thread busy, the frame update, event dispatch, style,
layout, pre-paint, paint, layerize, commit, and the raster tasks of its worker threads, per
frame with input (gestures) or in all (the opening). Those runs are not in the figures.

The opening (`--open-runs`, 3; the median is the figure): `about:blank`, then the clock
starts and `driver.get(/drawings/ID)`; the script then asks every 5 ms whether
`document.body.dataset.ready === "true"`, and once it is clicks (mousePressed and
mouseReleased through `execute_cdp_cmd`, each answered once the renderer has handled it) at
the centre of the rectangle the gestures use (`toScreen`), asking after each click whether
`drawdocEditor.selection()` holds it. The figure is the clock when it does; it includes
chromedriver's round trips, a few ms each. The rectangle is the topmost whose centre is in
the middle half of the canvas and that `drawdoc hit` finds there.

The memory, after the gestures and a garbage collection (`HeapProfiler.collectGarbage`):
`Performance.getMetrics` (JSHeapUsedSize, Nodes), `Memory.getDOMCounters`, and the resident
set of the browser's largest renderer process (VmRSS from /proc), and the proportional set
(Pss, /proc/PID/smaps_rollup) of all the browser's processes together.

Exit status: 0 when every measurement ran (a missed goal does not change it), 1 when one
failed, 2 when Chromium, chromedriver or Selenium is missing.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
import served_app  # noqa: E402
from served_app import Failure, chromium_options, start_server  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The drawing app's benchmark finds the browser and takes percentiles the same way.
from app_bench import find_tools, percentile  # noqa: E402

CANVAS = (4000, 3000)
SEED = 1
WARM_UP = 5
# The editor's goals: median frame time by size (≤ 16 ms is 60 fps, ≤ 33 ms 30 fps), and
# the first accepted click after opening.
FRAME_GOALS = {10000: 16.0, 100000: 33.0}
OPEN_GOALS = {10000: 500.0, 100000: 1000.0}
# No frame longer than this after a fit or a zoom, at 100,000 rectangles.
JUMP_GOAL = 100.0


def log(text):
    print(f"editor bench: {text}", file=sys.stderr, flush=True)


def wait(what, condition, seconds=10, pause=0.02):
    return served_app.wait(what, condition, seconds, pause)


def loadavg():
    with open("/proc/loadavg") as file:
        return file.read().split()[0]


# MARK: - A second DevTools connection, for input at a steady rate

class DevTools:
    """A WebSocket connection of its own to the page's DevTools target (the browser's
    `debuggerAddress`, which chromedriver reports), written with the standard library only:
    `driver.execute_cdp_cmd` waits for each command's answer, and an Input.dispatchMouseEvent
    is answered only once the renderer has handled the event, so events sent through it come
    no faster than the page takes them. Here they are sent at their times, as a mouse or a
    touchpad sends them, and the answers are read on a thread as they come."""

    def __init__(self, address):
        import base64
        import socket
        import threading
        import urllib.request
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as answer:
            targets = json.load(answer)
        page = next(t for t in targets if t.get("type") == "page")
        url = page["webSocketDebuggerUrl"]
        rest = url.split("://", 1)[1]
        host_port, path = rest.split("/", 1)
        host, port = host_port.rsplit(":", 1)
        self.socket = socket.create_connection((host, int(port)), timeout=30)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        # No Origin header: Chromium accepts a connection without one.
        self.socket.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\n"
                             "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                             f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                             ).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.socket.recv(1)
            if not chunk:
                raise Failure("the DevTools connection closed during its handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise Failure(f"DevTools refused the connection: {head.decode(errors='replace')}")
        self.socket.settimeout(None)
        self.next_id = 0
        self.answers = {}
        self.trace, self.traced = [], False
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def send(self, method, params):
        """Sends a command without waiting; returns its id."""
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        header = bytearray([0x81])  # one text frame
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
        else:
            header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
        mask = os.urandom(4)
        self.socket.sendall(bytes(header) + mask +
                            bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        return self.next_id

    def receive(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def read(self):
        message = b""
        try:
            while True:
                first, second = self.receive(2)
                length = second & 0x7F
                if length == 126:
                    length = int.from_bytes(self.receive(2), "big")
                elif length == 127:
                    length = int.from_bytes(self.receive(8), "big")
                payload = self.receive(length)
                opcode = first & 0x0F
                if opcode == 8:
                    return
                if opcode not in (0, 1):
                    continue
                message += payload
                if not first & 0x80:
                    continue
                at = time.perf_counter()
                data = json.loads(message)
                message = b""
                if "id" in data:
                    with self.lock:
                        self.answers[data["id"]] = (at, data.get("error"))
                        self.arrived.notify_all()
                elif data.get("method") == "Tracing.dataCollected":
                    self.trace.extend(data["params"]["value"])
                elif data.get("method") == "Tracing.tracingComplete":
                    with self.lock:
                        self.traced = True
                        self.arrived.notify_all()
        except (OSError, EOFError, ValueError):
            return

    def wait(self, ids, seconds):
        """Waits for the answers to `ids`; returns {id: (time, error)}."""
        deadline = time.perf_counter() + seconds
        with self.lock:
            while not all(i in self.answers for i in ids):
                left = deadline - time.perf_counter()
                if left <= 0:
                    missing = sum(1 for i in ids if i not in self.answers)
                    raise Failure(f"{missing} of {len(ids)} input events not answered "
                                  f"within {seconds} s")
                self.arrived.wait(left)
            return {i: self.answers.pop(i) for i in ids}

    def start_trace(self):
        """Starts a trace of what the renderer does, frame by frame (the categories of the
        Performance panel of Chromium's DevTools)."""
        self.trace, self.traced = [], False
        categories = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                      "disabled-by-default-devtools.timeline.frame", "v8.execute",
                      "blink.user_timing", "latencyInfo", "toplevel", "cc", "gpu", "viz",
                      "benchmark", "input"]
        self.wait([self.send("Tracing.start", {
            "traceConfig": {"includedCategories": categories},
            "transferMode": "ReportEvents"})], 30)

    def end_trace(self):
        """Ends the trace; returns its events."""
        self.wait([self.send("Tracing.end", {})], 30)
        deadline = time.perf_counter() + 120
        with self.lock:
            while not self.traced:
                if time.perf_counter() > deadline:
                    raise Failure("the trace did not complete within 120 s")
                self.arrived.wait(1)
        return self.trace

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass


# MARK: - The page's recorder

RECORDER = """
// Frames and input, as the page sees them, in ms since the epoch (performance.timeOrigin +
// performance.now(): the clock of the events' own times, which the benchmark sets when it
// sends them). Installed once per page; reset() starts again.
if (!window.benchRecorder) {
  const epoch = (t) => performance.timeOrigin + t;
  const rec = window.benchRecorder = {
    frames: [], inputs: [],
    reset() { this.frames = []; this.inputs = []; },
    take() { return { frames: this.frames, inputs: this.inputs }; },
    // The time of the newest input the page has handled.
    newest() {
      return this.inputs.length ? Math.max(...this.inputs[this.inputs.length - 1][1]) : 0;
    },
  };
  const note = (event) => {
    // When the input was made: each of the moves coalesced into a pointer event; a wheel
    // event coalesced from several has the newest one's time.
    const coalesced = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    const made = coalesced.length ? coalesced.map((e) => epoch(e.timeStamp))
                                  : [epoch(event.timeStamp)];
    // Input that moves is handled at the start of a frame, before its rAF callbacks: the
    // frame it is in is the next one noted.
    rec.inputs.push([event.type, made, epoch(performance.now()), rec.frames.length]);
  };
  // How long each discrete input (a key, a press) waited until a frame showed what it did
  // (Event Timing: from the event's time to the frame presented after its handlers), and the
  // main thread's long tasks.
  rec.shown = []; rec.long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.shown.push([e.name, epoch(e.startTime), e.duration]);
    }).observe({ type: "event", durationThreshold: 16 });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.long.push([epoch(e.startTime), e.duration]);
    }).observe({ type: "longtask" });
  } catch (error) { /* a browser without them: their rows stay empty */ }
  for (const type of ["pointermove", "pointerdown", "pointerup", "wheel"]) {
    window.addEventListener(type, note, { capture: true, passive: true });
  }
  // When each frame's rAF callbacks run: after its input, before its style, layout and
  // paint. The next frame's callbacks run only once those are done.
  const frame = (time) => {
    rec.frames.push([time, epoch(performance.now())]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
"""


def burst_figures(record, sent_at):
    """The frame times of one burst of input and each sent event's time to the frame after
    the one that handled it, from the page's record; `sent_at` holds the events' own times
    (ms since the epoch), as sent."""
    frames = record["frames"]
    inputs = [i for i in record["inputs"] if i[0] in ("pointermove", "wheel")]
    if not inputs:
        raise Failure(f"the page handled none of {len(sent_at)} input events")
    first_frame = inputs[0][3]
    # Up to the frame after the last one with input: its start ends that frame's work.
    last_frame = min(inputs[-1][3] + 1, len(frames) - 1)
    # When each frame's rAF callbacks ran (not the rAF timestamp, which is the frame's
    # planned start and stays on the 60 Hz grid when the main thread is late).
    starts = [frames[k][1] for k in range(first_frame, last_frame + 1)]
    intervals = [b - a for a, b in zip(starts, starts[1:])]
    # Each page event stands for the sent events up to the newest one it carries the time
    # of (the nearest sent time: they are 1/rate apart, the times match within a fraction
    # of a millisecond); each of those waited until the next frame began after the one
    # that handled it.
    latency, covered, mismatch = [], 0, 0.0
    input_frames = set()
    for _, made, _, index in inputs:
        newest = max(made)
        k = min(range(len(sent_at)), key=lambda i: abs(sent_at[i] - newest))
        mismatch = max(mismatch, abs(sent_at[k] - newest))
        input_frames.add(index)
        if index + 1 < len(frames):
            latency.extend(frames[index + 1][1] - sent_at[i] for i in range(covered, k + 1))
        covered = max(covered, k + 1)
    if covered < len(sent_at):
        raise Failure(f"the page handled {covered} of {len(sent_at)} input events")
    if mismatch > 1:
        raise Failure(f"an event's time in the page is {mismatch:.1f} ms from any sent")
    return {"sent": len(sent_at), "handled": len(inputs), "frames": len(intervals),
            "input_frames": len(input_frames), "frame_ms": intervals, "latency_ms": latency,
            "time_match_ms": mismatch}


def summary(values):
    if not values:
        return None
    return {"median": statistics.median(values), "p95": percentile(values, 0.95),
            "max": max(values), "n": len(values)}


# MARK: - The app: a store, the server, a browser per size

class App:
    def __init__(self, drawdoc, browser, driver_path, folder):
        self.drawdoc = drawdoc
        self.browser = browser
        self.driver_path = driver_path
        self.env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
        self.env.pop("DRAWDOC_LOG", None)
        self.driver = None
        self.devtools = None
        self.server, self.base, self.token = start_server(drawdoc, self.env)

    def run(self, *arguments):
        result = subprocess.run([self.drawdoc, *arguments], env=self.env, capture_output=True,
                                text=True, timeout=300)
        if result.returncode != 0:
            raise Failure(f"drawdoc {' '.join(arguments)} failed: {result.stderr.strip()}")
        return result.stdout

    def open_browser(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = chromium_options(self.browser, "--disable-background-timer-throttling",
                                   "--disable-renderer-backgrounding")
        self.driver = webdriver.Chrome(service=Service(self.driver_path), options=options)
        self.driver.set_page_load_timeout(60)
        self.driver.set_script_timeout(120)
        # The token: the drawings page takes it from the address.
        self.driver.get(f"{self.base}?token={self.token}")
        wait("the drawings page, with the token taken", lambda: self.driver.execute_script(
            "return !!(document.body && document.body.dataset.ready)"), seconds=30)
        self.cdp("Performance.enable", {})
        self.devtools = DevTools(
            self.driver.capabilities["goog:chromeOptions"]["debuggerAddress"])
        return self.driver

    def close_browser(self):
        if self.devtools:
            self.devtools.close()
            self.devtools = None
        if self.driver:
            try:
                self.driver.quit()
            except Exception:
                pass
            self.driver = None

    def close(self):
        self.close_browser()
        self.server.send_signal(signal.SIGINT)
        try:
            self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.server.kill()

    def cdp(self, command, parameters):
        return self.driver.execute_cdp_cmd(command, parameters)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def next_frames(self, count=2):
        """Waits for `count` frames of the page."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; let left = arguments[0];"
            "const step = () => (--left > 0 ? requestAnimationFrame(step) : done());"
            "requestAnimationFrame(step);", count)


def pick_rectangle(app, doc, rectangles):
    """A rectangle near the middle of the canvas that a click at its centre selects: the
    topmost whose centre is in the middle half, checked with `drawdoc hit`."""
    width, height = CANVAS
    for r in reversed(rectangles):
        cx, cy = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        if not (width / 4 <= cx <= 3 * width / 4 and height / 4 <= cy <= 3 * height / 4):
            continue
        if app.run("hit", doc, f"{cx:g}", f"{cy:g}").strip() == r["id"]:
            return r, (cx, cy)
    raise Failure("no rectangle near the middle is the topmost at its centre")


# MARK: - Opening to the first accepted click

def click(app, x, y):
    base = {"x": x, "y": y, "button": "left", "clickCount": 1}
    app.cdp("Input.dispatchMouseEvent", {**base, "type": "mousePressed", "buttons": 1})
    app.cdp("Input.dispatchMouseEvent", {**base, "type": "mouseReleased", "buttons": 0})


def open_once(app, doc, rid, centre):
    """One opening: milliseconds from `driver.get` to the click that selected `rid`."""
    app.driver.get("about:blank")
    started = time.perf_counter()
    app.driver.get(f"{app.base}drawings/{doc}")
    loaded = time.perf_counter()
    ready = None
    clicks = 0
    deadline = started + 120
    while True:
        if time.perf_counter() > deadline:
            raise Failure(f"no click selected {rid} within 120 s of opening")
        point = app.js(
            "if (document.body.dataset.ready !== 'true' || !window.drawdocEditor) return null;"
            "return drawdocEditor.toScreen(arguments[0], arguments[1]);", *centre)
        if point is None:
            time.sleep(0.005)
            continue
        if ready is None:
            ready = time.perf_counter()
        click(app, round(point["x"]), round(point["y"]))
        clicks += 1
        if rid in app.js("return drawdocEditor.selection();"):
            selected = time.perf_counter()
            break
    # A large drawing's stand-in takes the click; its whole picture comes after.
    while app.js("return drawdocEditor.busy();"):
        if time.perf_counter() > deadline:
            raise Failure("the picture was not whole within 120 s of opening")
        time.sleep(0.005)
    whole = time.perf_counter()
    return {"click_ms": (selected - started) * 1000, "get_ms": (loaded - started) * 1000,
            "ready_ms": (ready - started) * 1000, "whole_ms": (whole - started) * 1000,
            "clicks": clicks}


def measure_open(app, doc, rid, centre, runs):
    """`runs` openings."""
    results = []
    for run in range(runs):
        result = open_once(app, doc, rid, centre)
        results.append(result)
        log(f"  open run {run + 1}: clicked and selected at {result['click_ms']:.0f} ms "
            f"(driver.get returned at {result['get_ms']:.0f} ms, ready seen at "
            f"{result['ready_ms']:.0f} ms, {result['clicks']} click(s); picture whole at "
            f"{result['whole_ms']:.0f} ms)")
    return results


def trace_open(app, doc, rid, centre, folder, size):
    """One more opening, traced: not in the figures, since tracing slows the page."""
    app.devtools.start_trace()
    result = open_once(app, doc, rid, centre)
    app.next_frames(2)
    events = app.devtools.end_trace()
    path = os.path.join(folder, f"editor-{size}-open.json")
    with open(path, "w") as file:
        json.dump({"traceEvents": events}, file)
    log(f"  traced one more opening into {path}")
    return {"file": path, "click_ms": result["click_ms"], "renderer_ms": trace_breakdown(events)}


# MARK: - Gestures

def metrics(app):
    return {m["name"]: m["value"] for m in app.cdp("Performance.getMetrics", {})["metrics"]}


METRIC_NAMES = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def gesture_origin(app, kind, rectangle_centre):
    """Where the pointer is for the gesture, in whole client pixels: the rectangle's centre
    (drag, and zoom about it), or the middle of the stage (pan)."""
    if kind == "pan":
        point = app.js("const b = document.getElementById('stage').getBoundingClientRect();"
                       "return {x: b.left + b.width / 2, y: b.top + b.height / 2};")
    else:
        point = app.js("return drawdocEditor.toScreen(arguments[0], arguments[1]);",
                       *rectangle_centre)
    return round(point["x"]), round(point["y"])


def gesture_cycle(kind, origin, steps, cycle):
    """The CDP events of one out-and-back cycle of `steps` steps each way, after which the
    gesture is where it began; successive cycles turn to another direction."""
    x0, y0 = origin
    if kind == "drag":
        dx, dy = [(4, 0), (0, 4), (-4, 0), (0, -4)][cycle % 4]
        return [{"type": "mouseMoved", "x": x0 + dx * k, "y": y0 + dy * k,
                 "button": "left", "buttons": 1}
                for k in list(range(1, steps + 1)) + list(range(steps - 1, -1, -1))]
    if kind == "pan":
        dx, dy = [(0, 6), (6, 0), (0, -6), (-6, 0)][cycle % 4]
        return [{"type": "mouseWheel", "x": x0, "y": y0, "deltaX": sign * dx,
                 "deltaY": sign * dy} for sign in [1] * steps + [-1] * steps]
    # zoom: Ctrl (modifiers 2) and the wheel, in then out; the next cycle out then in.
    first = -10 if cycle % 2 == 0 else 10
    return [{"type": "mouseWheel", "x": x0, "y": y0, "deltaX": 0, "deltaY": sign * first,
             "modifiers": 2} for sign in [1] * steps + [-1] * steps]


STEPS = 18


def send_paced(devtools, events, rate):
    """Sends `events` at `rate` a second, on time whatever the page does, each with its own
    time (`timestamp`, seconds since the epoch: the page's event.timeStamp), and waits for
    the answers; returns the times sent, in ms since the epoch. (A wheel event is answered
    before the page has handled it; see drain.)"""
    period = 1 / rate
    sent, times = [], []
    due = time.perf_counter()
    for event in events:
        pause = due - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        at = time.perf_counter()
        now = time.time()
        sent.append(devtools.send("Input.dispatchMouseEvent", {**event, "timestamp": now}))
        times.append(now * 1000)
        # On time; after a late one (this machine busy), at least half a period apart, so
        # that the page's times of the events tell them apart.
        due = max(due + period, at + period / 2)
    answers = devtools.wait(sent, 300)
    errors = [error for _, error in answers.values() if error]
    if errors:
        raise Failure(f"Input.dispatchMouseEvent failed: {errors[0]}")
    return times


def drain(app, last_sent, seconds=300):
    """Waits until the page has handled the event sent at `last_sent`, and two frames more."""
    wait("the page to handle every event sent", lambda: app.js(
        "return benchRecorder.newest() >= arguments[0] - 1;", last_sent),
        seconds=seconds, pause=0.05)
    app.next_frames(2)


def measure_gesture(app, kind, rectangle_centre, rid, options):
    """Bursts of the gesture's input: one out-and-back cycle at `options.rate` events a
    second each, then a wait until the page has handled all of it; bursts follow each
    other until `options.seconds` of input were sent or `options.budget` seconds passed
    (at least one burst). Returns the figures of all the bursts together."""
    origin = gesture_origin(app, kind, rectangle_centre)
    if kind == "drag":
        app.cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": origin[0],
                                              "y": origin[1]})
        app.cdp("Input.dispatchMouseEvent", {"type": "mousePressed", "x": origin[0],
                                              "y": origin[1], "button": "left", "buttons": 1,
                                              "clickCount": 1})
        if app.js("return drawdocEditor.selection();") != [rid]:
            raise Failure(f"pressing at the centre of {rid} did not select it")
    # Warm-up: a short cycle, not measured.
    app.js("benchRecorder.reset();")
    drain(app, send_paced(app.devtools, gesture_cycle(kind, origin, WARM_UP, 0),
                          options.rate)[-1])
    figures = {"sent": 0, "handled": 0, "frames": 0, "input_frames": 0, "bursts": 0,
               "frame_ms": [], "latency_ms": [], "time_match_ms": 0.0}
    before = metrics(app)
    started = time.perf_counter()
    while True:
        app.js("benchRecorder.reset();")
        sent_at = send_paced(app.devtools, gesture_cycle(kind, origin, STEPS,
                                                         figures["bursts"]), options.rate)
        drain(app, sent_at[-1])
        burst = burst_figures(app.js("return benchRecorder.take();"), sent_at)
        for key in ("sent", "handled", "frames", "input_frames"):
            figures[key] += burst[key]
        figures["frame_ms"] += burst["frame_ms"]
        figures["latency_ms"] += burst["latency_ms"]
        figures["time_match_ms"] = max(figures["time_match_ms"], burst["time_match_ms"])
        figures["bursts"] += 1
        if (figures["sent"] >= options.seconds * options.rate
                or time.perf_counter() - started >= options.budget):
            break
    figures["seconds"] = time.perf_counter() - started
    after = metrics(app)
    if options.trace:
        # One more burst, traced: not in the figures, since tracing slows the page.
        app.devtools.start_trace()
        app.js("benchRecorder.reset();")
        drain(app, send_paced(app.devtools, gesture_cycle(kind, origin, STEPS, 0),
                              options.rate)[-1])
        events = app.devtools.end_trace()
        traced = app.js("return benchRecorder.take();")
        traced_frames = len({i[3] for i in traced["inputs"] if i[0] in ("pointermove", "wheel")})
        path = os.path.join(options.trace, f"editor-{rectangles_count(app)}-{kind}.json")
        with open(path, "w") as file:
            json.dump({"traceEvents": events}, file)
        figures["trace"] = {"file": path, "frames": traced_frames,
                            "renderer_ms": trace_breakdown(events)}
        log(f"  traced one more burst into {path}")
    if kind == "drag":
        # Released where it was pressed, Ctrl held (2) so that an editor that snaps does
        # not pull the rectangle to a line nearby: it is where it was, no change is sent.
        app.cdp("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": origin[0],
                                              "y": origin[1], "button": "left", "buttons": 1,
                                              "modifiers": 2})
        app.cdp("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": origin[0],
                                              "y": origin[1], "button": "left", "buttons": 0,
                                              "clickCount": 1, "modifiers": 2})
    # The renderer's main thread over the bursts and the waits after them, per frame that
    # handled input (the frames without input in the waits add a little).
    figures["main_thread_ms_per_frame"] = {
        name: (after.get(name, 0) - before.get(name, 0)) * 1000 / figures["input_frames"]
        for name in METRIC_NAMES}
    return figures


def rectangles_count(app):
    return app.js("return drawdocEditor.drawing.rectangles.length;")


# What the renderer does in a frame, by the names of the trace's events. They nest: the
# frame's update (ProxyMain::BeginMainFrame) holds its PrePaint, Paint, Layerize and Commit;
# an EventDispatch holds the FunctionCall of its listener.
TRACE_NAMES = {"ProxyMain::BeginMainFrame": "frame update", "EventDispatch": "EventDispatch",
               "FunctionCall": "FunctionCall", "UpdateLayoutTree": "style",
               "Layout": "Layout", "PrePaint": "PrePaint", "Paint": "Paint",
               "Layerize": "Layerize", "Commit": "Commit", "HitTest": "HitTest",
               "MajorGC": "GC", "MinorGC": "GC", "V8.GC_SCAVENGER": "GC",
               "ParseHTML": "ParseHTML", "EvaluateScript": "EvaluateScript",
               "RunMicrotasks": "RunMicrotasks"}


def trace_breakdown(events):
    """What the page's renderer did in a trace, in ms: its main thread busy (the time of
    its top-level events), the events named above on it, and the raster tasks of its worker
    threads (RasterTask: drawing the tiles, in software here)."""
    threads = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
               and e.get("name") == "thread_name"
               and e.get("args", {}).get("name") == "CrRendererMain"}
    counts = {}
    for e in events:
        if (e.get("pid"), e.get("tid")) in threads and e.get("ph") == "X":
            counts[(e["pid"], e["tid"])] = counts.get((e["pid"], e["tid"]), 0) + 1
    if not counts:
        return {}
    main = max(counts, key=counts.get)
    totals = {"main thread busy": 0.0}
    reach = 0
    for e in sorted((e for e in events if e.get("ph") == "X" and "dur" in e),
                    key=lambda e: e["ts"]):
        if e["pid"] == main[0] and e["name"] == "RasterTask":
            totals["raster (workers)"] = totals.get("raster (workers)", 0) + e["dur"] / 1000
        if (e["pid"], e["tid"]) != main:
            continue
        end = e["ts"] + e["dur"]
        if end > reach:  # the part not inside an earlier event
            totals["main thread busy"] += (end - max(reach, e["ts"])) / 1000
            reach = end
        name = TRACE_NAMES.get(e["name"])
        if name:
            totals[name] = totals.get(name, 0) + e["dur"] / 1000
    return totals


def measure_idle(app, seconds=1.0):
    app.js("benchRecorder.reset();")
    time.sleep(seconds)
    frames = app.js("return benchRecorder.take().frames;")
    starts = [f[0] for f in frames]
    return [b - a for a, b in zip(starts, starts[1:])]


# MARK: - Jumps of the zoom: a fit and zoom keys, then a click

KEYS = {"fit": ("!", "Digit1", 49, 8), "in": ("=", "Equal", 187, 0), "out": ("-", "Minus", 189, 0),
        "escape": ("Escape", "Escape", 27, 0)}


def press(app, name):
    key, code, number, modifiers = KEYS[name]
    for kind in ("keyDown", "keyUp"):
        app.cdp("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                           "windowsVirtualKeyCode": number,
                                           "modifiers": modifiers})


def longest_frames(app, since):
    """From `since` (ms since the epoch) on: the longest interval between frames (their rAF
    callbacks), the longest wait of a key or a press until a frame showed it (Event
    Timing), and the longest task of the main thread, in ms."""
    record = app.js("return {frames: benchRecorder.frames, shown: benchRecorder.shown,"
                    " long: benchRecorder.long};")
    starts = [f[1] for f in record["frames"] if f[1] >= since]
    frame = max((b - a for a, b in zip(starts, starts[1:])), default=0.0)
    shown = max((d for name, at, d in record["shown"] if at >= since - 1
                 and name in ("keydown", "pointerdown", "pointerup", "click")), default=0.0)
    long = max((d for at, d in record["long"] if at >= since - 1), default=0.0)
    return {"frame_ms": frame, "shown_ms": shown, "task_ms": long,
            "longest_ms": max(frame, shown)}


def measure_jumps(app, rid, centre, runs):
    """`runs` rounds of: zoom in with = to 7× or more, then (fit) Shift+1 and a click on the
    rectangle, then (zoom) =, =, -, - a few frames apart and a click. Each round's figures
    are the longest frame from the key on until the click is shown and 2 frames more."""
    def epoch_now():
        return app.js("return performance.timeOrigin + performance.now();")

    def click_shown():
        point = app.js("return drawdocEditor.toScreen(arguments[0], arguments[1]);", *centre)
        click(app, round(point["x"]), round(point["y"]))
        if rid not in app.js("return drawdocEditor.selection();"):
            raise Failure(f"a click at the centre of {rid} did not select it")
        app.next_frames(2)
        # Event Timing reports an input once its frame was shown.
        time.sleep(0.3)

    rounds = []
    for _ in range(runs):
        press(app, "escape")
        app.js("window.scrollTo(0, 0);")
        for _ in range(40):
            if app.js("return drawdocEditor.zoom();") >= 7:
                break
            press(app, "in")
        if app.js("return drawdocEditor.zoom();") < 7:
            raise Failure("40 presses of = did not zoom in to 7×")
        time.sleep(1.0)  # the canvas is drawn at 7× (150 ms after the last key) and shown
        app.next_frames(3)
        since = epoch_now()
        press(app, "fit")
        app.next_frames(2)
        time.sleep(0.3)
        click_shown()
        fit = longest_frames(app, since)
        since = epoch_now()
        for name in ("in", "in", "out", "out"):
            press(app, name)
            app.next_frames(2)
            time.sleep(0.25)
        click_shown()
        zoom = longest_frames(app, since)
        rounds.append({"fit": fit, "zoom": zoom})
        log(f"  fit: longest frame {fit['longest_ms']:.0f} ms (between frames "
            f"{fit['frame_ms']:.0f}, key or click to its frame {fit['shown_ms']:.0f}, task "
            f"{fit['task_ms']:.0f}); zoom keys: {zoom['longest_ms']:.0f} ms "
            f"({zoom['frame_ms']:.0f}, {zoom['shown_ms']:.0f}, {zoom['task_ms']:.0f})")
    press(app, "escape")
    return rounds


# MARK: - Memory

def browser_processes(root_pid):
    """The pids of `root_pid`'s descendants, with their command lines."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as file:
                stat = file.read()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(name))
    found, todo = [], [root_pid]
    while todo:
        pid = todo.pop()
        for child in children.get(pid, []):
            try:
                with open(f"/proc/{child}/cmdline", "rb") as file:
                    command = file.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            found.append((child, command))
            todo.append(child)
    return found


def kilobytes(path, field):
    try:
        with open(path) as file:
            for line in file:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def measure_memory(app):
    app.cdp("HeapProfiler.collectGarbage", {})
    app.next_frames(2)
    values = metrics(app)
    counters = app.cdp("Memory.getDOMCounters", {})
    result = {"js_heap_used": values.get("JSHeapUsedSize"),
              "js_heap_total": values.get("JSHeapTotalSize"),
              "nodes": counters.get("nodes"), "documents": counters.get("documents"),
              "listeners": counters.get("jsEventListeners")}
    processes = browser_processes(app.driver.service.process.pid)
    renderers = [(pid, kilobytes(f"/proc/{pid}/status", "VmRSS")) for pid, command in processes
                 if "--type=renderer" in command]
    renderers = [(pid, rss) for pid, rss in renderers if rss is not None]
    if renderers:
        pid, rss = max(renderers, key=lambda item: item[1])
        result["renderer_rss"] = rss * 1024
        result["renderer_pid"] = pid
        result["renderers"] = len(renderers)
    pss = [kilobytes(f"/proc/{pid}/smaps_rollup", "Pss") for pid, _ in processes]
    pss = [value for value in pss if value is not None]
    if pss:
        result["browser_pss"] = sum(pss) * 1024
        result["processes"] = len(pss)
    return result


# MARK: - One size

def measure_size(app, size, parts, options):
    log(f"{size:,} rectangles: making the drawing")
    doc = app.run("new", "--title", f"editor bench {size}", "--random", str(size),
                  "--seed", str(SEED), "--width", str(CANVAS[0]),
                  "--height", str(CANVAS[1])).strip()
    rectangles = json.loads(app.run("open", doc, "--json"))["rectangles"]
    target, centre = pick_rectangle(app, doc, rectangles)
    result = {"size": size, "doc": doc, "rectangle": target["id"], "centre": centre}
    app.open_browser()
    try:
        if "open" in parts:
            log(f"{size:,} rectangles: opening the editor, {options.open_runs} run(s)")
            result["open"] = measure_open(app, doc, target["id"], centre, options.open_runs)
            if options.trace:
                result["open_trace"] = trace_open(app, doc, target["id"], centre,
                                                  options.trace, size)
        else:
            app.driver.get(f"{app.base}drawings/{doc}")
        wait("the editor", lambda: app.js(
            "return document.body.dataset.ready === 'true' && drawdocEditor.drawing !== null"
            " && !drawdocEditor.busy()"),
            seconds=120)
        time.sleep(0.5)  # the change stream connects meanwhile
        if app.js("return drawdocEditor.tool();") != "select":
            raise Failure("the editor did not open with the select tool")
        # Nothing selected, as the page opens (an opening run's click selected one).
        app.cdp("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Escape", "code": "Escape",
                                           "windowsVirtualKeyCode": 27})
        app.cdp("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Escape", "code": "Escape",
                                           "windowsVirtualKeyCode": 27})
        wait("nothing selected", lambda: app.js("return drawdocEditor.selection();") == [])
        app.js(RECORDER)
        app.next_frames(5)
        if "frames" in parts:
            result["zoom_at_start"] = app.js("return drawdocEditor.zoom();")
            result["idle_ms"] = measure_idle(app)
            version = app.js("return drawdocEditor.version;")
            for kind in options.gestures:
                log(f"{size:,} rectangles: {kind}, bursts of {2 * STEPS} events at "
                    f"{options.rate:g} a second, {options.seconds:g} s of them or "
                    f"{options.budget:g} s")
                time.sleep(0.3)
                figures = measure_gesture(app, kind, centre, target["id"], options)
                result[kind] = figures
                frame = summary(figures["frame_ms"])
                latency = summary(figures["latency_ms"])
                log(f"  {figures['sent']} events in {figures['bursts']} burst(s), "
                    f"{figures['seconds']:.1f} s: frame median {frame['median']:.1f} ms, "
                    f"p95 {frame['p95']:.1f} ms; input → next frame median "
                    f"{latency['median']:.1f} ms")
            # The gestures end where they began: the drawing is as it was.
            time.sleep(0.5)
            if app.js("return drawdocEditor.version;") != version:
                raise Failure("the gestures changed the drawing")
            zoom = app.js("return drawdocEditor.zoom();")
            if abs(zoom / result["zoom_at_start"] - 1) > 1e-6:
                raise Failure(f"the zoom came back to {zoom}, not {result['zoom_at_start']}")
        if "jumps" in parts:
            log(f"{size:,} rectangles: a fit from 7× and zoom keys, then a click, "
                f"{options.jump_runs} round(s)")
            result["jumps"] = measure_jumps(app, target["id"], centre, options.jump_runs)
        if "memory" in parts:
            result["memory"] = measure_memory(app)
            memory = result["memory"]
            log(f"{size:,} rectangles: JS heap {memory['js_heap_used'] / 1e6:.1f} MB, "
                f"{memory['nodes']} nodes, renderer RSS "
                f"{memory.get('renderer_rss', 0) / 1e6:.0f} MB")
    finally:
        app.close_browser()
    return result


# MARK: - The table

def ms(value):
    return f"{value:.1f} ms" if value is not None else "—"


def megabytes(value):
    return f"{value / 1e6:.1f} MB" if value is not None else "—"


def print_table(results, options):
    sizes = [r["size"] for r in results]
    header = ["editor (headless Chromium)"] + [f"{s:,}" for s in sizes] + ["goal", "met"]
    rows = []

    def row(label, cells, goal="", met=""):
        rows.append([label] + cells + [goal, met])

    def cell(result, *keys, fmt=ms):
        value = result
        for key in keys:
            if value is None:
                return "—"
            value = value.get(key) if isinstance(value, dict) else None
        return fmt(value) if value is not None else "—"

    if any("idle_ms" in r for r in results):
        row("idle frame interval, median",
            [ms(statistics.median(r["idle_ms"])) if r.get("idle_ms") else "—" for r in results])
    for kind, title in (("drag", "drag a rectangle"), ("pan", "pan (wheel)"),
                        ("zoom", "zoom (Ctrl+wheel)")):
        if not any(kind in r for r in results):
            continue
        stats = {r["size"]: {key: summary(r[kind][key]) for key in
                             ("frame_ms", "latency_ms")}
                 if kind in r else None for r in results}
        goals = [s for s in sizes if s in FRAME_GOALS]
        missed = [s for s in goals if stats[s] and
                  stats[s]["frame_ms"]["median"] > display_goal(FRAME_GOALS[s], results, s)]
        goal_text = ", ".join(f"≤ {FRAME_GOALS[s]:g} ms at {s // 1000} k" for s in goals)
        met = ("yes" if not missed else "NO (" + ", ".join(f"{s // 1000} k" for s in missed)
               + ")") if goals else ""
        row(f"{title}: frame time, median",
            [ms(stats[s]["frame_ms"]["median"]) if stats[s] else "—" for s in sizes],
            goal_text, met)
        row("  95th percentile",
            [ms(stats[s]["frame_ms"]["p95"]) if stats[s] else "—" for s in sizes])
        row("  input sent → the frame after it, median; p95",
            [f"{stats[s]['latency_ms']['median']:.1f}; {stats[s]['latency_ms']['p95']:.1f} ms"
             if stats[s] and stats[s]["latency_ms"] else "—" for s in sizes])
        row("  events sent; frames",
            [f"{r[kind]['sent']}; {r[kind]['frames']}" if kind in r else "—"
             for r in results])
        row("  main thread a frame: busy; script; style+layout; rest",
            [main_thread(r[kind]["main_thread_ms_per_frame"]) if kind in r else "—"
             for r in results])
    if any("open" in r for r in results):
        goals = [s for s in sizes if s in OPEN_GOALS]
        medians = {r["size"]: statistics.median(x["click_ms"] for x in r["open"])
                   for r in results if "open" in r}
        missed = [s for s in goals if s in medians and medians[s] >= OPEN_GOALS[s]]
        row(f"open → first accepted click, median of {options.open_runs}",
            [ms(medians.get(s)) for s in sizes],
            ", ".join(f"< {OPEN_GOALS[s] / 1000:g} s at {s // 1000} k" for s in goals),
            ("yes" if not missed else "NO (" + ", ".join(f"{s // 1000} k" for s in missed)
             + ")") if goals else "")
        row("  page ready (data-ready seen), median",
            [ms(statistics.median(x["ready_ms"] for x in r["open"])) if "open" in r else "—"
             for r in results])
        row("  picture whole (no longer busy), median",
            [ms(statistics.median(x.get("whole_ms", x["click_ms"]) for x in r["open"]))
             if "open" in r else "—" for r in results])
    if any("jumps" in r for r in results):
        for kind, title in (("fit", "a fit (Shift+1) from 7×, then a click"),
                            ("zoom", "zoom keys (=, =, -, -), then a click")):
            def jump(result, key, kind=kind):
                if "jumps" not in result:
                    return "—"
                return ms(statistics.median(r[kind][key] for r in result["jumps"]))
            longest = {r["size"]: statistics.median(x[kind]["longest_ms"] for x in r["jumps"])
                       for r in results if "jumps" in r}
            missed = [s for s in longest if s >= 100000 and longest[s] > JUMP_GOAL]
            goal = any(s >= 100000 for s in longest)
            row(f"{title}: longest frame, median of {options.jump_runs}",
                [jump(r, "longest_ms") for r in results],
                f"≤ {JUMP_GOAL:g} ms at 100 k" if goal else "",
                ("yes" if not missed else "NO") if goal else "")
            row("  between two frames", [jump(r, "frame_ms") for r in results])
            row("  a key or click until its frame is shown", [jump(r, "shown_ms") for r in results])
            row("  longest task of the main thread", [jump(r, "task_ms") for r in results])
    if any("memory" in r for r in results):
        row("memory: JS heap used (after GC)",
            [cell(r, "memory", "js_heap_used", fmt=megabytes) for r in results])
        row("  DOM nodes", [cell(r, "memory", "nodes", fmt=str) for r in results])
        row("  renderer process RSS",
            [cell(r, "memory", "renderer_rss", fmt=megabytes) for r in results])
        row("  all the browser's processes, PSS",
            [cell(r, "memory", "browser_pss", fmt=megabytes) for r in results])

    table = [header] + rows
    widths = [max(len(line[c]) for line in table) for c in range(len(header))]
    numeric = range(1, len(sizes) + 1)

    def line(cells):
        return "| " + " | ".join(cell.rjust(widths[c]) if c in numeric else
                                 cell.ljust(widths[c]) for c, cell in enumerate(cells)) + " |"
    print(line(header))
    print("| " + " | ".join(("-" * (w - 1) + ":") if c in numeric else "-" * w
                            for c, w in enumerate(widths)) + " |")
    for cells in rows:
        print(line(cells))


def print_comparison(before, results, options):
    """The figures of an older binary's run (its --json file) beside this run's."""
    older = {r["size"]: r for r in before["results"]}
    rows = []

    def figure(result, kind):
        if kind == "open":
            return statistics.median(x["click_ms"] for x in result["open"]) \
                if "open" in result else None
        if kind in ("fit", "zoom-keys"):
            key = "fit" if kind == "fit" else "zoom"
            return statistics.median(x[key]["longest_ms"] for x in result["jumps"]) \
                if "jumps" in result else None
        return statistics.median(result[kind]["frame_ms"]) if kind in result else None

    titles = (("open", "open → first accepted click"),
              ("fit", "longest frame: a fit from 7×, then a click"),
              ("zoom-keys", "longest frame: zoom keys, then a click"),
              ("drag", "drag: frame time, median"), ("pan", "pan: frame time, median"),
              ("zoom", "zoom (Ctrl+wheel): frame time, median"))
    for result in results:
        old = older.get(result["size"])
        if not old:
            continue
        for kind, title in titles:
            a, b = figure(old, kind), figure(result, kind)
            if a is None and b is None:
                continue
            rows.append(f"| {title} | {result['size']:,} | {ms(a)} | {ms(b)} |")
    if rows:
        print(f"\nBefore ({before.get('drawdoc', '?')}, load {' → '.join(before['load'])}) → "
              f"after (this run):\n")
        print("| editor (headless Chromium) | rectangles | before | after |")
        print("| --- | ---: | ---: | ---: |")
        for line in rows:
            print(line)


def main_thread(per_frame):
    """Busy; script; style and layout; the rest (paint, commit, …), in ms."""
    busy = per_frame["TaskDuration"]
    script = per_frame["ScriptDuration"]
    layout = per_frame["LayoutDuration"] + per_frame["RecalcStyleDuration"]
    return f"{busy:.1f}; {script:.1f}; {layout:.1f}; {busy - script - layout:.1f} ms"


def display_goal(goal, results, size):
    """A frame-time goal as the 60 Hz clock can show it: ≤ 16 ms is one display interval
    (16.7 ms), ≤ 33 ms two; the interval is the idle one measured in the same page."""
    result = next(r for r in results if r["size"] == size)
    idle = statistics.median(result["idle_ms"]) if result.get("idle_ms") else 1000 / 60
    intervals = round(goal / (1000 / 60))
    return intervals * idle * 1.02


def print_traces(results):
    """What the renderer did in the traced bursts and openings (--trace)."""
    traces = [(r["size"], kind, r[kind]["trace"]) for r in results
              for kind in ("drag", "pan", "zoom") if kind in r and "trace" in r[kind]]
    openings = [(r["size"], r["open_trace"]) for r in results if "open_trace" in r]
    if not traces and not openings:
        return
    print("\nTraced (events nest: Paint is part of the frame update, FunctionCall of "
          "EventDispatch), in ms:")
    for size, kind, trace in traces:
        frames = max(1, trace["frames"])
        parts = ", ".join(f"{name} {total / frames:.1f}"
                          for name, total in trace["renderer_ms"].items()
                          if total / frames >= 0.1)
        print(f"  {size:,} {kind}, a frame with input (of {trace['frames']}): {parts} "
              f"({os.path.basename(trace['file'])})")
    for size, trace in openings:
        parts = ", ".join(f"{name} {total:.0f}" for name, total in
                          trace["renderer_ms"].items() if total >= 1)
        print(f"  {size:,} opening, to the click at {trace['click_ms']:.0f} ms: {parts} "
              f"({os.path.basename(trace['file'])})")


# MARK: - Main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drawdoc", default=os.path.join(ROOT, ".build", "release", "drawdoc"),
                        help="the drawdoc binary (default .build/release/drawdoc)")
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="rectangle counts (default 1000,10000,100000)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="seconds of each gesture (default 2; --quick 1)")
    parser.add_argument("--budget", type=float, default=None,
                        help="no further burst of a gesture after this many seconds "
                             "(default 30; --quick 15)")
    parser.add_argument("--rate", type=float, default=120,
                        help="input events sent a second during a gesture (default 120)")
    parser.add_argument("--open-runs", type=int, default=None,
                        help="openings per size (default 3; --quick 1)")
    parser.add_argument("--gestures", default="drag,pan,zoom",
                        help="which gestures, of drag,pan,zoom (default all)")
    parser.add_argument("--parts", default="frames,open,jumps,memory",
                        help="which measurements, of frames,open,jumps,memory (default all)")
    parser.add_argument("--jump-runs", type=int, default=None,
                        help="rounds of a fit and zoom keys per size (default 3; --quick 1)")
    parser.add_argument("--quick", action="store_true", help="shorter gestures, one opening")
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--compare", metavar="FILE",
                        help="an older binary's --json file: prints its figures beside these")
    parser.add_argument("--trace", metavar="DIR",
                        help="after each gesture's figures, trace one more burst into "
                             "DIR/editor-SIZE-GESTURE.json (open it in DevTools' "
                             "Performance panel) and print what the main thread did")
    options = parser.parse_args()
    options.seconds = options.seconds or (1.0 if options.quick else 2.0)
    options.budget = options.budget or (15.0 if options.quick else 30.0)
    options.open_runs = options.open_runs or (1 if options.quick else 3)
    options.jump_runs = options.jump_runs or (1 if options.quick else 3)
    options.gestures = options.gestures.split(",")
    if not set(options.gestures) <= {"drag", "pan", "zoom"}:
        parser.error(f"--gestures takes drag, pan and zoom, not {','.join(options.gestures)}")
    parts = set(options.parts.split(","))
    if not parts <= {"frames", "open", "jumps", "memory"}:
        parser.error(f"--parts takes frames, open, jumps and memory, not {options.parts}")
    sizes = [int(size) for size in options.sizes.split(",")]
    if not os.access(options.drawdoc, os.X_OK):
        print(f"editor_bench.py: no drawdoc at {options.drawdoc}: swift build -c release first",
              file=sys.stderr)
        return 1
    browser, driver_path, missing = find_tools()
    if missing:
        print(f"editor_bench.py: {missing}", file=sys.stderr)
        print(f"\nThe editor's rows are left out: {missing}")
        return 2

    if options.trace:
        os.makedirs(options.trace, exist_ok=True)
    started = time.time()
    load_at_start = loadavg()
    folder = tempfile.mkdtemp(prefix="drawdoc-editor-bench-")
    results, failed, app = [], None, None
    try:
        app = App(options.drawdoc, browser, driver_path, folder)
        for size in sizes:
            results.append(measure_size(app, size, parts, options))
    except Failure as error:
        log(f"FAILED: {error}")
        failed = str(error)
    finally:
        if app:
            app.close()
        shutil.rmtree(folder, ignore_errors=True)
    load_at_end = loadavg()
    print("")
    if results:
        print_table(results, options)
    if failed:
        print(f"\na measurement failed: {failed}")
    version = subprocess.run([options.drawdoc, "--version"], capture_output=True,
                             text=True).stdout.strip()
    chromium = subprocess.run([browser, "--version"], capture_output=True,
                              text=True).stdout.strip()
    print("")
    print(f"editor section measured in {time.time() - started:.0f} s with {version}, "
          f"{chromium}; 1-minute load average {load_at_start} at the start, {load_at_end} at "
          "the end")
    print_traces(results)
    if options.compare and os.path.exists(options.compare):
        with open(options.compare) as file:
            print_comparison(json.load(file), results, options)
    if options.json:
        with open(options.json, "w") as file:
            json.dump({"sizes": sizes, "results": results, "failed": failed,
                       "load": [load_at_start, load_at_end], "drawdoc": version,
                       "chromium": chromium, "seconds": options.seconds,
                       "rate": options.rate, "started": started}, file, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
