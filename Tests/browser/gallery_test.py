"""The page `drawdoc gallery` writes, opened from the disk in headless Chromium, with drawings
titled to break out of the page's markup: a quote followed by a combining mark (one Swift
`Character`, yet the HTML parser reads the quote alone) and other marks that join a
character, and the usual ways into a page. Each title would change `document.title` if it
ran. The test checks that none did, that no element got an event handler, that every title
shows as the text it is (in the picture's `alt` and in the card), and that the page's
Content-Security-Policy is in effect: a script or an event handler put into the page does not
run, while its style sheet and its `data:` thumbnails do.

Run: python3 -m pytest Tests/browser/gallery_test.py [-k NAME] [--drawdoc PATH]
"""
import os
import subprocess
import sys

try:
    import selenium  # noqa: F401
except ImportError:
    sys.exit("gallery_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
import pytest  # noqa: E402
from served_app import wait  # noqa: E402

# Each would set the page's title to pwned-N if the gallery let it run.
TITLES = [
    "a\"\u0301 onload=document.title='pwned-1'//",
    "b\"\u0308\u0301 onload=document.title='pwned-2'//",
    "c\"\u200d onload=document.title='pwned-3'//",
    "d\"\ufe0f onload=document.title='pwned-4'//",
    "e\"\U0001F3FB onload=document.title='pwned-5'//",
    "f'\u0301 onload=document.title='pwned-6'//",
    "<\u0301img src=x onerror=document.title='pwned-7'>",
    "\"><img src=x onerror=document.title='pwned-8'>",
    "</p><script>document.title='pwned-9'</script>",
    "&\u0301lt;script&\u0301gt;document.title='pwned-10'",
]

POLICY = ("default-src 'none'; script-src 'none'; style-src 'sha256-{}'; img-src data:; "
          "base-uri 'none'; form-action 'none'")

# What the page shows, read after every thumbnail has loaded.
READ_PAGE = """
const images = [...document.images];
return {
  title: document.title,
  loaded: images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0),
  alts: images.map((image) => image.alt),
  cards: [...document.querySelectorAll("p.title")].map((p) => p.textContent),
  handlers: [...document.querySelectorAll("*")].flatMap((element) =>
    [...element.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)),
  scripts: document.scripts.length,
  policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content,
  style: document.querySelector("style").textContent,
  grid: getComputedStyle(document.querySelector("ul")).display,
};
"""

# Puts a script and an event handler into the page, as an injection would, and answers
# whether either ran once the handler's event has come.
INJECT = """
const done = arguments[arguments.length - 1];
const script = document.createElement("script");
script.textContent = "window.injectedScriptRan = true;";
document.head.append(script);
const image = document.createElement("img");
image.setAttribute("onerror", "window.injectedHandlerRan = true;");
image.addEventListener("error", () => setTimeout(() => done({
  script: window.injectedScriptRan === true,
  handler: window.injectedHandlerRan === true,
}), 0));
image.src = "data:image/png;base64,AA==";
document.body.append(image);
"""


def sha256_base64(text):
    import base64
    import hashlib
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


@pytest.fixture(scope="module")
def shown(drawdoc, env, folder, chromium):
    """What the gallery page of drawings titled TITLES shows, once its thumbnails have loaded."""
    for title in TITLES:
        subprocess.run([drawdoc, "new", "--title", title, "--random", "3"], env=env,
                       check=True, capture_output=True)
    page = os.path.join(folder, "gallery.html")
    subprocess.run([drawdoc, "gallery", "-o", page], env=env, check=True, capture_output=True)
    chromium.get("file://" + page)
    return wait("the thumbnails", lambda: (lambda p: p if p["loaded"] else None)(
        chromium.execute_script(READ_PAGE)), 20, 0.1)


def test_no_title_ran_as_script(shown):
    assert shown["title"] == "drawdoc gallery", \
        f"a title ran as script: the page's title is {shown['title']!r}"


def test_no_markup_from_a_title(shown):
    assert not shown["handlers"] and not shown["scripts"], \
        f"markup from a title: {shown['handlers']}, {shown['scripts']} scripts"


def test_titles_shown_as_their_text(shown):
    assert sorted(shown["alts"]) == sorted(TITLES) and sorted(shown["cards"]) == sorted(TITLES), \
        f"titles not shown as their text: {shown['alts']}, {shown['cards']}"


def test_policy_holds_the_style_sheet(shown):
    assert shown["policy"] == POLICY.format(sha256_base64(shown["style"])), \
        f"the policy is {shown['policy']!r}"


def test_style_sheet_applied(shown):
    assert shown["grid"] == "grid", f"the style sheet is not applied: the list is {shown['grid']!r}"


def test_injected_script_does_not_run(shown, chromium):
    injected = chromium.execute_async_script(INJECT)
    assert not injected["script"] and not injected["handler"], \
        f"the policy let an injected script run: {injected}"
