"""The server benchmark's measurements on one binary (`Pass`), and those made on every
binary with their rounds alternating (`measure`)."""
import os
import shutil
import statistics
import subprocess
import threading
import time

from serve_http import (Client, EventStream, Failure, StaleConnection, log, median, now,
                        percentile, select_)
from serve_load import Attack, HeavyLoad, heavy_requests
from serve_server import (Sampler, Server, fsyncs_per_second, normal_requests, read_drawing,
                          run_command, timed_process)


# MARK: - The measurements on one binary

class Pass:
    """Everything measured on one binary: its store, its server, its figures."""

    def __init__(self, name, binary, options, folder):
        self.name, self.binary, self.options = name, binary, options
        self.folder = folder
        self.store = os.path.join(folder, "store")
        self.env = dict(os.environ, TZ="UTC", DRAWDOC_STORE=self.store)
        self.env.pop("DRAWDOC_LOG", None)
        self.sized = {}  # size → row key → value
        self.figures = {}  # row key → value
        self.failed = []
        self.broken = False
        self.server = None
        self.stream = None
        self.drawings = {}
        self.writers_doc = None
        self.heavy_doc = None

    def size_row(self, size, key, value):
        self.sized.setdefault(size, {})[key] = value

    def guard(self, what, action, *arguments):
        """Runs a step unless an earlier one failed; a failure ends this binary's
        measurements (the other's go on) and is reported."""
        if self.broken:
            return None
        try:
            return action(*arguments)
        except Exception as error:  # noqa: BLE001 — reported, and the run fails
            if not isinstance(error, Failure):
                import traceback
                traceback.print_exc()
            log(f"[{self.name}] FAILED in {what}: {error}")
            if self.server is not None:
                for line in self.server.lines[-10:]:
                    log(f"  server: {line}")
            self.failed.append(f"{what}: {error}")
            self.broken = True
            return None

    def prepare(self):
        """The store and its drawings, and each drawing as a file for `convert`."""
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        log(f"[{self.name}] {self.binary}: making the drawings")
        for size in self.options.sizes:
            self.drawings[size] = run_command(self.binary, [
                "new", "--store", self.store, "--title", f"bench {size}", "--random", str(size),
                "--seed", str(size % 97 + 1)], self.env).strip()
            run_command(self.binary, ["export", self.drawings[size], "-o", self.document(size),
                                      "--store", self.store], self.env)
        if self.options.writers_and_attack:
            self.writers_doc = run_command(self.binary, [
                "new", "--store", self.store, "--title", "writers", "--random", "1000",
                "--seed", "11"], self.env).strip()
        if self.options.heavy:
            count = self.options.heavy_rectangles
            log(f"[{self.name}] making the heavy drawing of {count:,} rectangles")
            self.heavy_doc = run_command(self.binary, [
                "new", "--store", self.store, "--title", "heavy", "--random", str(count),
                "--seed", "9"], self.env, timeout=1800).strip()
            self.figures["heavy file"] = os.path.getsize(
                os.path.join(self.store, "drawings", f"{self.heavy_doc}.svg"))

    def document(self, size):
        return os.path.join(self.folder, f"r-{size}.svg")

    def convert(self, size):
        """One run of `drawdoc convert r.svg out.svg`: the reference."""
        return timed_process([self.binary, "convert", self.document(size),
                              os.path.join(self.folder, "out.svg")], self.env)

    def fsync(self):
        self.figures["fsync"] = fsyncs_per_second(self.store, self.options.fsync_seconds)

    def start(self):
        self.server = Server(self.binary, self.store, self.env)
        self.figures["open files limit"] = self.server.open_files_limit()
        self.server.handshake()
        log(f"[{self.name}] serving on port {self.server.port}")
        self.stream = EventStream(self.server.credentials)

    def stop(self):
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.server is not None:
            if not self.server.alive() and not self.broken:
                self.failed.append(f"the server ended by itself (status "
                                   f"{self.server.process.returncode})")
            self.figures["VmHWM"] = self.server.status().get("VmHWM")
            self.server.stop()


    # 4: changes a second from writers, and none lost.

    def writers(self):
        doc = self.writers_doc
        options = self.options
        count, seconds = options.writers, options.write_seconds
        log(f"[{self.name}] {count} writers on 1,000 rectangles for {seconds:g} s")
        start_version, rectangles = read_drawing(self.server.credentials, doc)
        ids = [rect for rect, _ in rectangles]
        each = min(25, len(ids) // count)
        results = [None] * count
        barrier = threading.Barrier(count + 1)
        stop_at = [None]

        def write(w):
            mine = ids[w * each:(w + 1) * each]
            client = Client(self.server.credentials)
            last, accepted, conflicts, refused, errors, waits = {}, 0, 0, {}, 0, []
            version = start_version
            k = 0
            try:
                try:
                    client.connect()
                finally:
                    barrier.wait()
                while now() < stop_at[0]:
                    rect = mine[k % len(mine)]
                    value = 100 + (k // len(mine)) % 700 + 0.5
                    k += 1
                    while True:  # the same edit until it is taken, or the time is up
                        try:
                            response, sent, answered = client.request(
                                "POST", f"/api/drawings/{doc}/edits",
                                {"edits": [{"set": rect, "to": {"x": f"{value}"}}]})
                        except OSError:
                            errors += 1
                            client.close()
                            if now() > stop_at[0] + 30:
                                break
                            time.sleep(0.05)
                            continue
                        data = response.json() or {}
                        if response.status == 200:
                            accepted += 1
                            version = data.get("version", version)
                            last[rect] = value
                            waits.append(answered - sent)
                            break
                        if response.status == 409 and "version" in data:
                            conflicts += 1
                            version = data["version"]
                            continue
                        refused[response.status] = refused.get(response.status, 0) + 1
                        if now() > stop_at[0] + 30:
                            break
                        time.sleep(0.05)
                results[w] = {"last": last, "accepted": accepted, "conflicts": conflicts,
                              "refused": refused, "errors": errors, "waits": waits,
                              "done": now()}
            except Exception as error:  # noqa: BLE001 — reported, not hidden
                results[w] = {"error": repr(error)}
            finally:
                client.close()

        threads = [threading.Thread(target=write, args=(w,), daemon=True) for w in range(count)]
        for thread in threads:
            thread.start()
        started = now()
        stop_at[0] = started + seconds
        barrier.wait()
        started = now()
        stop_at[0] = started + seconds
        for thread in threads:
            thread.join()
        broken = [r["error"] for r in results if "error" in r]
        if broken:
            raise Failure(f"a writer failed: {broken[0]}")
        ended = max(r["done"] for r in results)
        accepted = sum(r["accepted"] for r in results)
        # What the server kept.
        final_version, rectangles = read_drawing(self.server.credentials, doc)
        shown = dict(rectangles)
        lost = [(rect, value, shown.get(rect)) for r in results for rect, value in
                r["last"].items() if shown.get(rect) is None or
                abs(float(shown[rect]) - value) > 1e-9]
        refused = {}
        for r in results:
            for status, n in r["refused"].items():
                refused[status] = refused.get(status, 0) + n
        self.figures.update({
            "writers rate": accepted / (ended - started),
            "writers accepted": accepted,
            "writers conflicts": sum(r["conflicts"] for r in results),
            "writers refused": refused,
            "writers errors": sum(r["errors"] for r in results),
            "writers wait": median([w for r in results for w in r["waits"]]),
            "writers wait mean": statistics.fmean([w for r in results for w in r["waits"]])
            if accepted else None,
            "writers wait p99": percentile([w for r in results for w in r["waits"]], 0.99)
            if accepted else None,
            "writers lost": len(lost),
            "writers versions": final_version - start_version,
            "writers checked": sum(len(r["last"]) for r in results),
        })
        for rect, value, seen in lost[:5]:
            log(f"  lost: x of {rect} should be {value}, the drawing shows {seen}")
        if lost:
            self.failed.append(f"{len(lost)} of the writers' changes lost")

    # 6: ten heavy requests at once.

    def heavy(self):
        options = self.options
        seconds = options.heavy_seconds
        log(f"[{self.name}] ten heavy requests at once for {seconds:g} s, and GET "
            f"/api/drawings every 50 ms meanwhile")
        load, sampler, (by_path, failures, made), _ = self.under_load(
            lambda: HeavyLoad(self.server.credentials, heavy_requests(self.heavy_doc)),
            lambda load: load.stop(120), lambda load: load.stopping.set(),
            seconds=seconds, timeout=60, paths=("/api/drawings", "/api/session"))
        answers = {}
        for (what, outcome), count in load.answers.items():
            answers.setdefault(what, {})[outcome] = count
        latencies, session = by_path["/api/drawings"], by_path["/api/session"]
        self.figures.update({
            "heavy": median(latencies),
            "heavy p99": percentile(latencies, 0.99) if latencies else None,
            "heavy slowest": max(latencies) if latencies else None,
            "heavy session": median(session),
            "heavy session p99": percentile(session, 0.99) if session else None,
            "heavy made": made,
            "heavy answered": len(latencies) + len(session),
            "heavy failures": failures,
            "heavy rss": sampler.peak_rss,
            "heavy hwm": self.server.status().get("VmHWM"),
            "heavy answers": answers,
            "heavy times": {what: median(times) for what, times in load.times.items()},
        })
        log(f"  heavy answers: {answers}")

    # 1: the normal request, alone and under attack.

    def reference(self):
        log(f"[{self.name}] GET /api/drawings on fresh connections, no attack")
        latencies, failures, made = normal_requests(self.server.credentials,
                                                    count=self.options.reference_requests)
        self.figures["reference"] = median(latencies)
        self.figures["reference p99"] = percentile(latencies, 0.99) if latencies else None
        self.figures["reference made"] = made
        self.figures["reference failures"] = failures

    def under_load(self, start, stop, abandon, **requests):
        """`normal_requests(**requests)` while the load that `start()` makes runs, the
        server's memory sampled meanwhile; then `stop(load)`, or `abandon(load)` on a failure.
        Returns the load, the sampler, what the requests gave and what `stop` gave."""
        sampler = Sampler(self.server)
        load = None
        stopped = False
        try:
            load = start()
            measured = normal_requests(self.server.credentials, **requests)
            result = stop(load)
            stopped = True
        finally:
            if load is not None and not stopped:
                abandon(load)
            sampler.stop()
        return load, sampler, measured, result

    def attack(self):
        options = self.options
        log(f"[{self.name}] attack: {options.idle} idle, {options.slow} slow-loris, "
            f"{options.streams} event streams; then {options.attack_seconds:g} s of requests")

        def start():
            attack = Attack(self.server, options)
            log(f"  attack ready: {attack.ready['held']}")
            return attack
        _, sampler, (latencies, failures, made), held = self.under_load(
            start, lambda attack: attack.stop(), lambda attack: attack.stop(),
            seconds=options.attack_seconds)
        self.figures.update({
            "attack": median(latencies),
            "attack p99": percentile(latencies, 0.99) if latencies else None,
            "attack made": made,
            "attack answered": len(latencies),
            "attack share": len(latencies) / made if made else None,
            "attack failures": failures,
            "attack rss": sampler.peak_rss,
            "attack threads": sampler.peak_threads,
            "attack held": (held or {}).get("held", {}),
            "attack cut": (held or {}).get("cut", {}),
            "attack answers": (held or {}).get("answers", {}),
            "attack connects": (held or {}).get("connects"),
            "attack connect errors": (held or {}).get("connect_errors", {}),
            "attack stream events": (held or {}).get("stream_events"),
        })
        log(f"  attack ended: {self.figures['attack held']}")


class EditRounds:
    """2 and 3: an edit (one rectangle's x, `POST …/edits`), its answer, its event on the
    stream opened before, then `…/changes?since=V-1`, one round at a time."""

    def __init__(self, run, size):
        self.run, self.size = run, size
        self.doc = run.drawings[size]
        self.version, rectangles = read_drawing(run.server.credentials, self.doc)
        self.rectangles = [rect for rect, _ in rectangles]
        self.client = Client(run.server.credentials)
        self.acks, self.events, self.gaps, self.changes = [], [], [], []
        self.missing = 0

    def round(self, index):
        stream, client, doc, size = self.run.stream, self.client, self.doc, self.size
        rect = self.rectangles[(index * 7919) % len(self.rectangles)]
        edit = {"edits": [{"set": rect, "to": {"x": f"{100 + index % 700}.25"}}]}
        path = f"/api/drawings/{doc}/edits"
        seen = len(stream.events)
        sent = client.send("POST", path, edit)
        reply = None
        deadline = sent + 120
        while reply is None:
            readable, _, _ = select_([client.sock, stream], deadline - now())
            if not readable:
                raise Failure(f"edit at {size}: no answer within 120 s")
            if stream in readable:
                stream.pump()
            if client.sock in readable:
                try:
                    reply = client.receive_some()
                except StaleConnection:  # closed while idle: the request never reached it
                    client.connect()
                    seen = len(stream.events)
                    sent = client.send("POST", path, edit)
                answered = now()
        if reply.status != 200:
            raise Failure(f"POST {path} at {size} was answered {reply.status}: "
                          f"{reply.body[:200]!r}")
        version = self.version = reply.json()["version"]
        heard = stream.wait(lambda name, data: data.get("id") == doc
                            and data.get("version") == version, 10, seen)
        if heard is None:
            self.missing += 1
            log(f"  no event for version {version} of {doc} within 10 s")
        since = f"/api/drawings/{doc}/changes?since={version - 1}"
        response, asked, got = client.request("GET", since)
        if response.status != 200:
            raise Failure(f"GET {since} was answered {response.status}: "
                          f"{response.body[:200]!r}")
        if index > 0:  # the first one warms up
            self.acks.append(answered - sent)
            self.changes.append(got - asked)
            if heard is not None:
                self.events.append(heard - sent)
                self.gaps.append(heard - answered)

    def finish(self):
        self.client.close()
        run, size = self.run, self.size
        run.size_row(size, "ack", median(self.acks))
        run.size_row(size, "ack p99", percentile(self.acks, 0.99) if self.acks else None)
        run.size_row(size, "event", median(self.events))
        run.size_row(size, "event p99", percentile(self.events, 0.99) if self.events else None)
        run.size_row(size, "gap", median(self.gaps))
        run.size_row(size, "changes", median(self.changes))
        run.size_row(size, "edit rounds", len(self.acks))
        run.size_row(size, "events missing", self.missing)
        if self.missing:
            run.failed.append(f"{self.missing} events of edits missing at {size}")


class SetRounds:
    """5: `drawdoc set DOC RECT --x X`, a process, until its event is on the stream."""

    def __init__(self, run, size):
        self.run, self.size = run, size
        self.doc = run.drawings[size]
        _, rectangles = read_drawing(run.server.credentials, self.doc)
        self.rectangles = [rect for rect, _ in rectangles]
        self.latencies = []
        self.missing = 0

    def round(self, index):
        run, doc, stream = self.run, self.doc, self.run.stream
        rect = self.rectangles[(index * 104729 + 3) % len(self.rectangles)]
        seen = len(stream.events)
        started = now()
        process = subprocess.Popen([run.binary, "set", doc, rect, "--x", f"{100 + index % 700}.75",
                                    "--store", run.store], env=run.env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        # Nothing else changes this drawing meanwhile: its next event is this one.
        heard = stream.wait(lambda name, data: data.get("id") == doc, 30, seen)
        _, error = process.communicate(timeout=120)
        if process.returncode != 0:
            raise Failure(f"drawdoc set at {self.size} failed: {error.strip()[:300]}")
        if heard is None:
            self.missing += 1
            log(f"  no event for drawdoc set of {rect} in {doc} within 30 s")
        elif index > 0:
            self.latencies.append(heard - started)

    def finish(self):
        run, size = self.run, self.size
        run.size_row(size, "set", median(self.latencies))
        run.size_row(size, "set rounds", len(self.latencies))
        if self.missing:
            run.size_row(size, "events missing",
                         run.sized.get(size, {}).get("events missing", 0) + self.missing)
            run.failed.append(f"{self.missing} events of drawdoc set missing at {size}")


def alternate(runs, what, make, rounds):
    """`rounds` rounds and a warm-up of each binary's measurement, their rounds alternating,
    the order swapped every round, so that both share the machine as it comes and goes."""
    measurements = []
    for run in runs:
        made = run.guard(f"{what} (setting up)", make, run)
        measurements.append((run, made))
    for index in range(rounds + 1):
        order = measurements if index % 2 == 0 else measurements[::-1]
        for run, measurement in order:
            if measurement is not None:
                run.guard(what, measurement.round, index)
        time.sleep(0.02 + (index * 13 % 30) / 1000)
    for run, measurement in measurements:
        if measurement is not None:
            run.guard(what, measurement.finish)


def measure(runs, options):
    """Every measurement, on every binary: those by size with the binaries' rounds
    alternating, the others one binary after the other."""
    for run in runs:
        run.guard("making the drawings", run.prepare)
    for size in (options.sizes if options.writers_and_attack else []):
        rounds = options.convert_rounds if size < 100_000 else options.convert_rounds_large
        log(f"convert r.svg out.svg at {size}: {rounds} runs and a warm-up of each binary")
        times = {run.name: [] for run in runs}
        for index in range(rounds + 1):
            for run in (runs if index % 2 == 0 else runs[::-1]):
                elapsed = run.guard(f"convert at {size}", run.convert, size)
                if elapsed is not None and index > 0:
                    times[run.name].append(elapsed)
        for run in runs:
            run.size_row(size, "convert", median(times[run.name]))
    try:
        for run in runs:
            run.guard("starting the server", run.start)
        for size in (options.sizes if options.writers_and_attack else []):
            rounds = options.rounds if size < 100_000 else options.rounds_large
            log(f"edits at {size}: {rounds} rounds and a warm-up")
            alternate(runs, f"edits at {size}", lambda run: EditRounds(run, size), rounds)
            rounds = options.set_rounds if size < 100_000 else options.set_rounds_large
            log(f"drawdoc set at {size}: {rounds} rounds and a warm-up")
            alternate(runs, f"drawdoc set at {size}", lambda run: SetRounds(run, size), rounds)
        for run in (runs if options.writers_and_attack else []):
            log(f"[{run.name}] fsyncs a second in the store's folder "
                f"({options.fsync_seconds:g} s)")
            run.guard("fsyncs a second", run.fsync)
            run.guard("the writers", run.writers)
        for run in (runs if options.writers_and_attack else []):
            run.guard("the request without attack", run.reference)
            if options.attack:
                run.guard("the attack", run.attack)
        # Last: it leaves the servers' memory high.
        for run in (runs if options.heavy else []):
            run.guard("ten heavy requests", run.heavy)
    finally:
        for run in runs:
            run.stop()
