#!/usr/bin/env python3
"""Lines of the editor page's JavaScript and of its tests, at an older commit and now (the
files of the work tree), side by side.

    python3 Benchmarks/editor_lines.py [--since COMMIT] [--until COMMIT]

The JavaScript is the modules the editor page loads: Sources/DrawdocWeb/Assets/editor.js
and every module it imports, and they import, found by their `import … from "./x.js"` lines.
The tests are the page's unit tests (Tests/page/*.mjs) and the browser tests that drive the
editor (the Python files of Tests/browser that name `drawdocEditor` or import
`editor_actions`). A line is any line, blank and comment lines included; a second column
leaves those out. COMMIT defaults to c5bd6c6, the last before the editor got its registry of
actions, store and tools; `--until` (HEAD) is the newer one.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = "Sources/DrawdocWeb/Assets"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s+["']\./([\w.-]+\.js)["']""", re.M)


def reader(commit):
    """Reads a file of the repository at `commit`, or of the work tree when it is None."""
    def read(path):
        if commit is None:
            full = os.path.join(ROOT, path)
            return open(full, encoding="utf-8").read() if os.path.exists(full) else None
        shown = subprocess.run(["git", "-C", ROOT, "show", f"{commit}:{path}"],
                               capture_output=True, text=True)
        return shown.stdout if shown.returncode == 0 else None
    return read


def listing(commit, folder):
    if commit is None:
        full = os.path.join(ROOT, folder)
        return sorted(os.listdir(full)) if os.path.isdir(full) else []
    shown = subprocess.run(["git", "-C", ROOT, "ls-tree", "--name-only", f"{commit}:{folder}"],
                           capture_output=True, text=True)
    return sorted(shown.stdout.split()) if shown.returncode == 0 else []


def counts(text):
    lines = text.splitlines()
    code = [line for line in lines if line.strip() and not line.strip().startswith(("//", "#", "*", "/*"))]
    return len(lines), len(code)


def measure(commit):
    read = reader(commit)
    modules, todo = set(), ["editor.js"]
    while todo:
        name = todo.pop()
        if name in modules:
            continue
        text = read(f"{ASSETS}/{name}")
        if text is None:
            continue
        modules.add(name)
        todo.extend(IMPORT.findall(text))
    script = [counts(read(f"{ASSETS}/{name}")) for name in sorted(modules)]
    unit = [counts(read(f"Tests/page/{name}")) for name in listing(commit, "Tests/page")
            if name.endswith(".mjs")]
    browser = []
    for name in listing(commit, "Tests/browser"):
        if not name.endswith(".py"):
            continue
        text = read(f"Tests/browser/{name}") or ""
        if "drawdocEditor" in text or "editor_actions" in text or name == "editor_actions.py":
            browser.append(counts(text))
    total = lambda items: (sum(a for a, _ in items), sum(b for _, b in items), len(items))
    return {"script": total(script), "unit": total(unit), "browser": total(browser)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--since", default="c5bd6c6", help="the older commit (default c5bd6c6)")
    parser.add_argument("--until", default="HEAD", help="the newer commit (default HEAD)")
    options = parser.parse_args()
    if subprocess.run(["git", "-C", ROOT, "rev-parse", "-q", "--verify",
                       f"{options.since}^{{commit}}"], capture_output=True).returncode != 0:
        print(f"editor_lines.py: commit {options.since} is not in this clone", file=sys.stderr)
        return 1
    before, after = measure(options.since), measure(options.until)
    print(f"| editor code, lines (without blank and comment lines) | {options.since} "
          f"| {options.until} |")
    print("| --- | ---: | ---: |")
    for key, title in (("script", "the page's JavaScript modules"),
                       ("unit", "unit tests of its modules (Tests/page)"),
                       ("browser", "browser tests of the editor (Tests/browser)")):
        cell = lambda c: f"{c[0]:,} ({c[1]:,}) in {c[2]} files"
        print(f"| {title} | {cell(before[key])} | {cell(after[key])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
