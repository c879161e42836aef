import DrawdocModel
@testable import DrawdocSVG
import DrawdocXML
import Foundation
import Testing

// Strict mode (docs/format.md, strict reading): every departure from the format is an error
// that names its line and column; every other spelling of the same XML is accepted.
//
// Every input is the template below with a small edit, so line numbers are known by
// construction: line 1 is the XML declaration, line 2 the `<svg>` start tag, line 3 the
// title, lines 4 and 5 the two rectangles, line 6 `</svg>`. Columns are 1-based and count
// characters. An attribute error is placed at the first character of the value, an unknown
// attribute at its name, an element error at its `<`, an entity reference at its `&`, and
// stray text at its first non-blank character.
//
// Columns of the template used below:
//   line 2: width value 48, height value 62, viewBox value 76, data-drawdoc value 104,
//           data-id value 116, data-created value 143, data-modified value 180, `>` at 201.
//   line 4: `<` 3, data-id value 18, x value 34, y value 41, width value 52,
//           height value 64, fill value 74, fill-opacity value 97, `/>` at 101.
//   line 5: `<` 3, data-id value 18, x value 34, fill-opacity value 100.

// MARK: - The template

/// A valid drawing in the writer's exact bytes.
private let canonicalText = """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768" \
  data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
  data-modified="2026-11-21T08:05:12Z">
    <title>Sketch</title>
    <rect data-id="afy-kw5-t7o" x="45" y="44" width="89" height="92" fill="#ebc641" \
  fill-opacity="0.7"/>
    <rect data-id="b2c-3d4-e5f" x="10.5" y="20" width="300" height="40" fill="#0a0b0c" \
  fill-opacity="1"/>
  </svg>

  """

/// Line 4 of the template, the first rectangle.
private let firstRectangleLine = """
    <rect data-id="afy-kw5-t7o" x="45" y="44" width="89" height="92" fill="#ebc641" \
  fill-opacity="0.7"/>
  """

/// Line 5 of the template, the second rectangle.
private let secondRectangleLine = """
    <rect data-id="b2c-3d4-e5f" x="10.5" y="20" width="300" height="40" fill="#0a0b0c" \
  fill-opacity="1"/>
  """

/// The drawing the template describes, with another title if one is given.
private func expectedDrawing(title: String = "Sketch") throws -> Drawing {
  let first = Rectangle(
    id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44),
    size: try Size(width: 89, height: 92), color: Color(red: UInt8(0xEB), green: 0xC6, blue: 0x41),
    alpha: try Alpha(level: 7))
  let second = Rectangle(
    id: try Identifier("b2c-3d4-e5f"), point: try Point(x: 10.5, y: 20),
    size: try Size(width: 300, height: 40), color: Color(red: UInt8(0x0A), green: 0x0B, blue: 0x0C),
    alpha: try Alpha(level: 10))
  let plane = try Plane(
    size: try Size(width: 1024, height: 768), title: title, rectangles: [first, second])
  return Drawing(
    id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
    modified: try Timestamp("2026-11-21T08:05:12Z"), plane: plane)
}

/// The template with each `(old, new)` replacement applied in turn, as UTF-8 bytes; `nil`
/// when an `old` does not occur exactly once, so that a test whose edit misses fails rather
/// than silently testing the template.
private func edited(_ edits: [(String, String)]) -> [UInt8]? {
  var text = canonicalText
  for (old, new) in edits {
    guard text.ranges(of: old).count == 1 else { return nil }
    text = text.replacing(old, with: new)
  }
  return Array(text.utf8)
}

/// The template with `old` replaced by raw bytes, which need not be UTF-8; `nil` when `old`
/// does not occur exactly once.
private func edited(_ old: String, withBytes new: [UInt8]) -> [UInt8]? {
  let ranges = canonicalText.ranges(of: old)
  guard ranges.count == 1, let range = ranges.first else { return nil }
  return Array(canonicalText[..<range.lowerBound].utf8) + new
    + Array(canonicalText[range.upperBound...].utf8)
}

/// The error that decoding `bytes` throws, or `nil` if it succeeds.
private func decodingError(_ bytes: [UInt8]) -> SVGDecodingError? {
  do {
    _ = try SVGDecoder.decode(bytes)
    return nil
  } catch {
    return error
  }
}

// MARK: - Test cases

/// An input that strict mode must refuse with exactly `error`.
struct StrictErrorCase: Sendable, CustomTestStringConvertible {
  let label: String
  let input: [UInt8]?
  let error: SVGDecodingError

  var testDescription: String { label }

  init(_ label: String, _ edits: [(String, String)], _ error: SVGDecodingError) {
    self.label = label
    self.input = edited(edits)
    self.error = error
  }

  init(_ label: String, bytes: [UInt8]?, _ error: SVGDecodingError) {
    self.label = label
    self.input = bytes
    self.error = error
  }

  /// Decodes the input and expects exactly the case's error.
  func check() throws {
    let input = try #require(input, "the edit does not match the template")
    #expect(throws: error) { try SVGDecoder.decode(input) }
  }
}

/// An input that is not well-formed XML and the line libxml2 reports for it.
struct StrictMalformedCase: Sendable, CustomTestStringConvertible {
  let label: String
  let input: [UInt8]?
  let line: Int

  var testDescription: String { label }
}

/// Another spelling of the template (or of the template with another title) that strict mode
/// must accept as the same drawing.
struct StrictSpellingCase: Sendable, CustomTestStringConvertible {
  let label: String
  let input: [UInt8]?
  let title: String
  /// Where the input first differs from the writer's bytes; `nil` when it is byte-identical.
  let firstDifference: (line: Int, column: Int)?

  var testDescription: String { label }

  init(
    _ label: String, _ edits: [(String, String)], title: String = "Sketch",
    differsAt firstDifference: (line: Int, column: Int)?
  ) {
    self.label = label
    self.input = edited(edits)
    self.title = title
    self.firstDifference = firstDifference
  }

  init(
    _ label: String, bytes: [UInt8]?, title: String = "Sketch",
    differsAt firstDifference: (line: Int, column: Int)?
  ) {
    self.label = label
    self.input = bytes
    self.title = title
    self.firstDifference = firstDifference
  }
}

// MARK: - Errors, one test per kind

