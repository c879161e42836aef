#!/usr/bin/env python3
"""An independent reading of the draw.io rules of docs/format.md ("draw.io files"), used to
write the expectations of Tests/DrawdocDrawIOTests/DrawIOTemplateTests.swift. It shares no
code with drawdoc's reader (Sources/DrawdocDrawIO): it implements the documented rules anew,
with Python's standard library only, and prints Swift literals: the canvas, the rectangles in
z-order (id, x, y, width, height, color, alpha) and the warnings (line, message).

    python3 reference_drawio.py FILE.drawio NAME [canvas] [rectangles] [warnings]

prints a Swift file of expectations (all three parts when none is named), extending the
tests' `DrawIOReference` with `NAMECanvas`, `NAMERectangles` and `NAMEWarnings`.

It reads only the file it is given (the templates beside it). What it covers is what the
templates need: the first page of an mxfile or a bare mxGraphModel, compressed or plain.
"""
import base64
import math
import re
import sys
import urllib.parse
import xml.parsers.expat
import zlib

NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\Z")
IDENTIFIER = re.compile(r"[a-z0-9]{3}-[a-z0-9]{3}-[a-z0-9]{3}\Z")
HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")
ID_COUNT = 36 ** 9


class Node:
    """An element with its attributes, children and the line its start tag begins on."""

    def __init__(self, name, attributes, line):
        self.name, self.attributes, self.line = name, attributes, line
        self.children, self.text = [], ""

    def get(self, key):
        return self.attributes.get(key)

    def child(self, name):
        return next((c for c in self.children if c.name == name), None)


