"""The sync in the drawing app, with the real git and headless Chromium: two stores, A (used
only by the command line) and B (served), and a bare repository between them.

- B has no remote yet: its drawings page shows no sync bar.
- A makes drawing D and syncs; B syncs, by the command line. B's editor page of D is open
  when A recolors a rectangle and syncs, and B syncs again by the command line, in a process
  of its own: the page shows the new color without a reload (a marker set on its window
  stays).
- B's drawings page shows the sync bar; A makes a new drawing and syncs; a real click on
  Sync brings it in: the button says "Syncing…", disabled, while it runs; the new card
  appears without a reload, the page says "Synced: sent 0, received 1", and the bar says when
  it synced and that 0 drawings differ; a rename on B then counts as 1 changed here.
- A newer drawdoc pushes a drawing in a format version this one does not read: a click on
  Sync says that 1 drawing was not brought in, and why (the version needed), and the bar
  says "1 not brought in".

What each store holds is checked with `drawdoc open --json` and `drawdoc list --json`. Each
step is a test; they run in order, each from where the one before left the stores and the
page.

Run: python3 -m pytest Tests/browser/sync_test.py [-k NAME] [--drawdoc PATH]
"""
import json
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

try:
    from selenium.webdriver.common.by import By
except ImportError:
    sys.exit("sync_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import Failure, wait  # noqa: E402
from editor_actions import RECORD_NOTICES, Store, node, notices, open_editor  # noqa: E402

BAR = """const bar = document.getElementById('sync');
return bar && {hidden: bar.hidden, text: document.getElementById('sync-state').textContent,
  button: document.getElementById('sync-button').textContent,
  disabled: document.getElementById('sync-button').disabled};"""
MARK = "window.notReloaded = true;"
# Every state the Sync button goes through: its text and whether it is disabled.
RECORD_BUTTON = """const button = document.getElementById('sync-button');
window.buttonStates = [];
new MutationObserver(() => window.buttonStates.push([button.textContent, button.disabled]))
  .observe(button, {childList: true, characterData: true, subtree: true, attributes: true});"""
MARKED = "return window.notReloaded === true"


def titles(store):
    return sorted(d["title"] for d in json.loads(store.run("list", "--json")))


def cards(driver):
    return sorted(driver.execute_script(
        "return [...document.querySelectorAll('#cards a.open')].map((a) => a.textContent)"))


def bar(driver):
    return driver.execute_script(BAR)


@pytest.fixture(scope="module")
def stores(session):
    """The server's store (`here`), another store (`there`, the person's other machine) and a
    bare repository made with the real git (`remote`), which the two will sync with."""
    if shutil.which("git") is None:
        raise Failure("git is missing: bash .ci/setup installs it (apt-get install git)")
    remote = os.path.join(session.folder, "remote.git")
    subprocess.run(["git", "init", "-q", "--bare", remote], check=True)
    return SimpleNamespace(remote=remote, here=Store(session.drawdoc, session.env), there=Store(
        session.drawdoc, dict(session.env, DRAWDOC_STORE=os.path.join(session.folder, "A"))))


@pytest.fixture(scope="module")
def kept():
    """What a step keeps for the steps after it (they run in order, each from where the one
    before left the page: a step selected alone with -k needs the ones before it)."""
    return SimpleNamespace()


def test_no_remote_no_bar(driver, base):
    """A store without a remote: no sync bar."""
    driver.get(base)
    wait("the drawings page's sync status",
         lambda: driver.execute_script("return document.body.dataset.syncRead === 'true'"),
         10, 0.05)
    state = bar(driver)
    if not state["hidden"] or driver.find_element(By.ID, "sync").is_displayed():
        raise Failure(f"a store without a remote shows the sync bar: {state}")


def test_a_makes_d_and_syncs(stores, kept):
    """A makes D and syncs; B syncs by the command line."""
    remote, here, there = stores.remote, stores.here, stores.there
    doc, (red, _) = there.new("Shared", (20, 20, 60, 40, "red"), (120, 20, 60, 40, "gold"))
    kept.doc = doc
    kept.red = red
    there.run("sync", "--remote", remote)
    here.run("sync", "--remote", remote)
    if titles(here) != ["Shared"]:
        raise Failure(f"B holds {titles(here)} after its sync, not Shared")


def test_open_editor_follows_a_sync(driver, base, stores, kept):
    """B's editor of D follows a sync made by another process, without a reload."""
    here, there = stores.here, stores.there
    doc, red = kept.doc, kept.red
    open_editor(driver, base, doc)
    driver.execute_script(MARK)
    if node(driver, red)[4] != "#ff0000":
        raise Failure(f"the editor shows {node(driver, red)} for the red rectangle")
    there.run("set", doc, red, "--color", "#336699")
    there.run("sync")
    here.run("sync")
    if here.rect(doc, red)["color"] != "#336699":
        raise Failure(f"B's file has {here.rect(doc, red)} after its sync")
    wait("the new color in the open editor", lambda: node(driver, red)[4] == "#336699", 10, 0.05)
    if not driver.execute_script(MARKED):
        raise Failure("the editor was loaded again to show the synced color")


def test_drawings_page_bar_and_sync_by_click(driver, base, stores):
    """B's drawings page: the bar, and Sync by a real click."""
    here, there = stores.here, stores.there
    driver.get(base)
    wait("the sync bar", lambda: bar(driver)["hidden"] is False, 10, 0.05)
    driver.execute_script(MARK + RECORD_NOTICES + RECORD_BUTTON)
    state = bar(driver)
    if not (state["text"].startswith("Synced ") and " ago · 0 drawings changed here · 0 there"
            in state["text"]) or state["button"] != "Sync" or state["disabled"]:
        raise Failure(f"the sync bar says {state}")
    there.new("From A", (10, 10, 30, 30, "teal"))
    there.run("sync")
    button = driver.find_element(By.ID, "sync-button")
    if driver.execute_script("return arguments[0].getAttribute('aria-label')", button):
        raise Failure("the Sync button's name is not its text")
    button.click()
    wait("the new drawing's card", lambda: cards(driver) == ["From A", "Shared"], 20, 0.05)
    wait("the sync's notice", lambda: "Synced: sent 0, received 1" in notices(driver), 10, 0.05)
    wait("the bar after the sync",
         lambda: bar(driver)["text"] == "Synced less than a minute ago · 0 drawings changed "
         "here · 0 there" and bar(driver)["button"] == "Sync" and not bar(driver)["disabled"],
         10, 0.05)
    if not driver.execute_script(MARKED):
        raise Failure("the drawings page was loaded again to show the synced drawing")
    states = driver.execute_script("return window.buttonStates")
    if ["Syncing…", True] not in states:
        raise Failure(f"the Sync button did not say Syncing… disabled while it ran: {states}")
    if titles(here) != ["From A", "Shared"]:
        raise Failure(f"B holds {titles(here)} after the page's sync")


def test_a_change_here_counts(driver, stores, kept):
    """A change here counts on the bar."""
    here = stores.here
    doc = kept.doc
    here.run("rename", doc, "Shared, renamed on B")
    wait("the bar counting the change here",
         lambda: "· 1 drawing changed here · 0 there" in bar(driver)["text"], 10, 0.05)


def test_newer_format_not_brought_in(driver, session, stores):
    """A drawing of a newer format: not brought in, said in the notice and on the bar."""
    remote = stores.remote
    newer = os.path.join(session.folder, "newer")
    subprocess.run(["git", "clone", "-q", "--branch", "main", remote, newer], check=True)
    name = sorted(os.listdir(os.path.join(newer, "drawings")))[0]
    with open(os.path.join(newer, "drawings", name)) as file:
        text = file.read()
    newer_id = "new-dra-win"
    with open(os.path.join(newer, "drawings", f"{newer_id}.svg"), "w") as file:
        file.write(text.replace('data-drawdoc="1"', 'data-drawdoc="2"')
                   .replace(name[:-4], newer_id))
    git = ["git", "-C", newer, "-c", "user.name=N", "-c", "user.email=n@n"]
    subprocess.run(git + ["add", "--all"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "version 2"], check=True)
    subprocess.run(git + ["push", "-q", "origin", "main"], check=True)
    driver.find_element(By.ID, "sync-button").click()
    wait("the notice of a drawing not brought in",
         lambda: "Synced: sent 1, received 0; 1 not brought in" in "\n".join(notices(driver))
         and f"{newer_id}: not brought in: it is in format version 2"
         in "\n".join(notices(driver)),
         20, 0.05)
    wait("the bar saying so", lambda: "· 1 not brought in" in bar(driver)["text"], 10, 0.05)