@Suite("StrictReader errors")
struct StrictReaderErrorTests {
  @Test(
    "the root element must be <svg>",
    arguments: [
      StrictErrorCase(
        "<svgx>", [("<svg xmlns", "<svgx xmlns"), ("</svg>", "</svgx>")],
        .unexpectedRoot(name: "svgx", line: 2, column: 1)),
      StrictErrorCase(
        "<html>", [("<svg xmlns", "<html xmlns"), ("</svg>", "</html>")],
        .unexpectedRoot(name: "html", line: 2, column: 1)),
    ])
  func unexpectedRoot(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "every element must be in the SVG namespace",
    arguments: [
      StrictErrorCase(
        "no xmlns on <svg>", [(#"<svg xmlns="http://www.w3.org/2000/svg" "#, "<svg ")],
        .wrongNamespace(element: "svg", namespace: nil, line: 2, column: 1)),
      StrictErrorCase(
        "the XHTML namespace on <svg>",
        [("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml")],
        .wrongNamespace(
          element: "svg", namespace: "http://www.w3.org/1999/xhtml", line: 2, column: 1)),
      StrictErrorCase(
        "<rect> in another namespace",
        [(#"<rect data-id="afy"#, #"<rect xmlns="urn:example" data-id="afy"#)],
        .wrongNamespace(element: "rect", namespace: "urn:example", line: 4, column: 3)),
      StrictErrorCase(
        "<title> in no namespace", [("<title>", #"<title xmlns="">"#)],
        .wrongNamespace(element: "title", namespace: nil, line: 3, column: 3)),
    ])
  func wrongNamespace(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "a missing attribute is named, at its element's <",
    arguments: [
      StrictErrorCase(
        "<svg> without height", [(#" height="768""#, "")],
        .missingAttribute(name: "height", element: "svg", line: 2, column: 1)),
      StrictErrorCase(
        "<svg> without viewBox", [(#" viewBox="0 0 1024 768""#, "")],
        .missingAttribute(name: "viewBox", element: "svg", line: 2, column: 1)),
      StrictErrorCase(
        "<svg> without data-drawdoc", [(#" data-drawdoc="1""#, "")],
        .missingAttribute(name: "data-drawdoc", element: "svg", line: 2, column: 1)),
      StrictErrorCase(
        "<svg> without data-id", [(#" data-id="k3j-9xa-0pq""#, "")],
        .missingAttribute(name: "data-id", element: "svg", line: 2, column: 1)),
      StrictErrorCase(
        "<svg> without data-modified", [(#" data-modified="2026-11-21T08:05:12Z""#, "")],
        .missingAttribute(name: "data-modified", element: "svg", line: 2, column: 1)),
      StrictErrorCase(
        "<rect> without fill", [(##" fill="#ebc641""##, "")],
        .missingAttribute(name: "fill", element: "rect", line: 4, column: 3)),
      StrictErrorCase(
        "<rect> without x", [(#" x="45""#, "")],
        .missingAttribute(name: "x", element: "rect", line: 4, column: 3)),
      StrictErrorCase(
        "<rect> without fill-opacity", [(#" fill-opacity="0.7""#, "")],
        .missingAttribute(name: "fill-opacity", element: "rect", line: 4, column: 3)),
      StrictErrorCase(
        "the second <rect> without data-id", [(#"<rect data-id="b2c-3d4-e5f" "#, "<rect ")],
        .missingAttribute(name: "data-id", element: "rect", line: 5, column: 3)),
    ])
  func missingAttribute(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "an unknown attribute is named, at its name",
    arguments: [
      StrictErrorCase(
        #"stroke="red" on <rect>"#,
        [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7" stroke="red"/>"#)],
        .unexpectedAttribute(name: "stroke", element: "rect", line: 4, column: 102)),
      StrictErrorCase(
        #"id="r1" first on <rect>"#, [(#"<rect data-id="afy"#, #"<rect id="r1" data-id="afy"#)],
        .unexpectedAttribute(name: "id", element: "rect", line: 4, column: 9)),
      StrictErrorCase(
        #"xml:lang="en" on <rect>"#,
        [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7" xml:lang="en"/>"#)],
        .unexpectedAttribute(name: "xml:lang", element: "rect", line: 4, column: 102)),
      StrictErrorCase(
        #"class="sketch" on <svg>"#, [(#"08:05:12Z">"#, #"08:05:12Z" class="sketch">"#)],
        .unexpectedAttribute(name: "class", element: "svg", line: 2, column: 202)),
      StrictErrorCase(
        #"version="1.1" on <svg>"#,
        [(#"svg" width="1024""#, #"svg" version="1.1" width="1024""#)],
        .unexpectedAttribute(name: "version", element: "svg", line: 2, column: 41)),
      StrictErrorCase(
        #"lang="en" on <title>"#, [("<title>", #"<title lang="en">"#)],
        .unexpectedAttribute(name: "lang", element: "title", line: 3, column: 10)),
    ])
  func unexpectedAttribute(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "an element the format does not have there is named, at its <",
    arguments: [
      StrictErrorCase(
        "<circle> among rects",
        [
          (
            #"fill-opacity="0.7"/>\#n"#,
            #"fill-opacity="0.7"/>\#n  <circle cx="5" cy="5" r="2"/>\#n"#
          )
        ],
        .unexpectedElement(name: "circle", expected: "<rect>", line: 5, column: 3)),
      StrictErrorCase(
        "rects in a <g>", [("</title>\n", "</title>\n  <g>\n"), ("\n</svg>", "\n  </g>\n</svg>")],
        .unexpectedElement(name: "g", expected: "<rect>", line: 4, column: 3)),
      StrictErrorCase(
        "a <rect> before <title>",
        [
          ("  <title>Sketch</title>\n", ""),
          (#"fill-opacity="0.7"/>\#n"#, #"fill-opacity="0.7"/>\#n  <title>Sketch</title>\#n"#),
        ],
        .unexpectedElement(
          name: "rect", expected: "<title> as the first child of <svg>", line: 3, column: 3)),
      StrictErrorCase(
        "an element inside <rect>",
        [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7"><title>x</title></rect>"#)],
        .unexpectedElement(
          name: "title", expected: "nothing inside <rect>", line: 4, column: 102)),
      StrictErrorCase(
        "an element inside <title>",
        [("<title>Sketch</title>", "<title>Sk<tspan>et</tspan>ch</title>")],
        .unexpectedElement(
          name: "tspan", expected: "only text inside <title>", line: 3, column: 12)),
      StrictErrorCase(
        "a second <title>",
        [(#"fill-opacity="0.7"/>\#n"#, #"fill-opacity="0.7"/>\#n  <title>Again</title>\#n"#)],
        .unexpectedElement(name: "title", expected: "<rect>", line: 5, column: 3)),
    ])
  func unexpectedElement(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "<svg> must have a <title>",
    arguments: [
      StrictErrorCase(
        "an empty <svg>: the error is where <title> should be",
        [
          ("  <title>Sketch</title>\n", ""), (firstRectangleLine + "\n", ""),
          (secondRectangleLine + "\n", ""),
        ],
        .missingTitle(line: 3, column: 1)),
      StrictErrorCase(
        "a self-closing <svg/>: the error is at its <",
        [
          (#"08:05:12Z">"#, #"08:05:12Z"/>"#), ("  <title>Sketch</title>\n", ""),
          (firstRectangleLine + "\n", ""), (secondRectangleLine + "\n", ""), ("</svg>\n", ""),
        ],
        .missingTitle(line: 2, column: 1)),
    ])
  func missingTitle(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "a data-id must be three groups of three characters from a-z0-9",
    arguments: [
      StrictErrorCase(
        "uppercase", [("afy-kw5-t7o", "AFY-kw5-t7o")],
        .invalidIdentifier(value: "AFY-kw5-t7o", line: 4, column: 18)),
      StrictErrorCase(
        "two groups", [("afy-kw5-t7o", "afy-kw5")],
        .invalidIdentifier(value: "afy-kw5", line: 4, column: 18)),
      StrictErrorCase(
        "underscores", [("afy-kw5-t7o", "afy_kw5_t7o")],
        .invalidIdentifier(value: "afy_kw5_t7o", line: 4, column: 18)),
      StrictErrorCase(
        "empty", [(#""afy-kw5-t7o""#, #""""#)],
        .invalidIdentifier(value: "", line: 4, column: 18)),
      StrictErrorCase(
        "the drawing's id", [("k3j-9xa-0pq", "k3j-9xa")],
        .invalidIdentifier(value: "k3j-9xa", line: 2, column: 116)),
    ])
  func invalidIdentifier(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test("a duplicate data-id is reported at the second rectangle's data-id")
  func duplicateIdentifier() throws {
    try StrictErrorCase(
      "the second rect reuses the first id", [("b2c-3d4-e5f", "afy-kw5-t7o")],
      .duplicateIdentifier(id: "afy-kw5-t7o", line: 5, column: 18)
    ).check()
  }

  @Test(
    "fill must be # and six hexadecimal digits",
    arguments: ["#ebc64", "#gggggg", "rgb(300,0,0)", "red", "#ebc6410", "ebc641", "#ebc641 ", ""])
  func invalidColor(_ value: String) throws {
    try StrictErrorCase(
      value, [(##"fill="#ebc641""##, #"fill="\#(value)""#)],
      .invalidColor(value: value, line: 4, column: 74)
    ).check()
  }

  @Test(
    "fill-opacity must be one of 0.1 … 0.9, 1",
    arguments: ["0.75", "0", "1.1", "-0.5", "abc", "", "0.05", "70%"])
  func invalidOpacity(_ value: String) throws {
    try StrictErrorCase(
      value, [(#"fill-opacity="0.7""#, #"fill-opacity="\#(value)""#)],
      .invalidOpacity(value: value, line: 4, column: 97)
    ).check()
  }

  @Test(
    "width and height must be finite and greater than 0",
    arguments: [
      StrictErrorCase(
        "width 0", [(#"width="89""#, #"width="0""#)],
        .invalidLength(attribute: "width", value: "0", line: 4, column: 52)),
      StrictErrorCase(
        "width -0", [(#"width="89""#, #"width="-0""#)],
        .invalidLength(attribute: "width", value: "-0", line: 4, column: 52)),
      StrictErrorCase(
        "height -3", [(#"height="92""#, #"height="-3""#)],
        .invalidLength(attribute: "height", value: "-3", line: 4, column: 64)),
      StrictErrorCase(
        "width 1e400", [(#"width="89""#, #"width="1e400""#)],
        .invalidLength(attribute: "width", value: "1e400", line: 4, column: 52)),
      StrictErrorCase(
        "width NaN", [(#"width="89""#, #"width="NaN""#)],
        .invalidLength(attribute: "width", value: "NaN", line: 4, column: 52)),
      StrictErrorCase(
        "width inf", [(#"width="89""#, #"width="inf""#)],
        .invalidLength(attribute: "width", value: "inf", line: 4, column: 52)),
      StrictErrorCase(
        "canvas width 0", [(#"width="1024""#, #"width="0""#)],
        .invalidLength(attribute: "width", value: "0", line: 2, column: 48)),
      StrictErrorCase(
        "canvas height -768", [(#"height="768""#, #"height="-768""#)],
        .invalidLength(attribute: "height", value: "-768", line: 2, column: 62)),
    ])
  func invalidLength(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "x and y must be finite numbers",
    arguments: [
      StrictErrorCase(
        "x 1e999", [(#"x="45""#, #"x="1e999""#)],
        .invalidNumber(attribute: "x", value: "1e999", line: 4, column: 34)),
      StrictErrorCase(
        "x abc", [(#"x="45""#, #"x="abc""#)],
        .invalidNumber(attribute: "x", value: "abc", line: 4, column: 34)),
      StrictErrorCase(
        "x empty", [(#"x="45""#, #"x="""#)],
        .invalidNumber(attribute: "x", value: "", line: 4, column: 34)),
      StrictErrorCase(
        "x with a leading blank", [(#"x="45""#, #"x=" 5""#)],
        .invalidNumber(attribute: "x", value: " 5", line: 4, column: 34)),
      StrictErrorCase(
        "x with a unit", [(#"x="45""#, #"x="45px""#)],
        .invalidNumber(attribute: "x", value: "45px", line: 4, column: 34)),
      StrictErrorCase(
        "x NaN", [(#"x="45""#, #"x="NaN""#)],
        .invalidNumber(attribute: "x", value: "NaN", line: 4, column: 34)),
      StrictErrorCase(
        "y -1e999", [(#"y="44""#, #"y="-1e999""#)],
        .invalidNumber(attribute: "y", value: "-1e999", line: 4, column: 41)),
    ])
  func invalidNumber(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "text is allowed only in <title>, reported at its first non-blank character",
    arguments: [
      StrictErrorCase(
        "text directly in <svg>", [("  <title>Sketch", "  stray <title>Sketch")],
        .unexpectedText(line: 3, column: 3)),
      StrictErrorCase(
        "text inside <rect>",
        [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7">oops</rect>"#)],
        .unexpectedText(line: 4, column: 102)),
      StrictErrorCase(
        "text after the last <rect>", [("\n</svg>", "\n  tail\n</svg>")],
        .unexpectedText(line: 6, column: 3)),
      StrictErrorCase(
        "text after a <rect> on its line, before the next line's",
        [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7"/> stray"#)],
        .unexpectedText(line: 4, column: 104)),
    ])
  func unexpectedText(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "a document type declaration is refused, at its <",
    arguments: [
      StrictErrorCase(
        "<!DOCTYPE svg>", [("?>\n<svg", "?>\n<!DOCTYPE svg>\n<svg")],
        .documentTypeDeclaration(line: 2, column: 1)),
      StrictErrorCase(
        "the SVG 1.1 DTD",
        [
          (
            "?>\n<svg",
            """
            ?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" \
            "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg
            """
          )
        ],
        .documentTypeDeclaration(line: 2, column: 1)),
      StrictErrorCase(
        "an entity expansion bomb",
        [
          (
            "?>\n<svg",
            """
            ?>
            <!DOCTYPE svg [
              <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
              <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            ]>
            <svg
            """
          ),
          ("<title>Sketch", "<title>&d;Sketch"),
        ],
        .documentTypeDeclaration(line: 2, column: 1)),
      StrictErrorCase(
        "after a comment on its line", [("?>\n<svg", "?>\n<!-- c --> <!DOCTYPE svg>\n<svg")],
        .documentTypeDeclaration(line: 2, column: 12)),
    ])
  func documentTypeDeclaration(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test("an external entity is refused with the DOCTYPE and never read")
  func externalEntity() throws {
    let doctype = """
      ?>
      <!DOCTYPE svg [
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
      ]>
      <svg
      """
    let input = try #require(
      edited([("?>\n<svg", doctype), ("<title>Sketch</title>", "<title>&xxe;</title>")]))
    let error = try #require(decodingError(input))
    #expect(error == .documentTypeDeclaration(line: 2, column: 1))
    #expect(!error.description.contains("root:"))
    #expect(!error.message.contains("root:"))

    let parameterEntity = """
      ?>
      <!DOCTYPE svg [
        <!ENTITY % ext SYSTEM "file:///etc/passwd">
        %ext;
      ]>
      <svg
      """
    let second = try #require(edited([("?>\n<svg", parameterEntity)]))
    let secondError = try #require(decodingError(second))
    #expect(secondError == .documentTypeDeclaration(line: 2, column: 1))
    #expect(!secondError.description.contains("root:"))
  }

  @Test(
    "an undeclared entity reference is refused at its &, never expanded",
    arguments: [
      StrictErrorCase(
        "&foo; in the title", [("<title>Sketch", "<title>&foo;Sketch")],
        .entityReference(name: "foo", line: 3, column: 10)),
      StrictErrorCase(
        "&foo; in an attribute", [(##"fill="#ebc641""##, #"fill="&foo;""#)],
        .entityReference(name: "foo", line: 4, column: 74)),
    ])
  func entityReference(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test(
    "malformed XML is reported with the line libxml2 reports",
    arguments: [
      // libxml2's push parser reports the end of the last line with content (xmllint's pull
      // parser says line 6).
      StrictMalformedCase(
        label: "unclosed <svg>", input: edited([("</svg>\n", "")]), line: 5),
      StrictMalformedCase(
        label: "unclosed start tag",
        input: edited([(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7""#)]), line: 5),
      StrictMalformedCase(
        label: "mismatched end tag", input: edited([("</title>", "</titel>")]), line: 3),
      StrictMalformedCase(
        label: "attribute without quotes", input: edited([(#"x="45""#, "x=45")]), line: 4),
      StrictMalformedCase(
        label: "< in an attribute value", input: edited([(#"x="45""#, #"x="<45""#)]), line: 4),
      StrictMalformedCase(
        label: "a bare & in the title",
        input: edited([("<title>Sketch", "<title>Sketch & Co")]), line: 3),
      StrictMalformedCase(
        label: "two root elements", input: edited([("</svg>\n", "</svg>\n<svg/>\n")]), line: 7),
      StrictMalformedCase(
        label: "an unterminated comment",
        input: edited([("</svg>\n", "</svg>\n<!-- never closed\n")]), line: 8),
      StrictMalformedCase(label: "empty input", input: [], line: 1),
      StrictMalformedCase(
        label: "invalid UTF-8: 0xFF in the title",
        input: edited("Sketch", withBytes: [0x53, 0x6B, 0xFF, 0x65, 0x74, 0x63, 0x68]), line: 3),
      StrictMalformedCase(
        label: "invalid UTF-8: truncated sequence",
        input: edited("Sketch", withBytes: [0x53, 0x6B, 0xC3, 0x28, 0x65, 0x74, 0x63, 0x68]),
        line: 3),
      StrictMalformedCase(
        label: "invalid UTF-8: overlong encoding",
        input: edited("Sketch", withBytes: [0x53, 0x6B, 0xC0, 0xAF, 0x65, 0x74, 0x63, 0x68]),
        line: 3),
      StrictMalformedCase(
        label: "invalid UTF-8: encoded surrogate",
        input: edited("Sketch", withBytes: [0x53, 0x6B, 0xED, 0xA0, 0x80, 0x65, 0x74, 0x63, 0x68]),
        line: 3),
      StrictMalformedCase(
        label: "invalid UTF-8: 0xFF in an attribute",
        input: edited(#"x="45""#, withBytes: Array(#"x="4"#.utf8) + [0xFF] + Array(#"5""#.utf8)),
        line: 4),
      StrictMalformedCase(
        label: "invalid UTF-8: 0xFF as the first byte",
        input: [0xFF] + Array(canonicalText.utf8),
        line: 1),
      StrictMalformedCase(
        label: "a NUL byte in the title",
        input: edited("Sketch", withBytes: [0x53, 0x6B, 0x00, 0x65, 0x74, 0x63, 0x68]), line: 3),
      StrictMalformedCase(
        label: "a character reference to U+0001",
        input: edited([("<title>Sketch", "<title>Sk&#1;etch")]), line: 3),
    ])
  func malformedXML(_ testCase: StrictMalformedCase) throws {
    let input = try #require(testCase.input, "the edit does not match the template")
    let error = try #require(decodingError(input), "the input was accepted")
    guard case .malformedXML(let message, let line, let column) = error else {
      Issue.record("expected .malformedXML at line \(testCase.line), got \(error)")
      return
    }
    #expect(line == testCase.line, "\(error)")
    #expect(column >= 1)
    #expect(!message.isEmpty)
  }

  @Test(
    "viewBox must be 0 0 width height",
    arguments: ["0 0 10 10", "0 0 1024", "10 0 1024 768", "0 0 1024 768 1", "none", ""])
  func invalidViewBox(_ value: String) throws {
    try StrictErrorCase(
      value, [(#"viewBox="0 0 1024 768""#, #"viewBox="\#(value)""#)],
      .invalidViewBox(value: value, expected: "0 0 1024 768", line: 2, column: 76)
    ).check()
  }

  @Test("data-drawdoc must be 1", arguments: ["2", "0", ""])
  func unsupportedVersion(_ value: String) throws {
    try StrictErrorCase(
      value, [(#"data-drawdoc="1""#, #"data-drawdoc="\#(value)""#)],
      .unsupportedVersion(value: value, line: 2, column: 104)
    ).check()
  }

  @Test(
    "data-created and data-modified must be UTC times to the second",
    arguments: [
      StrictErrorCase(
        "created with a blank", [("2026-11-21T08:00:00Z", "2026-11-21 08:00:00Z")],
        .invalidTimestamp(
          attribute: "data-created", value: "2026-11-21 08:00:00Z", line: 2, column: 143)),
      StrictErrorCase(
        "created with an offset", [("2026-11-21T08:00:00Z", "2026-11-21T08:00:00+01:00")],
        .invalidTimestamp(
          attribute: "data-created", value: "2026-11-21T08:00:00+01:00", line: 2, column: 143)
      ),
      StrictErrorCase(
        "created with a fraction", [("2026-11-21T08:00:00Z", "2026-11-21T08:00:00.5Z")],
        .invalidTimestamp(
          attribute: "data-created", value: "2026-11-21T08:00:00.5Z", line: 2, column: 143)),
      StrictErrorCase(
        "modified in month 13", [("2026-11-21T08:05:12Z", "2026-13-01T08:05:12Z")],
        .invalidTimestamp(
          attribute: "data-modified", value: "2026-13-01T08:05:12Z", line: 2, column: 180)),
      StrictErrorCase(
        "modified on February 30", [("2026-11-21T08:05:12Z", "2026-02-30T08:05:12Z")],
        .invalidTimestamp(
          attribute: "data-modified", value: "2026-02-30T08:05:12Z", line: 2, column: 180)),
      StrictErrorCase(
        "modified empty", [("2026-11-21T08:05:12Z", "")],
        .invalidTimestamp(attribute: "data-modified", value: "", line: 2, column: 180)),
    ])
  func invalidTimestamp(_ testCase: StrictErrorCase) throws {
    try testCase.check()
  }

  @Test("a title longer than the model allows is refused at <title>")
  func titleTooLong() throws {
    let longest = String(repeating: "a", count: Plane.maximumTitleLength)
    let accepted = try #require(edited([("<title>Sketch", "<title>" + longest)]))
    #expect(try SVGDecoder.decode(accepted) == expectedDrawing(title: longest))

    let input = try #require(edited([("<title>Sketch", "<title>a" + longest)]))
    let error = try #require(decodingError(input))
    guard case .invalidTitle(let reason, let line, let column) = error else {
      Issue.record("expected .invalidTitle at 3:3, got \(error)")
      return
    }
    #expect(line == 3)
    #expect(column == 3)
    #expect(!reason.isEmpty)
  }

  @Test("an error past the parser's first 256 KiB still names its line and column")
  func errorAfterTheFirstChunk() throws {
    // 4000 rectangle lines of 103 bytes: the 2543rd (line 2546) straddles byte 262 144.
    for badIndex in [2542, 3999] {
      let input = Array(manyRectangles(count: 4000, badFillAt: badIndex).utf8)
      #expect(
        decodingError(input) == .invalidColor(value: "#ebc64", line: badIndex + 4, column: 74))
    }
    let valid = Array(manyRectangles(count: 4000, badFillAt: nil).utf8)
    #expect(try SVGDecoder.decode(valid).plane.count == 4000)
  }
}

/// The template's header and `count` copies of its first rectangle with distinct ids, the
/// one at `badFillAt` with `fill="#ebc64"` (one digit short, so its line keeps its layout
/// up to the value).
private func manyRectangles(count: Int, badFillAt badIndex: Int?) -> String {
  var text = canonicalText.split(separator: "\n", omittingEmptySubsequences: false)
    .prefix(3).joined(separator: "\n")
  text += "\n"
  for index in 0..<count {
    let digits = Array(String(1_000_000 + index).dropFirst())
    let id = "a\(digits[0])\(digits[1])-\(digits[2])\(digits[3])\(digits[4])-\(digits[5])zz"
    var line = firstRectangleLine.replacing("afy-kw5-t7o", with: id)
    if index == badIndex {
      line = line.replacing("#ebc641", with: "#ebc64")
    }
    text += line + "\n"
  }
  return text + "</svg>\n"
}

// MARK: - Big documents, read in parts

/// A drawing read in parts cut at `cuts`, from bytes in memory; `nil` if the read in parts does
/// not take the document.
private func partedDrawing(_ bytes: [UInt8], cutAt cuts: [Int]) throws -> Drawing? {
  try SAXParser.withInput(bytes) { PartedRead.drawing(from: $0, cutAt: cuts) }
}

/// The drawing a read on one thread gives, whatever the document's size.
private func oneThreadDrawing(_ bytes: [UInt8]) throws -> Drawing? {
  let reader = StrictDrawingReader()
  try SAXParser.parse(bytes, handler: reader)
  return reader.drawing
}

/// The offsets of the `<` of each line that starts (after blanks) with `prefix`.
private func lineStarts(of prefix: String, in bytes: [UInt8]) -> [Int] {
  var offsets: [Int] = []
  var lineStart = 0
  for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
    var first = lineStart
    while first < index, bytes[first] == 0x20 { first += 1 }
    if bytes[first..<index].starts(with: Array(prefix.utf8)) { offsets.append(first) }
    lineStart = index + 1
  }
  return offsets
}

/// A big document is read in parts, each with its own parser, cut before a `<` near each even
/// division of its bytes. A cut anywhere but between two children of the root makes the read
/// in parts fail, and the document is read again on one thread, which names any problem. So
/// the drawing and the error must be exactly those of a read on one thread, wherever the cuts
/// fall.
@Suite("StrictReader in parts")
struct StrictReaderPartTests {
  /// 12,000 rectangle lines of 103 bytes: 1.24 MB, past the one-megabyte threshold.
  static let count = 12_000

  /// `manyRectangles(count:)` with line `4 + index` edited.
  static func bigDocument(editing index: Int, _ edit: (String) -> String) -> [UInt8] {
    var lines = manyRectangles(count: count, badFillAt: nil)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[3 + index] = edit(lines[3 + index])
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// Valid documents whose spelling puts traps where a cut might fall.
  static let validDocuments: [(String, [UInt8]?)] = [
    ("the template", Array(canonicalText.utf8)),
    (
      "comments, a processing instruction and CDATA",
      edited([
        ("<title>Sketch</title>", "<title>Ske<![CDATA[tch]]><!-- <rect> --></title>"),
        (
          "\n" + secondRectangleLine,
          "\n  <!-- > <rect data-id=\"zzz-zzz-zzz\"/> -->\n  <?pi > <rect ?>\n"
            + secondRectangleLine
        ),
      ])
    ),
    (
      "a prefixed root and namespaces to declare again",
      edited([
        (
          #"<svg xmlns="http://www.w3.org/2000/svg""#,
          #"<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:o="urn:a&amp;b""#
        ),
        ("<title>Sketch</title>", "<s:title>Sketch</s:title>"),
        ("  <rect data-id=\"afy", "  <s:rect data-id=\"afy"),
        ("  <rect data-id=\"b2c", "  <s:rect data-id=\"b2c"),
        ("</svg>", "</s:svg>"),
      ])
    ),
    ("CRLF line ends", Array(canonicalText.replacing("\n", with: "\r\n").utf8)),
    ("a byte-order mark", [0xEF, 0xBB, 0xBF] + Array(canonicalText.utf8)),
    (
      "rectangles on one line, no blanks",
      edited([("fill-opacity=\"0.7\"/>\n  <rect", "fill-opacity=\"0.7\"/><rect")])
    ),
  ]

  @Test(arguments: validDocuments.map(\.0))
  func everyCutGivesTheDrawingOfOneThreadOrNothing(_ label: String) throws {
    let bytes = try #require(Self.validDocuments.first { $0.0 == label }?.1)
    let expected = try #require(try oneThreadDrawing(bytes))
    // Cuts known to fall between two children of the root: before each rectangle and
    // before the root's end tag.
    let goodCuts = Set(
      lineStarts(of: "<rect", in: bytes) + lineStarts(of: "<s:rect", in: bytes)
        + lineStarts(of: "</svg>", in: bytes) + lineStarts(of: "</s:svg>", in: bytes)
        + bytes.indices.filter { bytes[$0...].starts(with: Array("/><rect".utf8)) }.map { $0 + 2 })
    #expect(goodCuts.count >= 3, "\(label): the document lost its rectangles")
    var taken = 0
    for cut in 1..<bytes.count {
      let drawing = try partedDrawing(bytes, cutAt: [cut])
      if let drawing {
        taken += 1
        guard drawing == expected else {
          Issue.record("\(label): a cut at \(cut) gives \(drawing)")
          return
        }
      } else if goodCuts.contains(cut) {
        Issue.record("\(label): a cut at \(cut), between two rectangles, is not taken")
      }
    }
    #expect(taken >= goodCuts.count)
    // Three parts: a first cut where one is taken, a second anywhere after it.
    for first in goodCuts.sorted().dropLast() {
      for second in (first + 1)..<bytes.count {
        let drawing = try partedDrawing(bytes, cutAt: [first, second])
        if let drawing, drawing != expected {
          Issue.record("\(label): cuts at \(first) and \(second) give \(drawing)")
          return
        }
        if drawing == nil, goodCuts.contains(second) {
          Issue.record("\(label): cuts at \(first) and \(second) are not taken")
        }
      }
    }
  }

  /// Documents a read on one thread refuses, each with a problem that a part after a cut
  /// could not see on its own.
  static let invalidDocuments: [(String, [UInt8]?)] = [
    ("a duplicate id", edited([("data-id=\"b2c-3d4-e5f\"", "data-id=\"afy-kw5-t7o\"")])),
    ("a second title", edited([("</svg>", "<title>Again</title>\n</svg>")])),
    ("stray text", edited([("</svg>", "stray\n</svg>")])),
    ("another element", edited([("</svg>", "<circle r=\"1\"/>\n</svg>")])),
    ("an element after the root", edited([("</svg>\n", "</svg>\n<rect/>\n")])),
    ("no end tag", edited([("</svg>\n", "\n")])),
    ("a bad value", edited([("fill=\"#0a0b0c\"", "fill=\"#0a0b0\"")])),
    (
      "a rectangle with content",
      edited([("fill-opacity=\"1\"/>", "fill-opacity=\"1\"><a/></rect>")])
    ),
    (
      "a document type",
      edited([("?>\n<svg", "?>\n<!DOCTYPE svg>\n<svg")])
    ),
  ]

  @Test(arguments: invalidDocuments.map(\.0))
  func noCutMakesARefusedDocumentReadable(_ label: String) throws {
    let bytes = try #require(Self.invalidDocuments.first { $0.0 == label }?.1)
    #expect(throws: SVGDecodingError.self, "\(label)") { try oneThreadDrawing(bytes) }
    for cut in 1..<bytes.count {
      if let drawing = try partedDrawing(bytes, cutAt: [cut]) {
        Issue.record("\(label): a cut at \(cut) gives \(drawing)")
        return
      }
    }
  }

  @Test func cutsOutOfOrderOrOutsideTheDocumentAreRefused() throws {
    let bytes = Array(canonicalText.utf8)
    let rectangles = lineStarts(of: "<rect", in: bytes)
    #expect(try partedDrawing(bytes, cutAt: rectangles) != nil)
    for cuts in [[], rectangles.reversed(), [rectangles[0], rectangles[0]], [0], [bytes.count]] {
      #expect(try partedDrawing(bytes, cutAt: cuts) == nil, "\(cuts)")
    }
  }

  @Test func aDocumentInAnotherEncodingIsReadOnOneThread() throws {
    // Bytes from the middle of a Latin-1 document are not UTF-8 on their own.
    let bytes = try #require(
      edited(
        [
          ("encoding=\"UTF-8\"", "encoding=\"ISO-8859-1\""),
          ("<title>Sketch", "<title>Sk\u{E9}tch"),
        ])
    )
    .map { $0 }
    let latin1 = Array(
      String(decoding: bytes, as: UTF8.self).unicodeScalars.map { UInt8($0.value) })
    let expected = try #require(try oneThreadDrawing(latin1))
    #expect(expected.plane.title == "Sk\u{E9}tch")
    for cut in lineStarts(of: "<rect", in: latin1) {
      #expect(try partedDrawing(latin1, cutAt: [cut]) == nil)
    }
    let plain = Array(canonicalText.utf8)
    #expect(
      try partedDrawing(plain, cutAt: [try #require(lineStarts(of: "<rect", in: plain).last)])
        != nil)
  }

  @Test func cutsFallBeforeATagNearEachDivision() throws {
    let bytes = Array(manyRectangles(count: Self.count, badFillAt: nil).utf8)
    let rectangles = Set(lineStarts(of: "<rect", in: bytes))
    try SAXParser.withInput(bytes) { input in
      for partCount in [2, 3, 4] {
        let cuts = PartedRead.cuts(in: input, partCount: partCount)
        #expect(cuts.count == partCount - 1)
        for (index, cut) in cuts.enumerated() {
          let division = bytes.count / partCount * (index + 1)
          #expect(rectangles.contains(cut))
          #expect(cut >= division && cut < division + 110, "\(partCount) parts: cut \(cut)")
        }
      }
    }
    // Blanks at the division: the cut is at the first tag after them; none after the last
    // rectangle but the root's end tag: no cut.
    let header = manyRectangles(count: 0, badFillAt: nil).replacing("</svg>\n", with: "")
    let padded = Array(
      (header + String(repeating: " ", count: 300_000) + firstRectangleLine
        + "\n</svg>\n").utf8)
    try SAXParser.withInput(padded) { input in
      #expect(PartedRead.cuts(in: input, partCount: 2) == lineStarts(of: "<rect", in: padded))
    }
    // A tag on either side of the end of the first window looked at, whose last byte is
    // looked at again in the next.
    let rest = Array((firstRectangleLine + "\n</svg>\n").utf8)
    var distances: Set<Int> = []
    // The tag is at header + padding + 2, the division at half of header + padding + rest.
    let middle = 2 * PartedRead.windowSize + rest.count - header.utf8.count - 4
    for padding in (middle - 10)...(middle + 10) {
      let bytes = Array(header.utf8) + [UInt8](repeating: 0x20, count: padding) + rest
      let tag = try #require(lineStarts(of: "<rect", in: bytes).first)
      let distance = tag - bytes.count / 2
      guard abs(distance - PartedRead.windowSize) <= 3 else { continue }
      distances.insert(distance)
      try SAXParser.withInput(bytes) { input in
        #expect(PartedRead.cuts(in: input, partCount: 2) == [tag], "\(distance) after the division")
      }
    }
    #expect(distances.count >= 4)
    let trailing = Array(
      (header + firstRectangleLine + String(repeating: " ", count: 300_000)
        + "\n</svg>\n").utf8)
    try SAXParser.withInput(trailing) { input in
      #expect(PartedRead.cuts(in: input, partCount: 2).isEmpty)
    }
  }

  @Test func aBigDocumentIsReadInPartsAndASmallOneIsNot() throws {
    let big = Array(manyRectangles(count: Self.count, badFillAt: nil).utf8)
    let expected = try #require(try oneThreadDrawing(big))
    try SAXParser.withInput(big) { input in
      for partCount in [2, 3, 4] {
        let cuts = PartedRead.cuts(in: input, partCount: partCount)
        #expect(PartedRead.drawing(from: input, cutAt: cuts) == expected)
      }
    }
    let small = Array(manyRectangles(count: 4000, badFillAt: nil).utf8)
    #expect(small.count < PartedRead.minimumByteCount)
    try SAXParser.withInput(small) { input in #expect(PartedRead.drawing(from: input) == nil) }
  }

  @Test func aBigFileIsReadInPartsLikeItsBytes() throws {
    let bytes = Array(manyRectangles(count: Self.count, badFillAt: nil).utf8)
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("parts-\(UUID().uuidString).svg").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let expected = try #require(try oneThreadDrawing(bytes))
    try SAXParser.withInput(ofFile: path) { input in
      let cuts = PartedRead.cuts(in: input, partCount: 2)
      #expect(PartedRead.drawing(from: input, cutAt: cuts) == expected)
    }
    #expect(try SVGDecoder.decode(contentsOfFile: path) == expected)
  }

  @Test func aBigDocumentGivesEveryRectangleInOrder() throws {
    let drawing = try SVGDecoder.decode(
      Array(manyRectangles(count: Self.count, badFillAt: nil).utf8))
    #expect(drawing.plane.count == Self.count)
    let template = try #require(try expectedDrawing().plane.rectangles.first)
    for (index, rectangle) in drawing.plane.rectangles.enumerated() {
      let digits = Array(String(1_000_000 + index).dropFirst())
      let id = "a\(digits[0])\(digits[1])-\(digits[2])\(digits[3])\(digits[4])-\(digits[5])zz"
      guard
        rectangle.id.description == id, rectangle.point == template.point,
        rectangle.size == template.size, rectangle.color == template.color,
        rectangle.alpha == template.alpha
      else {
        Issue.record("rectangle \(index) is \(rectangle), expected \(id) like \(template)")
        return
      }
    }
  }

  @Test func aLongSpellingOfAValueIsRead() throws {
    let input = Self.bigDocument(editing: 7000) {
      $0.replacing(#"x="45""#, with: #"x="45."# + String(repeating: "0", count: 100) + #"""#)
    }
    let drawing = try SVGDecoder.decode(input)
    #expect(drawing.plane.count == Self.count)
    #expect(drawing.plane.rectangles[7000].point.x == 45)
  }

  @Test(arguments: [0, 4095, 4096, 6000, 6001, StrictReaderPartTests.count - 1])
  func aBadFillAnywhereIsNamedWhereItIs(index: Int) {
    let input = Array(manyRectangles(count: Self.count, badFillAt: index).utf8)
    #expect(decodingError(input) == .invalidColor(value: "#ebc64", line: index + 4, column: 74))
  }

  @Test func everyKindOfRectangleErrorIsNamedAsOnOneThread() throws {
    let line = 6000 + 4
    let cases: [(String, (String) -> String, SVGDecodingError)] = [
      (
        "a bad number", { $0.replacing(#"x="45""#, with: #"x="4x5""#) },
        .invalidNumber(attribute: "x", value: "4x5", line: line, column: 34)
      ),
      (
        "a zero height", { $0.replacing(#"height="92""#, with: #"height="0""#) },
        .invalidLength(attribute: "height", value: "0", line: line, column: 64)
      ),
      (
        "an opacity between levels",
        { $0.replacing(#"fill-opacity="0.7""#, with: #"fill-opacity="0.75""#) },
        .invalidOpacity(value: "0.75", line: line, column: 97)
      ),
      (
        "a malformed id", { $0.replacing(#"data-id="a00-600-0zz""#, with: #"data-id="a-b""#) },
        .invalidIdentifier(value: "a-b", line: line, column: 18)
      ),
      (
        "an unknown attribute", { $0.replacing(#""/>"#, with: #"" class="x"/>"#) },
        .unexpectedAttribute(name: "class", element: "rect", line: line, column: 102)
      ),
      (
        "a missing attribute", { $0.replacing(#" fill-opacity="0.7""#, with: "") },
        .missingAttribute(name: "fill-opacity", element: "rect", line: line, column: 3)
      ),
      (
        "the id of rectangle 7",
        { $0.replacing(#"data-id="a00-600-0zz""#, with: #"data-id="a00-000-7zz""#) },
        .duplicateIdentifier(id: "a00-000-7zz", line: line, column: 18)
      ),
      (
        "text after the rectangle", { $0 + " stray" },
        .unexpectedText(line: line, column: 104)
      ),
    ]
    for (label, edit, expected) in cases {
      let input = Self.bigDocument(editing: 6000, edit)
      // An edit that misses would test the unedited document: compare sizes, not bytes,
      // so that a failure does not print a megabyte.
      let unedited = Self.bigDocument(editing: 6000) { $0 }
      #expect(input.count != unedited.count || input != unedited, "\(label): the edit missed")
      #expect(decodingError(input) == expected, "\(label)")
    }
  }
}

// MARK: - Free spelling

@Suite("StrictReader free spelling")
struct StrictReaderSpellingTests {
  static let spellings: [StrictSpellingCase] = [
    StrictSpellingCase("the writer's own bytes", [], differsAt: nil),
    StrictSpellingCase(
      "attributes in another order",
      [
        (
          firstRectangleLine,
          ##"  <rect fill-opacity="0.7" fill="#ebc641" height="92" width="89" y="44" x="45" "##
            + #"data-id="afy-kw5-t7o"/>"#
        ),
        (
          #"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768""#,
          #"<svg height="768" width="1024" xmlns="http://www.w3.org/2000/svg""#
        ),
      ],
      differsAt: (2, 6)),
    StrictSpellingCase(
      "single quotes",
      bytes: Array(canonicalText.replacing("\"", with: "'").utf8), differsAt: (1, 15)),
    StrictSpellingCase(
      "whitespace and line breaks inside tags",
      [
        ("<svg xmlns", "<svg\n    xmlns"),
        (#" width="1024""#, "\n    width = \"1024\"\t"),
        (#"08:05:12Z">"#, "08:05:12Z\"\n>"),
        ("<title>", "<title >"),
        ("</title>", "</title\n  >"),
        (
          firstRectangleLine,
          """
            <rect
              data-id="afy-kw5-t7o"
              x = "45"  y="44"\twidth="89"
              height="92" fill="#ebc641"
              fill-opacity="0.7"
            />
          """
        ),
      ],
      differsAt: (2, 5)),
    StrictSpellingCase(
      "comments anywhere",
      [
        ("?>\n", "?><!-- head -->\n<!-- before the root -->\n"),
        ("\">\n  <title>", "\">\n  <!-- before the title -->\n  <title>"),
        ("<title>Sketch</title>", "<title><!-- a -->Sk<!-- b -->etch<!-- c --></title>"),
        (
          #"fill-opacity="0.7"/>\#n"#,
          #"fill-opacity="0.7"/><!-- after -->\#n  <!-- between -->\#n"#
        ),
        ("</svg>\n", "</svg>\n<!-- tail -->\n"),
      ],
      differsAt: (1, 39)),
    StrictSpellingCase(
      "a UTF-8 byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(canonicalText.utf8),
      differsAt: (1, 1)),
    StrictSpellingCase(
      "<rect …></rect>",
      [(#"fill-opacity="0.7"/>"#, #"fill-opacity="0.7"></rect>"#)], differsAt: (4, 101)),
    StrictSpellingCase(
      "<rect …> and </rect> on separate lines",
      [(#"fill-opacity="0.7"/>"#, "fill-opacity=\"0.7\">\n  </rect>")], differsAt: (4, 101)),
    StrictSpellingCase("x 45.0", [(#"x="45""#, #"x="45.0""#)], differsAt: (4, 36)),
    StrictSpellingCase("x 4.5e1", [(#"x="45""#, #"x="4.5e1""#)], differsAt: (4, 35)),
    StrictSpellingCase("x 4.5E1", [(#"x="45""#, #"x="4.5E1""#)], differsAt: (4, 35)),
    StrictSpellingCase("x +45", [(#"x="45""#, #"x="+45""#)], differsAt: (4, 34)),
    StrictSpellingCase("x 045", [(#"x="45""#, #"x="045""#)], differsAt: (4, 34)),
    StrictSpellingCase("x 450e-1", [(#"x="45""#, #"x="450e-1""#)], differsAt: (4, 36)),
    StrictSpellingCase("y 44.000", [(#"y="44""#, #"y="44.000""#)], differsAt: (4, 43)),
    StrictSpellingCase("width 8.9e+1", [(#"width="89""#, #"width="8.9e+1""#)], differsAt: (4, 53)),
    StrictSpellingCase("height 9.2E1", [(#"height="92""#, #"height="9.2E1""#)], differsAt: (4, 65)),
    StrictSpellingCase("x 10.50", [(#"x="10.5""#, #"x="10.50""#)], differsAt: (5, 38)),
    StrictSpellingCase(
      "canvas 1024.0 × 768.0",
      [(#"width="1024""#, #"width="1024.0""#), ("0 0 1024 768", "0 0 1024.0 768.0")],
      differsAt: (2, 52)),
    StrictSpellingCase(
      "viewBox with commas", [("0 0 1024 768", "0,0,1024,768")], differsAt: (2, 77)),
    StrictSpellingCase(
      "viewBox with extra blanks", [("0 0 1024 768", "  0 0  1024 768 ")], differsAt: (2, 76)),
    StrictSpellingCase("fill #EBC641", [("#ebc641", "#EBC641")], differsAt: (4, 75)),
    StrictSpellingCase("fill #EbC641", [("#ebc641", "#EbC641")], differsAt: (4, 75)),
    StrictSpellingCase(
      "fill as a character reference", [(##"fill="#ebc641""##, #"fill="&#35;ebc641""#)],
      differsAt: (4, 74)),
    StrictSpellingCase(
      "fill-opacity 0.70", [(#"fill-opacity="0.7""#, #"fill-opacity="0.70""#)],
      differsAt: (4, 100)),
    StrictSpellingCase(
      "fill-opacity .7", [(#"fill-opacity="0.7""#, #"fill-opacity=".7""#)], differsAt: (4, 97)),
    StrictSpellingCase(
      "fill-opacity 7e-1", [(#"fill-opacity="0.7""#, #"fill-opacity="7e-1""#)],
      differsAt: (4, 97)),
    StrictSpellingCase(
      "fill-opacity 1.0", [(#"fill-opacity="1""#, #"fill-opacity="1.0""#)], differsAt: (5, 101)),
    StrictSpellingCase(
      "a CDATA section in the title",
      [("<title>Sketch</title>", "<title><![CDATA[Sketch]]></title>")], differsAt: (3, 10)),
    StrictSpellingCase(
      "a CDATA section inside the title",
      [("<title>Sketch</title>", "<title>Sk<![CDATA[et]]>ch</title>")], differsAt: (3, 12)),
    StrictSpellingCase(
      "a decimal character reference in the title",
      [("<title>Sketch</title>", "<title>&#83;ketch</title>")], differsAt: (3, 10)),
    StrictSpellingCase(
      "a hexadecimal character reference in the title",
      [("<title>Sketch</title>", "<title>Sk&#x65;tch</title>")], differsAt: (3, 12)),
    StrictSpellingCase(
      "&#65;&#66; in the title", [("<title>Sketch</title>", "<title>&#65;&#66;</title>")],
      title: "AB", differsAt: (3, 10)),
    StrictSpellingCase(
      "&amp; in the title", [("<title>Sketch</title>", "<title>Sketch &amp; Co</title>")],
      title: "Sketch & Co", differsAt: nil),
    StrictSpellingCase(
      "&lt; &gt; &quot; in the title",
      [("<title>Sketch</title>", "<title>&lt;b&gt; &quot;x&quot;</title>")],
      title: "<b> \"x\"", differsAt: nil),
    StrictSpellingCase(
      "&apos; in the title", [("<title>Sketch</title>", "<title>it&apos;s</title>")],
      title: "it's", differsAt: (3, 12)),
    StrictSpellingCase(
      "a raw > in the title", [("<title>Sketch</title>", "<title>a > b</title>")],
      title: "a > b", differsAt: (3, 12)),
    StrictSpellingCase(
      "&#38; in the title", [("<title>Sketch</title>", "<title>Sketch &#38; Co</title>")],
      title: "Sketch & Co", differsAt: (3, 18)),
    StrictSpellingCase(
      "a carriage return in the title",
      [("<title>Sketch</title>", "<title>Sketch&#13;</title>")], title: "Sketch\r",
      differsAt: nil),
    StrictSpellingCase(
      "an empty title", [("<title>Sketch</title>", "<title></title>")], title: "",
      differsAt: nil),
    StrictSpellingCase(
      "a self-closing empty title", [("<title>Sketch</title>", "<title/>")], title: "",
      differsAt: (3, 9)),
    StrictSpellingCase(
      "no XML declaration", [(#"<?xml version="1.0" encoding="UTF-8"?>\#n"#, "")],
      differsAt: (1, 2)),
    StrictSpellingCase(
      "an XML declaration without encoding",
      [(#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<?xml version="1.0"?>"#)],
      differsAt: (1, 20)),
    StrictSpellingCase(
      "CRLF line ends", bytes: Array(canonicalText.replacing("\n", with: "\r\n").utf8),
      differsAt: (1, 39)),
    StrictSpellingCase(
      "tabs for indentation", bytes: Array(canonicalText.replacing("\n  <", with: "\n\t<").utf8),
      differsAt: (3, 1)),
    StrictSpellingCase(
      "blank lines between elements", [("</title>\n", "</title>\n\n   \n")], differsAt: (4, 1)),
    StrictSpellingCase("no final line break", [("</svg>\n", "</svg>")], differsAt: (6, 7)),
  ]

  @Test("the template is exactly what the writer produces, and the canonical reader takes it")
  func templateIsCanonical() throws {
    let drawing = try expectedDrawing()
    let bytes = SVGEncoder.encode(drawing)
    #expect(bytes == Array(canonicalText.utf8))
    #expect(try SVGDecoder.decodeCanonical(bytes) == drawing)
    #expect(try SVGDecoder.decode(bytes) == drawing)
  }

  @Test("another spelling of the same XML gives the same drawing", arguments: spellings)
  func freeSpellingIsAccepted(_ testCase: StrictSpellingCase) throws {
    let input = try #require(testCase.input, "the edit does not match the template")
    let expected = try expectedDrawing(title: testCase.title)
    let drawing = try SVGDecoder.decode(input)
    #expect(drawing == expected)
    #expect(SVGEncoder.encode(drawing) == SVGEncoder.encode(expected))
  }

  @Test(
    "the canonical reader refuses any other spelling at its first difference",
    arguments: spellings)
  func canonicalReaderRefusesOtherSpellings(_ testCase: StrictSpellingCase) throws {
    let input = try #require(testCase.input, "the edit does not match the template")
    let expected = try expectedDrawing(title: testCase.title)
    guard let difference = testCase.firstDifference else {
      #expect(input == SVGEncoder.encode(expected))
      #expect(try SVGDecoder.decodeCanonical(input) == expected)
      return
    }
    do {
      let drawing = try SVGDecoder.decodeCanonical(input)
      Issue.record("accepted as canonical: \(drawing.plane.title)")
    } catch {
      guard case .notCanonical(let wanted, let found, let line, let column) = error else {
        Issue.record("expected .notCanonical at \(difference), got \(error)")
        return
      }
      #expect(line == difference.line, "\(error)")
      #expect(column == difference.column, "\(error)")
      #expect(!wanted.isEmpty)
      #expect(!found.isEmpty)
      #expect(wanted != found)
    }
  }
}

// MARK: - Messages and files

@Suite("StrictReader messages and files")
struct StrictReaderMessageTests {
  static let located: [SVGDecodingError] = [
    .malformedXML(message: "Extra content at the end of the document", line: 7, column: 1),
    .documentTypeDeclaration(line: 2, column: 1),
    .entityReference(name: "foo", line: 3, column: 10),
    .unexpectedRoot(name: "html", line: 2, column: 1),
    .wrongNamespace(element: "svg", namespace: nil, line: 2, column: 1),
    .wrongNamespace(element: "svg", namespace: "urn:x", line: 2, column: 1),
    .unexpectedElement(name: "circle", expected: "<rect>", line: 5, column: 3),
    .missingTitle(line: 3, column: 1),
    .missingAttribute(name: "fill", element: "rect", line: 4, column: 3),
    .unexpectedAttribute(name: "stroke", element: "rect", line: 4, column: 102),
    .unexpectedAttribute(name: "class", element: "svg", line: 2, column: 202),
    .unexpectedAttribute(name: "lang", element: "title", line: 3, column: 10),
    .invalidNumber(attribute: "x", value: "abc", line: 4, column: 34),
    .invalidLength(attribute: "width", value: "0", line: 4, column: 52),
    .invalidIdentifier(value: "AFY-kw5-t7o", line: 4, column: 18),
    .duplicateIdentifier(id: "afy-kw5-t7o", line: 5, column: 18),
    .invalidColor(value: "red", line: 4, column: 74),
    .invalidOpacity(value: "0.75", line: 4, column: 97),
    .invalidViewBox(value: "0 0 10 10", expected: "0 0 1024 768", line: 2, column: 76),
    .unsupportedVersion(value: "2", line: 2, column: 104),
    .invalidTimestamp(attribute: "data-created", value: "", line: 2, column: 143),
    .invalidTitle(reason: "it is too long", line: 3, column: 3),
    .unexpectedText(line: 3, column: 3),
    .notCanonical(expected: "'45\"'", found: "'45.0'", line: 4, column: 36),
  ]

  @Test("a located error reads LINE:COL: message", arguments: located)
  func descriptionStartsWithTheLocation(_ error: SVGDecodingError) throws {
    let line = try #require(error.line)
    let column = try #require(error.column)
    #expect(error.description.hasPrefix("\(line):\(column): "))
    #expect(error.description == "\(line):\(column): \(error.message)")
    #expect(!error.message.isEmpty)
    #expect(!error.message.hasPrefix(" "))
  }

  @Test("every error the reader throws for a bad input reads LINE:COL: message")
  func thrownErrorsStartWithTheirLocation() throws {
    let inputs: [[UInt8]?] = [
      edited([(#"x="45""#, #"x="abc""#)]), edited([("</title>", "</titel>")]),
      edited([("?>\n<svg", "?>\n<!DOCTYPE svg>\n<svg")]), [],
    ]
    for input in inputs {
      let bytes = try #require(input)
      let error = try #require(decodingError(bytes))
      let line = try #require(error.line)
      let column = try #require(error.column)
      #expect(error.description.hasPrefix("\(line):\(column): "))
      #expect(!error.message.isEmpty)
    }
  }

  @Test(
    "an error about the file itself has no location and reads PATH: message",
    arguments: [
      SVGDecodingError.fileNotFound(path: "/no/such/file.svg"),
      .unreadableFile(path: "/", reason: "it is a directory"),
    ])
  func fileErrorsHaveNoLocation(_ error: SVGDecodingError) {
    #expect(error.line == nil)
    #expect(error.column == nil)
    #expect(!error.message.isEmpty)
    switch error {
    case .fileNotFound(let path), .unreadableFile(let path, _):
      #expect(error.description == "\(path): \(error.message)")
    default:
      Issue.record("not a file error: \(error)")
    }
  }

  @Test("decoding a missing file throws .fileNotFound with its path")
  func missingFile() {
    let path = "/nonexistent-drawdoc-strict-reader-tests/missing.svg"
    #expect(throws: SVGDecodingError.fileNotFound(path: path)) {
      try SVGDecoder.decode(contentsOfFile: path)
    }
  }

  @Test("decoding a directory throws .unreadableFile")
  func directory() {
    do {
      _ = try SVGDecoder.decode(contentsOfFile: "/")
      Issue.record("a directory was decoded")
    } catch {
      guard case .unreadableFile(let path, let reason) = error else {
        Issue.record("expected .unreadableFile, got \(error)")
        return
      }
      #expect(path == "/")
      #expect(!reason.isEmpty)
    }
  }

  @Test("a file gives the same drawing and the same errors as its bytes")
  func fileMatchesBytes() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-strict-reader-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let good = directory.appendingPathComponent("good.svg")
    try Data(canonicalText.utf8).write(to: good)
    #expect(try SVGDecoder.decode(contentsOfFile: good.path) == expectedDrawing())

    let bad = directory.appendingPathComponent("bad.svg")
    try Data(manyRectangles(count: 4000, badFillAt: 3999).utf8).write(to: bad)
    #expect(throws: SVGDecodingError.invalidColor(value: "#ebc64", line: 4003, column: 74)) {
      try SVGDecoder.decode(contentsOfFile: bad.path)
    }

    let external = directory.appendingPathComponent("external.svg")
    let doctype = """
      ?>
      <!DOCTYPE svg [
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
      ]>
      <svg
      """
    let xxe = try #require(
      edited([("?>\n<svg", doctype), ("<title>Sketch</title>", "<title>&xxe;</title>")]))
    try Data(xxe).write(to: external)
    #expect(throws: SVGDecodingError.documentTypeDeclaration(line: 2, column: 1)) {
      try SVGDecoder.decode(contentsOfFile: external.path)
    }
  }
}