def parse(text):
    """A tree of Nodes with line numbers (expat, which ElementTree does not expose)."""
    parser = xml.parsers.expat.ParserCreate()
    stack, roots = [], []

    def start(name, attributes):
        node = Node(name, attributes, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(_name):
        stack.pop()

    def data(chunk):
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = data
    parser.Parse(text, True)
    return roots[0]


def number(text):
    """A documented decimal number, or None."""
    if text is None or not NUMBER.match(text):
        return None
    return float(text)


def geometry_number(geometry, key):
    text = geometry.get(key)
    if text is None:
        return 0.0
    value = number(text)
    if value is None or value in (float("inf"), float("-inf")):
        raise ValueError(f"mxGeometry {key}={text!r} is not a finite number")
    return value


# The names of draw.io's default stylesheet and what each sets of the keys the rules read,
# `extend` resolved: jgraph/drawio, src/main/webapp/styles/default.xml, commit
# 5b2e73471e4fea83d681f0cec5d1aaf7c3884996. A colored name sets (gradientColor, fillColor,
# strokeColor); one of the first nine extends "fancy" (shadow=1), a "plain-" one does not.
COLORS = {
    "gray": ("#B3B3B3", "#F5F5F5", "#666666"), "blue": ("#7EA6E0", "#DAE8FC", "#6C8EBF"),
    "green": ("#97D077", "#D5E8D4", "#82B366"), "turquoise": ("#67AB9F", "#D5E8D4", "#6A9153"),
    "yellow": ("#FFD966", "#FFF2CC", "#D6B656"), "orange": ("#FFA500", "#FFCD28", "#D79B00"),
    "red": ("#EA6B66", "#F8CECC", "#B85450"), "pink": ("#B5739D", "#E6D0DE", "#996185"),
    "purple": ("#8C6C9C", "#E1D5E7", "#9673A6"),
}
NO_FILL = {"fillColor": "none", "strokeColor": "none", "gradientColor": "none"}
STYLESHEET = {
    "defaultVertex": {"shape": "label", "fillColor": "default", "strokeColor": "default"},
    "defaultEdge": {"shape": "connector", "rounded": "1", "strokeColor": "default"},
    "text": NO_FILL, "edgeLabel": NO_FILL, "group": NO_FILL,
    "label": {"rounded": "1"}, "icon": {"rounded": "1"},
    "swimlane": {"shape": "swimlane"}, "ellipse": {"shape": "ellipse"},
    "rhombus": {"shape": "rhombus"}, "triangle": {"shape": "triangle"}, "line": {"shape": "line"},
    "image": {"shape": "image"}, "roundImage": {"shape": "image"},
    "rhombusImage": {"shape": "image"}, "arrow": {"shape": "arrow", "fillColor": "default"},
    "fancy": {"shadow": "1"},
}
for color, (gradient, fill, stroke) in COLORS.items():
    plain = {"gradientColor": gradient, "fillColor": fill, "strokeColor": stroke}
    STYLESHEET[color] = {"shadow": "1", **plain}
    STYLESHEET["plain-" + color] = plain
PATTERNS = ("hatch", "cross-hatch", "dots", "dashed", "zigzag", "zigzag-line")


def style_of(text):
    """(named styles, properties): each piece in turn sets its keys over what came before, a
    name what the stylesheet sets for it (nothing for a name it does not hold)."""
    names, values = [], {}
    for piece in (text or "").split(";"):
        piece = piece.strip()
        if not piece:
            continue
        if "=" in piece:
            key, value = piece.split("=", 1)
            values[key] = value
        else:
            names.append(piece)
            values.update(STYLESHEET.get(piece, {}))
    return names, values


def light(value):
    """The light color of light-dark(LIGHT, DARK), and the dark one; any other value alone."""
    match = re.fullmatch(r"light-dark\((.*)\)\s*", value or "", re.S)
    if match is None:
        return value, None
    inner, depth = match.group(1), 0
    for index, char in enumerate(inner):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            return inner[:index].strip(" "), inner[index + 1:].strip(" ")
    return value, None


def fill_of(value):
    """("none",) or ("color", "#rrggbb"), or None when unreadable (as the rules read it)."""
    if value == "none":
        return ("none",)
    if value is None or value == "default":  # draw.io's default fill: white
        return ("color", "#ffffff")
    if HEX.match(value):
        digits = value[1:].lower()
        return ("color", "#" + ("".join(d * 2 for d in digits) if len(digits) == 3 else digits))
    return None


def message_number(value):
    """A number in a message: rounded to four decimals (halves away from 0), shortest form."""
    rounded = math.copysign(math.floor(abs(value) * 10000 + 0.5), value) / 10000
    text = repr(rounded + 0.0)
    return text[:-2] if text.endswith(".0") else text


def percentage(values, key):
    """A percentage clamped to 0...100, 100 when absent or unreadable, as a fraction."""
    value = number(values.get(key))
    if value is None:
        return 1.0
    return min(max(value, 0.0), 100.0) / 100.0


def derived_id(text):
    """64-bit FNV-1a of the UTF-8 bytes, modulo 36^9, in base 36, as abc-def-ghi."""
    value = 14695981039346656037
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 1099511628211) % (1 << 64)
    value %= ID_COUNT
    digits = ""
    for _ in range(9):
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[value % 36] + digits
        value //= 36
    return f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"


def model_of(root):
    """(model, the line warnings name, diagram) of the first page."""
    if root.name == "mxGraphModel":
        return root, None, None
    diagram = root.child("diagram")
    plain = diagram.child("mxGraphModel")
    if plain is not None:
        return plain, None, diagram
    packed = base64.b64decode(diagram.text.strip())
    xml_text = urllib.parse.unquote(zlib.decompress(packed, -15).decode("utf-8"))
    return parse(xml_text), diagram.line, diagram


