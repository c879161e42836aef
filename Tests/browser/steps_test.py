"""The page's mirror of the server's edit steps agrees with the server. In the editor page, the
page's own module (`/assets/pagedrawing.js`) applies each edit with `applySteps` to a copy of
the drawing's rectangles, and the same steps go to `POST /api/drawings/ID/edits` through
`drawdocEditor.api`; after each edit the file (`drawdoc open --json`) must hold the page's
result: the same rectangles in the same z-order, with the same fields, and the same title.

The corner cases of each step, written by hand, are the corpus in Tests/EditSteps, which
EditStepCorpusTests runs against the server and Tests/page/steps.test.mjs against the page's
module; this test is the end-to-end check, in a browser against a served drawing.

The edits: a seeded random series (`--seed`, `--edits`) of mixed steps: set (with and without
`was`), shift (alpha past 1 and 10), add (with and without id and `at`, in runs whose `at`s
ascend, repeat or pass the top; a few with fields left to the server's factory, whose id and
place only are compared), remove (runs of several), place, order, rename and arrange. After
about a third of the edits the answer's `undo` is applied both ways, and must bring back the
drawing before the edit; its own answer's undo, now and then, makes the edit again.

Run: python3 -m pytest Tests/browser/steps_test.py [-k NAME] [--drawdoc PATH] [--seed N] [--edits N]
"""
import json
import random
import sys

try:
    import selenium  # noqa: F401  (the browser is driven through it)
except ImportError:
    sys.exit("steps_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from served_app import Failure  # noqa: E402
from editor_actions import Store, open_editor  # noqa: E402

FIELDS = ("x", "y", "width", "height", "color", "alpha")
TOP = 999_999_999  # the largest z-index the API takes
KINDS = ("set", "shift", "add", "remove", "place", "order", "arrange", "rename")
# The page's module on a copy of the drawing, kept in the page between edits.
SETUP = """const done = arguments[arguments.length - 1];
import('/assets/pagedrawing.js').then((module) => {
  const rects = arguments[0];
  window.stepsMirror = { applySteps: module.applySteps, rects, title: arguments[1],
                         index: new Map(rects.map((r, at) => [r.id, at])) };
  done(true);
}, (error) => done(String(error)));"""
# One edit both ways: the page's applySteps on its copy, then the server. The ids the page made
# for additions without one take the ids the server made (its `added`, in the same order).
APPLY = """const done = arguments[arguments.length - 1];
const steps = arguments[0];
(async () => {
  const m = window.stepsMirror;
  const before = new Set(m.index.keys());
  const named = new Set(steps.filter((s) => s.add && s.add.id).map((s) => s.add.id));
  const { touched, title } = m.applySteps(m.rects, m.index, structuredClone(steps));
  if (title !== undefined) m.title = title;
  const made = [...touched].filter((id) => !before.has(id) && !named.has(id) && m.index.has(id));
  const answer = await drawdocEditor.api('POST', `/api/drawings/${drawdocEditor.id}/edits`,
                                         { edits: steps });
  const added = answer.ok ? answer.data.added.filter((id) => !named.has(id)) : [];
  made.forEach((id, k) => {
    const at = m.index.get(id);
    m.index.delete(id);
    m.rects[at] = { ...m.rects[at], id: added[k] };
    m.index.set(added[k], at);
  });
  return { answer, rects: m.rects, title: m.title, made: made.length, added };
})().then(done, (error) => done({ error: String(error && error.stack || error) }));"""
# Gives the page's copy the file's values of rectangles whose fields the factory chose.
SYNC = """const m = window.stepsMirror;
for (const r of arguments[0]) {
  const at = m.index.get(r.id);
  if (at !== undefined) m.rects[at] = r;
}"""


def new_id(rng):
    text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(9))
    return f"{text[:3]}-{text[3:6]}-{text[6:]}"


def value(rng, field):
    """A value for a field, as a page sends it: a number, now and then a half or as text."""
    if field == "color":
        return f"#{rng.randrange(1 << 24):06x}"
    if field == "alpha":
        return rng.randint(1, 10)
    number = rng.randint(1, 300) if field in ("width", "height") else rng.randint(-50, 950)
    if rng.random() < 0.2:
        return number + 0.5
    return str(number) if rng.random() < 0.1 else number


