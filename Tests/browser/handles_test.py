"""The editor's eight resize handles in headless Chromium, with real pointer and key events and
snapping off (N): each of n, ne, e, se, s, sw, w and nw resizes a rectangle by a known drag,
its opposite edge or corner staying; Shift on an edge and on a corner keeps the aspect ratio;
Alt on a corner resizes about the centre; a handle dragged past the opposite side flips the
box (mirrored, as Figma and Excalidraw do) instead of stopping at 1 wide; a corner of a
selection of two scales both within their box, as one version, and mirrors both when flipped;
a handle grabbed a few pixels off its centre does not make the edge jump on the first move; a
finger grabs a handle 18 px from its centre, inside the 44 px zone a finger has.

Every expected box is computed here, from the drag, and compared with `drawdoc open --json`;
each gesture is checked to make one version with `drawdoc history --json`.

Run: python3 -m pytest Tests/browser/handles_test.py [-k NAME] [--drawdoc PATH]
"""
import sys

import pytest

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    sys.exit("handles_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from served_app import Failure, wait  # noqa: E402
from editor_actions import (  # noqa: E402
    EDITOR, click, idle, one_more_version, open_editor, pointer_drag, screen, selection,
    shows_as_file)

# The single rectangle every drag starts from: x, y, width, height.
BASE = (100, 80, 120, 80)
# Each handle with the drag given to it, in canvas units (at 100 %, screen pixels).
DRAGS = {"n": (7, -20), "ne": (30, -10), "e": (25, 9), "se": (-20, 15), "s": (-5, -30),
         "sw": (-15, 25), "w": (40, 3), "nw": (-10, -12)}


def step(name):
    print(f"  {name}", flush=True)


def handle_point(box, handle):
    """The canvas point at the middle of a handle of a box."""
    x, y, width, height = box
    hx = x if "w" in handle else x + width if "e" in handle else x + width / 2
    hy = y if "n" in handle else y + height if "s" in handle else y + height / 2
    return hx, hy


def dragged(box, handle, dx, dy):
    """A box after its handle moved by (dx, dy): the edges the handle holds move, the others
    stay."""
    x, y, width, height = box
    if "e" in handle:
        width += dx
    if "w" in handle:
        x, width = x + dx, width - dx
    if "s" in handle:
        height += dy
    if "n" in handle:
        y, height = y + dy, height - dy
    # Past the opposite side, the box is mirrored: the side that stayed is now the other one.
    if width < 0:
        x, width = x + width, -width
    if height < 0:
        y, height = y + height, -height
    return x, y, width, height


class Rig:
    """A drawing of one rectangle, open in the editor with it selected and snapping off."""

    def __init__(self, driver, store, base):
        self.driver, self.store = driver, store
        self.doc, (self.r,) = store.new("Handles", (*BASE, "teal"))
        open_editor(driver, base, self.doc)
        if driver.execute_script(EDITOR + "zoom()") != 1:
            raise Failure(f"the editor opened at {driver.execute_script(EDITOR + 'zoom()')}")
        driver.execute_script("document.getElementById('stage').focus()")
        ActionChains(driver).send_keys("n").perform()
        wait("snapping off", lambda: driver.find_element(By.ID, "toggle-snap").get_attribute(
            "aria-pressed") == "false", 5, 0.05)
        self.count = len(store.versions(self.doc))

    def reset(self):
        """Puts the rectangle back at BASE from a terminal, and selects it."""
        idle(self.driver)
        if self.store.box(self.doc, self.r) != BASE:
            self.store.run("set", self.doc, self.r, *[a for pair in zip(
                ("--x", "--y", "--width", "--height"), map(str, BASE)) for a in pair])
            wait("the page shows it", lambda: shows_as_file(self.driver, self.store, self.doc,
                                                            self.r), 5, 0.05)
        if selection(self.driver) != [self.r]:
            click(self.driver, screen(self.driver, BASE[0] + 30, BASE[1] + 30))
            wait("selected", lambda: selection(self.driver) == [self.r], 5, 0.05)
        self.count = len(self.store.versions(self.doc))

    def resize(self, what, handle, by, expected, **options):
        """Drags a handle of BASE by `by`; checks one version and the box `expected`."""
        self.reset()
        try:
            self.count = one_more_version(self.driver, self.store, self.doc, self.count, lambda: pointer_drag(
                self.driver, handle_point(BASE, handle), by, **options))
        except Failure as error:
            raise Failure(f"{what}: no one new version (the handle was not grabbed?): {error}")
        got = self.store.box(self.doc, self.r)
        if got != tuple(expected):
            raise Failure(f"{what}: the file has {got}, not {tuple(expected)}")


@pytest.fixture
def rig(driver, store, base):
    """Each test of one rectangle on a rig of its own."""
    return Rig(driver, store, base)


def test_eight_handles(rig):
    for handle, (dx, dy) in DRAGS.items():
        step(f"{handle} by ({dx}, {dy}): the opposite side stays")
        rig.resize(f"the {handle} handle", handle, (dx, dy), dragged(BASE, handle, dx, dy))


def test_modifiers(rig):
    x, y, width, height = BASE
    step("Shift on the e edge: the height follows, about the middle of the edges that stay")
    scale = (width + 60) / width
    rig.resize("Shift on e", "e", (60, 0), (x, y + (height - height * scale) / 2,
                                           width * scale, height * scale), keys=(Keys.SHIFT,))
    step("Shift on the s edge: the width follows")
    scale = (height - 40) / height
    rig.resize("Shift on s", "s", (0, -40), (x + (width - width * scale) / 2, y,
                                            width * scale, height * scale), keys=(Keys.SHIFT,))
    step("Shift on the se corner: the larger of the two scales, for both")
    scale = max((width + 30) / width, (height + 5) / height)
    rig.resize("Shift on se", "se", (30, 5), (x, y, width * scale, height * scale),
               keys=(Keys.SHIFT,))
    step("Shift on the nw corner: the se corner stays")
    scale = max((width + 12) / width, (height + 20) / height)
    rig.resize("Shift on nw", "nw", (-12, -20), (x + width - width * scale,
                                                 y + height - height * scale,
                                                 width * scale, height * scale),
               keys=(Keys.SHIFT,))
    step("Alt on the se corner: about the centre, each side by the drag")
    rig.resize("Alt on se", "se", (10, 6), (x - 10, y - 6, width + 20, height + 12),
               keys=(Keys.ALT,))
    step("Alt on the nw corner: about the centre")
    rig.resize("Alt on nw", "nw", (15, -5), (x + 15, y - 5, width - 30, height + 10),
               keys=(Keys.ALT,))


def test_flipped(rig):
    step("the e handle dragged 160 px left, past the w edge: the box flips, as in Figma")
    rig.resize("e past the w edge", "e", (-160, 0), dragged(BASE, "e", -160, 0))
    step("the nw corner dragged by (150, 100), past the se corner: flipped both ways")
    rig.resize("nw past the se corner", "nw", (150, 100), dragged(BASE, "nw", 150, 100))
    step("the s edge dragged 81 px up, 1 past the n edge: 1 high, above it")
    rig.resize("s 1 past the n edge", "s", (0, -81), dragged(BASE, "s", 0, -81))


def test_grabbed_off_centre(rig):
    x, y, width, height = BASE
    step("the e handle grabbed 5 px inside its centre, moved by (10, 0): the edge moves by 10")
    rig.resize("e grabbed 5 px off its centre", "e", (10, 0), (x, y, width + 10, height),
               grab=(-5, 0))
    step("the se handle grabbed 5 px inside, moved by (10, 0): the corner moves by (10, 0)")
    rig.resize("se grabbed 5 px off its centre", "se", (10, 0), (x, y, width + 10, height),
               grab=(-5, -5))


def test_by_touch(rig):
    x, y, width, height = BASE
    step("a finger grabs the e handle 18 px right of its centre and moves by (20, 0)")
    rig.resize("a finger 18 px off e", "e", (20, 0), (x, y, width + 20, height),
               grab=(18, 0), kind=interaction.POINTER_TOUCH)
    step("a finger grabs the sw handle 18 px below its centre and moves by (-10, 10)")
    rig.resize("a finger 18 px off sw", "sw", (-10, 10), (x - 10, y, width + 10, height + 10),
               grab=(0, 18), kind=interaction.POINTER_TOUCH)


def two_chosen(driver, store, base, title):
    """A drawing of (100, 100, 40, 20) and (160, 140, 40, 20), open with snapping off and both
    selected by clicks; returns its id and theirs."""
    doc, (a, b) = store.new(title, (100, 100, 40, 20, "teal"), (160, 140, 40, 20, "gold"))
    open_editor(driver, base, doc)
    driver.execute_script("document.getElementById('stage').focus()")
    ActionChains(driver).send_keys("n").perform()
    click(driver, screen(driver, 120, 110))
    click(driver, screen(driver, 180, 150), keys=(Keys.SHIFT,))
    wait("two selected", lambda: selection(driver) == sorted([a, b]), 5, 0.05)
    return doc, (a, b)


def test_two_selected(driver, store, base):
    step("a corner of a selection of two scales both within their box, as one version")
    doc, (a, b) = two_chosen(driver, store, base, "Handles, two")
    # Their box is (100, 100)–(200, 160); the nw corner dragged by (-50, -30) makes it
    # (50, 70)–(200, 160): 1.5 times as wide and as high, about the se corner (200, 160).
    scale, anchor = 1.5, (200, 160)

    def scaled(box):
        left, top, width, height = box
        return (anchor[0] + (left - anchor[0]) * scale, anchor[1] + (top - anchor[1]) * scale,
                width * scale, height * scale)
    count = len(store.versions(doc))
    one_more_version(driver, store, doc, count, lambda: pointer_drag(driver, (100, 100), (-50, -30)))
    versions = store.versions(doc)
    if not (versions[0]["change"].startswith("set ")
            and versions[0]["change"].endswith("of 2 rectangles")):
        raise Failure(f"the version says {versions[0]['change']!r}")
    for rid, box in ((a, (100, 100, 40, 20)), (b, (160, 140, 40, 20))):
        if store.box(doc, rid) != scaled(box):
            raise Failure(f"{rid} is {store.box(doc, rid)}, not {scaled(box)}")


def test_two_flipped(driver, store, base):
    step("the e handle of a selection of two dragged past its w edge mirrors both in the box")
    doc, (a, b) = two_chosen(driver, store, base, "Handles, two flipped")
    # Their box is (100, 100)–(200, 160); its e handle, at (200, 130), dragged to x = 50 is 50
    # past the w edge, which stays: each x goes to 100 - (x - 100) / 2, the box mirrored.
    count = len(store.versions(doc))
    one_more_version(driver, store, doc, count, lambda: pointer_drag(driver, (200, 130), (-150, 0)))

    def mirrored(box):
        left, top, width, height = box
        ends = sorted(100 - (edge - 100) / 2 for edge in (left, left + width))
        return (ends[0], top, ends[1] - ends[0], height)
    for rid, box in ((a, (100, 100, 40, 20)), (b, (160, 140, 40, 20))):
        if store.box(doc, rid) != mirrored(box):
            raise Failure(f"{rid} is {store.box(doc, rid)}, not {mirrored(box)}")