def cells_of(model):
    """Each cell as a dict, in document order: mxCell, or the mxCell of object/UserObject."""
    cells = []
    for element in model.child("root").children:
        if element.name == "mxCell":
            cell, cell_id, label = element, element.get("id"), element.get("value")
        elif element.name in ("object", "UserObject"):
            cell = element.child("mxCell")
            if cell is None:
                continue
            cell_id, label = element.get("id") or cell.get("id"), element.get("label")
        else:
            continue
        names, values = style_of(cell.get("style"))
        cells.append({
            "id": cell_id or "", "parent": cell.get("parent"), "label": label or "",
            "names": names, "style": values, "vertex": cell.get("vertex") == "1",
            "edge": cell.get("edge") == "1", "visible": cell.get("visible") != "0",
            "collapsed": cell.get("collapsed") == "1",
            "geometry": cell.child("mxGeometry"), "line": element.line,
        })
    return cells


def judge(cell, chain):
    """("skip", reason), ("keep", x, y, w, h, color, alpha, losses), or None (draws nothing)."""
    names, style, label = cell["names"], cell["style"], cell["label"]
    if cell["edge"]:
        return ("skip", "a connector")
    if not cell["visible"] or any(not c["visible"] for c in chain):
        return ("skip", 'hidden (visible="0")')
    if any(c["collapsed"] for c in chain):
        return ("skip", 'inside a collapsed container (collapsed="1")')
    shape = style.get("shape")
    if "text" in names or shape == "text":
        return ("skip", "text")
    if shape == "swimlane":
        return ("skip", "a swimlane")
    if "group" in names and not label:
        return None
    if shape not in (None, "rect", "label", "", "none"):
        return ("skip", f'a shape "{shape}", not a rectangle')
    geometry = cell["geometry"]
    if geometry is None or geometry.get("relative") == "1":
        return ("skip", "no absolute geometry")
    x, y = geometry_number(geometry, "x"), geometry_number(geometry, "y")
    width, height = geometry_number(geometry, "width"), geometry_number(geometry, "height")
    if width <= 0 or height <= 0:
        return ("skip", "zero or negative size")
    written = style.get("fillColor")
    fill, dark = light(written)
    kept = fill_of(fill)
    if kept == ("none",):
        return ("skip", "text" if label else "no fill (fillColor=none)")
    if kept is None:
        return ("skip", f"fillColor={written} is not a color drawdoc reads")
    color = kept[1]
    for above in chain:  # nearest first; layers and roots are no vertices and add nothing
        if above["vertex"] and above["geometry"] is not None:
            x += geometry_number(above["geometry"], "x")
            y += geometry_number(above["geometry"], "y")
    opacity = percentage(style, "opacity") * percentage(style, "fillOpacity")
    level = min(10, int((10 * opacity + 0.5 + 1e-9) // 1))
    if level < 1:
        return ("skip", f"invisible: opacity {message_number(opacity)}")
    losses = []
    if label:
        losses.append("label")
    if light(style.get("strokeColor"))[0] != "none":
        losses.append("stroke")
    if style.get("rounded") == "1":
        losses.append("rounded corners")
    if number(style.get("rotation")) not in (None, 0.0):
        losses.append("rotation")
    gradient = light(style.get("gradientColor"))[0]
    pattern = style.get("fillStyle")
    if gradient not in (None, "", "none"):
        losses.append("gradient")
    elif pattern in PATTERNS:  # draw.io draws a gradient instead of the pattern
        losses.append(f"{pattern} fill (fillStyle={pattern}, drawn solid)")
    if style.get("shadow") == "1":
        losses.append("shadow")
    if style.get("sketch") == "1":
        losses.append("sketch style")
    if dark is not None and fill_of(dark) != kept:
        losses.append(f"dark-theme fill ({dark}, from light-dark)")
    if abs(10 * opacity - level) > 1e-9:
        losses.append(f"exact opacity ({message_number(opacity)} rounded to {level} / 10)")
    return ("keep", x, y, width, height, color, level, losses)


def read(path):
    with open(path, "rb") as file:
        root = parse(file.read())
    model, page_line, diagram = model_of(root)
    cells = cells_of(model)
    by_id = {}
    for cell in cells:
        by_id.setdefault(cell["id"], cell)
    rectangles, warnings = [], []
    for cell in cells:
        line = page_line or cell["line"]
        if not (cell["vertex"] or cell["edge"]):
            continue
        chain, parent, missing = [], cell["parent"], None
        while parent is not None:
            if parent not in by_id:
                missing = parent
                break
            chain.append(by_id[parent])
            parent = by_id[parent]["parent"]
        if missing is not None:
            reason = f'parent "{missing}" is not a cell'
            warnings.append((line, f'cell "{cell["id"]}" skipped: {reason}'))
            continue
        verdict = judge(cell, chain)
        if verdict is None:
            continue
        if verdict[0] == "skip":
            warnings.append((line, f'cell "{cell["id"]}" skipped: {verdict[1]}'))
            continue
        _, x, y, width, height, color, level, losses = verdict
        rectangles.append([cell["id"], x, y, width, height, color, level])
        if losses:
            lost = ", ".join(losses)
            warnings.append((line, f'cell "{cell["id"]}" kept as a rectangle without its {lost}'))
    page_w, page_h = number(model.get("pageWidth")), number(model.get("pageHeight"))
    page = (page_w, page_h) if page_w and page_h and page_w > 0 and page_h > 0 else None
    if model.get("page") == "0":  # draw.io shows no page: the content alone
        page = None
    if not rectangles:
        canvas = page or (1024.0, 768.0)
    else:
        left = min(r[1] for r in rectangles)
        top = min(r[2] for r in rectangles)
        right = max(r[1] + r[3] for r in rectangles)
        bottom = max(r[2] + r[4] for r in rectangles)
        if page and left >= 0 and top >= 0 and right <= page[0] and bottom <= page[1]:
            canvas = page
        else:
            canvas = (right - left, bottom - top)
            for r in rectangles:
                r[1], r[2] = r[1] - left, r[2] - top
    used = set()
    for r in rectangles:
        if IDENTIFIER.match(r[0]) and r[0] not in used:
            new = r[0]
        else:
            new, attempt = derived_id(r[0]), 0
            while new in used:
                attempt += 1
                new = derived_id(f"{r[0]}#{attempt}")
        used.add(new)
        r[0] = new
    title = diagram.get("name") if diagram is not None else ""
    return canvas, rectangles, warnings, title or ""


def swift_number(value):
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    path, name = sys.argv[1], sys.argv[2]
    parts = sys.argv[3:] or ["canvas", "rectangles", "warnings"]
    canvas, rectangles, warnings, title = read(path)
    file = path.rsplit("/", 1)[-1]
    out = [
        f"// Generated from {file} by reference_drawio.py, beside it in",
        "// Tests/DrawdocCLITests/Fixtures/peers/drawio: an independent reading of the rules of",
        "// docs/format.md, not drawdoc's reader. The page is " + swift_string(title) + ".",
        "// To regenerate, in that folder, then `swift format`:",
        f"// python3 reference_drawio.py {file} {name} {' '.join(parts)}",
        "",
        "extension DrawIOReference {",
    ]
    if "canvas" in parts:
        out.append(f"  static let {name}Canvas: (Double, Double) = ({swift_number(canvas[0])}, "
                   f"{swift_number(canvas[1])})")
    if "rectangles" in parts:
        out.append(f"  static let {name}Rectangles: [ExpectedRectangle] = [")
        for r in rectangles:
            fields = [swift_string(r[0])] + [swift_number(v) for v in r[1:5]]
            fields += [swift_string(r[5]), str(r[6])]
            out.append(f"    .init({', '.join(fields)}),")
        out.append("  ]")
    if "warnings" in parts:
        out.append(f"  static let {name}Warnings: [ExpectedWarning] = [")
        for line, message in warnings:
            out.append(f"    .init({line}, {swift_string(message)}),")
        out.append("  ]")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
