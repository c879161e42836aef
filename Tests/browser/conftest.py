"""The fixtures of the browser tests (pytest): the `drawdoc` binary they drive, and for each
test file one store in a temporary folder, one `drawdoc serve` on it and one headless
Chromium that has opened the drawings page with the token (so it holds it). A file's tests
share these, as a person's tabs share one server and one browser: each test opens the page it
needs, most on a drawing of its own.

    python3 -m pytest Tests/browser --drawdoc .build/debug/drawdoc
    python3 -m pytest Tests/browser/reach_test.py -k palette

A failed test leaves a screenshot of the page and the page's console in its report.
"""
import os
import shutil
import tempfile
from types import SimpleNamespace

import pytest

from served_app import Server, headless_chromium, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pytest_addoption(parser):
    group = parser.getgroup("drawdoc", "drawdoc's browser tests")
    group.addoption("--drawdoc", default=os.environ.get(
        "DRAWDOC", os.path.join(ROOT, ".build", "debug", "drawdoc")),
        help="the drawdoc binary the tests drive (default: $DRAWDOC, else "
             ".build/debug/drawdoc)")
    group.addoption("--screenshots", default=None,
                    help="app_test.py: save screenshots of the pages in this folder")
    group.addoption("--peers", default=os.path.join(ROOT, ".build", "peers"),
                    help="peers_test.py: the folder of the draw.io and Excalidraw wheels")
    group.addoption("--seed", type=int, default=20261126,
                    help="steps_test.py: the seed of the random edits")
    group.addoption("--edits", type=int, default=220,
                    help="steps_test.py: how many random edits")
    group.addoption("--base-url", default=None,
                    help="webkit_test.py: a server already running, e.g. https://host:8443/")
    group.addoption("--token", default=None,
                    help="webkit_test.py: the credential the page takes from ?token=")
    group.addoption("--ca-file", default=None,
                    help="webkit_test.py: a PEM certificate authority WebKit trusts")


@pytest.fixture(scope="session")
def drawdoc(request):
    """The drawdoc binary, checked to be there."""
    path = request.config.getoption("drawdoc")
    if not os.access(path, os.X_OK):
        pytest.exit(f"no drawdoc at {path}: swift build first, or give --drawdoc PATH", 2)
    return path


@pytest.fixture(scope="module")
def folder(request):
    """A new temporary folder for the file's store and files; removed after its tests."""
    name = request.module.__name__.removesuffix("_test")
    path = tempfile.mkdtemp(prefix=f"drawdoc-{name}-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def env(folder):
    """The environment of drawdoc's commands: the store in `folder`, times in UTC."""
    return dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")


@pytest.fixture(scope="module")
def server(drawdoc, env):
    """`drawdoc serve` on the file's store (`base`, `token`, `stop`, `start`)."""
    served = Server(drawdoc, env)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium (served_app.HEADLESS_ARGUMENTS), for the file's tests."""
    browser = headless_chromium()
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def driver(chromium, server):
    """The file's Chromium once it has opened the drawings page with the token."""
    chromium.get(f"{server.base}?token={server.token}")
    wait("the drawings page, with the token taken",
         lambda: chromium.execute_script("return document.body.dataset.ready === 'true'"),
         10, 0.05)
    return chromium


@pytest.fixture(scope="module")
def base(server):
    return server.base


@pytest.fixture(scope="module")
def token(server):
    return server.token


@pytest.fixture(scope="module")
def store(drawdoc, env):
    """The command line's view of the store (editor_actions.Store)."""
    from editor_actions import Store
    return Store(drawdoc, env)


@pytest.fixture(scope="module")
def session(request, drawdoc, driver, env, folder, server, store):
    """All of the above in one: `options` (the command line's), `drawdoc`, `driver`, `env`,
    `folder`, `server`, `store` and `base`."""
    return SimpleNamespace(options=request.config.option, drawdoc=drawdoc, driver=driver,
                           env=env, folder=folder, server=server, store=store,
                           base=server.base)


@pytest.fixture(scope="module")
def t(session):
    """The session under the short name the editor's checks give it."""
    return session


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report gets the page as it was (a screenshot's path) and its console."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)  # for fixtures that tell more on a failure
    if report.when != "call" or not report.failed:
        return
    browser = getattr(item, "funcargs", {}).get("chromium")
    if browser is None:
        return
    try:
        shot = os.path.join(tempfile.gettempdir(), f"{item.name}-failure.png")
        browser.save_screenshot(shot)
        lines = [f"the page as it was: {shot}"]
        lines += [f"console: {entry['message']}" for entry in browser.get_log("browser")]
        report.sections.append(("the page", "\n".join(lines)))
    except Exception:
        pass  # a browser that is gone has nothing more to say