def drawing(file):
    """What an undo must bring back of a drawing's JSON form: its title and rectangles."""
    return file["title"], file["rectangles"]


def factory_filled(step):
    """Whether an add step leaves fields to the server's factory."""
    return len(step["add"]) - ("id" in step["add"]) < len(FIELDS)


def z_indexes(rng, count, n):
    """`count` z-indexes for a run of additions or an arrangement: ascending, repeating, past
    the top, in any order, or (None) not given."""
    mode = rng.choice(("ascending", "equal", "random", "none", "mixed", "past"))
    start = rng.randint(0, n + 2)
    if mode == "ascending":
        return sorted(start + rng.randint(0, 4) for _ in range(count))
    if mode == "equal":
        return [start] * count
    if mode == "past":
        return sorted(rng.choice((n, n + 1, n + 7, TOP)) for _ in range(count))
    if mode == "none":
        return [None] * count
    return [rng.choice((None, rng.randint(0, n + 3))) if mode == "mixed"
            else rng.randint(0, n + 3) for _ in range(count)]


class Series:
    """The random edits, made from the drawing as the last check read it."""

    def __init__(self, rng):
        self.rng = rng

    def edit(self, rects, title):
        rng, n = self.rng, len(rects)
        ids = [r["id"] for r in rects]
        by_id = {r["id"]: r for r in rects}
        # A rectangle's values are changed at most once an edit, so that `was` holds what the
        # server finds; one rename an edit, for the same reason.
        valued, renamed, steps, partial = set(), False, [], []
        kinds = ["set", "shift", "add", "remove", "place", "order", "rename", "arrange"]
        weights = [3, 3, 4 if n < 25 else 2, 1 if n < 15 else 3, 2, 2, 1, 2]
        for _ in range(rng.randint(1, 5)):
            kind = rng.choices(kinds, weights)[0]
            free = [i for i in ids if i not in valued]
            if kind in ("set", "shift") and free:
                r = by_id[rng.choice(free)]
                valued.add(r["id"])
                if kind == "set":
                    names = rng.sample(FIELDS, rng.randint(1, 3))
                    step = {"set": r["id"], "to": {f: value(rng, f) for f in names}}
                    if rng.random() < 0.5:
                        step["was"] = {f: r[f] for f in names}
                else:
                    by = {}
                    for f in rng.sample(("x", "y", "width", "height", "alpha"), rng.randint(1, 3)):
                        by[f] = rng.randint(-12, 12) if f == "alpha" else rng.randint(-40, 40)
                        if f in ("width", "height"):
                            by[f] = max(by[f], 1 - r[f])
                        elif f != "alpha" and rng.random() < 0.2:
                            by[f] += 0.5
                    step = {"shift": r["id"], "by": by}
                steps.append(step)
            elif kind == "add":
                count = rng.randint(1, 4)
                for z in z_indexes(rng, count, n):
                    fields = {f: value(rng, f) for f in FIELDS}
                    if rng.random() < 0.12:  # fields left to the factory
                        fields = {f: fields[f] for f in rng.sample(FIELDS, rng.randint(0, 4))}
                    if rng.random() < 0.6:
                        fields["id"] = new_id(rng) if rng.random() > 0.05 or not ids else \
                            rng.choice(ids)  # an id already there: both leave it
                    step = {"add": fields} if z is None else {"add": fields, "at": z}
                    if factory_filled(step):
                        partial.append(step)
                    steps.append(step)
            elif kind == "remove" and ids:
                for rid in rng.sample(ids, rng.randint(1, min(5, n))) + (
                        [new_id(rng)] if rng.random() < 0.2 else []):
                    step = {"remove": rid}
                    if rid in by_id and rid not in valued and rng.random() < 0.3:
                        step["was"] = {f: by_id[rid][f] for f in FIELDS}
                    valued.add(rid)
                    steps.append(step)
            elif kind == "place" and ids:
                steps.append({"place": rng.choice(ids), "at": rng.choice(
                    (rng.randint(0, n - 1), 0, n - 1, n + rng.randint(0, 5), TOP))})
            elif kind == "order" and ids:
                chosen = rng.sample(ids, rng.randint(1, min(6, n)))
                steps.append({"order": chosen + ([new_id(rng)] if rng.random() < 0.1 else []),
                              "to": rng.choice(("front", "forward", "backward", "back"))})
            elif kind == "arrange" and ids:
                chosen = rng.sample(ids, rng.randint(1, min(6, n)))
                chosen += [rng.choice(chosen)] if rng.random() < 0.15 else []  # listed twice
                chosen += [new_id(rng)] if rng.random() < 0.1 else []  # not there
                zs = [rng.randint(0, n + 3) if z is None else z
                      for z in z_indexes(rng, len(chosen), n)]
                steps.append({"arrange": [[rid, z] for rid, z in zip(chosen, zs)]})
            elif kind == "rename" and not renamed:
                renamed = True
                step = {"rename": f"Steps {rng.randint(1, 999)}"}
                if rng.random() < 0.5:
                    step["was"] = title
                steps.append(step)
        return steps, partial


