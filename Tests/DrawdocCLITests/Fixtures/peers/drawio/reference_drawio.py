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


def style_of(text):
    """(named styles, properties): pieces without '=' are names; a later property wins."""
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
    return names, values


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
    if "swimlane" in names or shape == "swimlane":
        return ("skip", "a swimlane")
    if "group" in names and not label:
        return None
    if shape is not None and shape != "rect":
        return ("skip", f'a shape "{shape}", not a rectangle')
    other = [n for n in names if n != "rect"]
    if other:
        return ("skip", f'a shape "{other[0]}", not a rectangle')
    geometry = cell["geometry"]
    if geometry is None or geometry.get("relative") == "1":
        return ("skip", "no absolute geometry")
    x, y = geometry_number(geometry, "x"), geometry_number(geometry, "y")
    width, height = geometry_number(geometry, "width"), geometry_number(geometry, "height")
    if width <= 0 or height <= 0:
        return ("skip", "zero or negative size")
    fill = style.get("fillColor")
    if fill == "none":
        return ("skip", "text" if label else "no fill (fillColor=none)")
    if fill is None or fill == "default":  # draw.io's default fill: white
        color = "#ffffff"
    elif HEX.match(fill):
        digits = fill[1:].lower()
        color = "#" + ("".join(d * 2 for d in digits) if len(digits) == 3 else digits)
    else:
        return ("skip", f"fillColor={fill} is not a color drawdoc reads")
    for above in chain:  # nearest first; layers and roots are no vertices and add nothing
        if above["vertex"] and above["geometry"] is not None:
            x += geometry_number(above["geometry"], "x")
            y += geometry_number(above["geometry"], "y")
    opacity = percentage(style, "opacity") * percentage(style, "fillOpacity")
    level = min(10, int((10 * opacity + 0.5 + 1e-9) // 1))
    if level < 1:
        return ("skip", f"invisible: opacity {opacity!r}")
    losses = []
    if label:
        losses.append("label")
    if style.get("strokeColor") != "none":
        losses.append("stroke")
    if style.get("rounded") == "1":
        losses.append("rounded corners")
    if number(style.get("rotation")) not in (None, 0.0):
        losses.append("rotation")
    if style.get("gradientColor") not in (None, "none"):
        losses.append("gradient")
    if style.get("shadow") == "1":
        losses.append("shadow")
    if style.get("sketch") == "1":
        losses.append("sketch style")
    if abs(10 * opacity - level) > 1e-9:
        losses.append(f"exact opacity ({opacity!r} rounded to {level} / 10)")
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
