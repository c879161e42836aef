"""What app_test.py does more than once: find the rectangle on top at a point, a point away
from every edge, add a rectangle with the panel, and compare the canvas with an export.
"""
from check import TOLERANCE, read_png
from served_app import Failure


def topmost_at(app, doc, x, y):
    result = app.run("hit", doc, str(x), str(y), check=False)
    return result.stdout.strip() if result.returncode == 0 else None


def steady_point(app, doc, points, wanted):
    """The first of `points` whose topmost rectangle (`drawdoc hit`) satisfies `wanted` and is
    the same 2 units around it: a click rounded to whole pixels then lands on the same one
    even where random rectangles put an edge right at the point."""
    for x, y in points:
        here = topmost_at(app, doc, x, y)
        if wanted(here) and all(topmost_at(app, doc, x + dx, y + dy) == here
                                for dx in (-2, 2) for dy in (-2, 2)):
            return x, y
    raise Failure(f"no point of {doc} away from every edge")


def add_one(app, doc):
    """Adds a rectangle with the panel's "Add rectangle" (nothing selected): it is made in the
    middle of the view, and selected. Returns its id."""
    before = {r["id"] for r in app.drawing(doc)["rectangles"]}
    app.click("#add-random")
    added = app.wait("added", lambda: ({r["id"] for r in app.drawing(doc)["rectangles"]}
                                       - before or {None}).pop())
    app.wait("the new one selected", lambda: app.selected() == [added])
    r = app.rect(doc, added)
    middle = app.driver.execute_script(
        "const b = document.getElementById('stage').getBoundingClientRect();"
        "return [b.left + b.width / 2, b.top + b.height / 2];")
    centre = app.driver.execute_script("return drawdocEditor.toScreen(arguments[0], arguments[1]);",
                                       r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)
    if abs(centre["x"] - middle[0]) > 2 or abs(centre["y"] - middle[1]) > 2:
        raise Failure(f"the added rectangle {r} is not in the middle of the view: its centre "
                      f"is at {centre}, the view's at {middle}")
    return added


def compare_pictures(screenshot, exported):
    sw, sh, srows = read_png(screenshot)
    ew, eh, erows = read_png(exported)
    if (sw, sh) != (ew, eh):
        raise Failure(f"the canvas screenshot is {sw}×{sh}, the export {ew}×{eh}")
    worst = 0
    for y in range(eh):
        a, b = srows[y], erows[y]
        for i in range(0, len(a), 4):
            for c in range(3):
                worst = max(worst, abs(a[i + c] - b[i + c]))
    if worst > TOLERANCE:
        raise Failure(f"the canvas differs from `export --format png` by {worst} levels")
    return worst