def test_steps_agree(session):
    """The seeded series, each edit applied by the page's module and by the server."""
    options, driver, server = session.options, session.driver, session.server
    store = Store(options.drawdoc, session.env)
    rng = random.Random(options.seed)
    print(f"  seed {options.seed}", flush=True)
    doc = store.run("new", "--title", "Steps", "--width", "1000", "--height", "800",
                    "--random", "25", "--seed", "3").strip()
    open_editor(driver, server.base, doc)
    file = json.loads(store.run("open", doc, "--json"))
    if driver.execute_async_script(SETUP, file["rectangles"], file["title"]) is not True:
        raise Failure("the page's module pagedrawing.js cannot be imported")
    counts = {}
    done = {"edits": 0, "undone": 0, "redone": 0}

    def both(steps, partial=(), what="an edit"):
        """Applies `steps` both ways; checks the file against the page; returns the file
        and the answer."""
        got = driver.execute_async_script(APPLY, steps)
        if "error" in got or not got["answer"]["ok"]:
            raise Failure(f"{what} failed: {got.get('error') or got['answer']}; steps {steps}")
        named = [s["add"]["id"] for s in partial if "id" in s["add"]]
        idless = [s for s in steps if "add" in s and "id" not in s["add"]]
        factory = set(named) | {rid for s, rid in zip(idless, got["added"]) if s in partial}
        if got["made"] != len(got["added"]):
            raise Failure(f"{what}: the page added {got['made']} without ids, the server "
                          f"{got['added']}; steps {steps}")
        now = json.loads(store.run("open", doc, "--json"))
        mine = got["rects"]
        if [r["id"] for r in now["rectangles"]] != [r["id"] for r in mine]:
            raise Failure(f"{what}: the z-order differs: file "
                          f"{[r['id'] for r in now['rectangles']]}, page "
                          f"{[r['id'] for r in mine]}; steps {steps}")
        for theirs, ours in zip(now["rectangles"], mine):
            if theirs["id"] not in factory and any(theirs[f] != ours.get(f) for f in FIELDS):
                raise Failure(f"{what}: file {theirs}, page {ours}; steps {steps}")
        if now["title"] != got["title"]:
            raise Failure(f"{what}: title {now['title']!r}, page {got['title']!r}; {steps}")
        driver.execute_script(SYNC, [r for r in now["rectangles"] if r["id"] in factory])
        for step in steps:
            kind = next(k for k in KINDS if k in step)
            counts[kind] = counts.get(kind, 0) + 1
        return now, got["answer"]["data"]

    series = Series(rng)
    for number in range(options.edits):
        steps, partial = series.edit(file["rectangles"], file["title"])
        if not steps:
            continue
        before = file
        file, answer = both(steps, partial, f"edit {number + 1}")
        done["edits"] += 1
        if answer["undo"] and rng.random() < 0.35:
            after = file
            file, again = both(answer["undo"], what=f"the undo of edit {number + 1}")
            if drawing(file) != drawing(before):
                raise Failure(f"the undo of edit {number + 1} ({steps}) left {file}, "
                              f"not {before}")
            done["undone"] += 1
            if again["undo"] and rng.random() < 0.5:
                file, _ = both(again["undo"], what=f"the redo of edit {number + 1}")
                if drawing(file) != drawing(after):
                    raise Failure(f"the redo of edit {number + 1} left {file}, not {after}")
                done["redone"] += 1
    print(f"  {done['edits']} edits, {done['undone']} undone, {done['redone']} made again "
          f"({', '.join(f'{k} {v}' for k, v in counts.items())} steps): the page and the "
          f"file agree ({len(file['rectangles'])} rectangles at the end)")
