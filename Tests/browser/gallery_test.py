#!/usr/bin/env python3
"""The page `drawdoc gallery` writes, opened from the disk in headless Chromium, with drawings
titled to break out of the page's markup: a quote followed by a combining mark (one Swift
`Character`, yet the HTML parser reads the quote alone) and other marks that join a
character, and the usual ways into a page. Each title would change `document.title` if it
ran. The test checks that none did, that no element got an event handler, that every title
shows as the text it is (in the picture's `alt` and in the card), and that the page's
Content-Security-Policy is in effect: a script or an event handler put into the page does not
run, while its style sheet and its `data:` thumbnails do.

Run: python3 Tests/browser/gallery_test.py --drawdoc .build/debug/drawdoc
"""
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import selenium  # noqa: F401
except ImportError:
    sys.exit("gallery_test.py needs Selenium: python3 -m pip install selenium (or bash .ci/setup)")
from served_app import Failure, command_line, headless_chromium, wait  # noqa: E402

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


def main():
    options = command_line(__doc__)
    folder = tempfile.mkdtemp(prefix="drawdoc-gallery-")
    env = dict(os.environ, DRAWDOC_STORE=os.path.join(folder, "store"), TZ="UTC")
    driver = None
    try:
        for title in TITLES:
            subprocess.run([options.drawdoc, "new", "--title", title, "--random", "3"], env=env,
                           check=True, capture_output=True)
        page = os.path.join(folder, "gallery.html")
        subprocess.run([options.drawdoc, "gallery", "-o", page], env=env, check=True,
                       capture_output=True)
        driver = headless_chromium()
        driver.get("file://" + page)
        shown = wait("the thumbnails", lambda: (lambda p: p if p["loaded"] else None)(
            driver.execute_script(READ_PAGE)), 20, 0.1)
        problems = []
        if shown["title"] != "drawdoc gallery":
            problems.append(f"a title ran as script: the page's title is {shown['title']!r}")
        if shown["handlers"] or shown["scripts"]:
            problems.append(f"markup from a title: {shown['handlers']}, "
                            f"{shown['scripts']} scripts")
        if sorted(shown["alts"]) != sorted(TITLES) or sorted(shown["cards"]) != sorted(TITLES):
            problems.append(f"titles not shown as their text: {shown['alts']}, {shown['cards']}")
        if shown["policy"] != POLICY.format(sha256_base64(shown["style"])):
            problems.append(f"the policy is {shown['policy']!r}")
        if shown["grid"] != "grid":
            problems.append(f"the style sheet is not applied: the list is {shown['grid']!r}")
        injected = driver.execute_async_script(INJECT)
        if injected["script"] or injected["handler"]:
            problems.append(f"the policy let an injected script run: {injected}")
        if problems:
            raise Failure("; ".join(problems))
        print(f"gallery_test: passed ({len(TITLES)} hostile titles; no script ran, the policy "
              "holds, the style sheet and thumbnails show)")
    except Failure as failure:
        print(f"gallery_test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
