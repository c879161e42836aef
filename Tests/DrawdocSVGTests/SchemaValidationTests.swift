import DrawdocModel
import DrawdocSVG
import DrawdocXML
import Foundation
import Testing

// Everything here is nested in the suite so that no name collides with the helpers other test
// files of this target declare at file scope.

@Suite struct SchemaValidationTests {
  /// The repository's root folder, three levels above this file.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // DrawdocSVGTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  let validator: SchemaValidator

  init() throws {
    validator = try SchemaValidator(
      relaxNGSchemaAt: Self.root.appendingPathComponent("Schema/drawdoc.rng").path)
  }
}

// MARK: - Drawings the writer produces

extension SchemaValidationTests {
  /// Drawings built with the model, each exercising a different part of the format.
  enum SampleDrawing: String, CaseIterable, CustomTestStringConvertible {
    case empty
    case rectangles
    case escapedTitle
    case extremeNumbers

    var testDescription: String { rawValue }

    func make() throws -> Drawing {
      let created = try Timestamp("2026-11-21T08:00:00Z")
      let modified = try Timestamp("2026-11-21T08:05:12Z")
      let plane: Plane
      switch self {
      case .empty:
        plane = try Plane()
      case .rectangles:
        // One rectangle per alpha level, with fractional and negative coordinates.
        let coordinates: [(Double, Double)] = [
          (45, 44.5), (-12.25, 0.1), (-0.0, -300), (1023.999, 767.5), (0.5, -0.125),
          (100, 100), (-1, -1), (33.333333333333336, 66.66666666666667), (0, 0), (512, 384),
        ]
        var rectangles: [Rectangle] = []
        for (index, alpha) in Alpha.allLevels.enumerated() {
          let (x, y) = coordinates[index]
          rectangles.append(
            Rectangle(
              id: try Identifier("r\(index)a-kw5-t7o"),
              point: try Point(x: x, y: y),
              size: try Size(width: 150 + Double(index) / 4, height: 0.75 + Double(index)),
              color: Color(red: UInt8(index * 25), green: 198, blue: UInt8(255 - index)),
              alpha: alpha))
        }
        plane = try Plane(
          size: Size(width: 1024, height: 768), title: "Sketch", rectangles: rectangles)
      case .escapedTitle:
        let rectangle = Rectangle(
          id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44),
          size: try Size(width: 89, height: 92), color: try Color(red: 235, green: 198, blue: 65),
          alpha: try Alpha(level: 7))
        plane = try Plane(
          size: Size(width: 640.5, height: 480.25), title: "<Tom & \"Jerry\">\r\n\tand 'Spike'",
          rectangles: [rectangle])
      case .extremeNumbers:
        // Values the writer spells with an exponent.
        let rectangle = Rectangle(
          id: try Identifier("000-zzz-9a9"), point: try Point(x: 1e-7, y: -1e21),
          size: try Size(
            width: .leastNonzeroMagnitude, height: .greatestFiniteMagnitude),
          color: Color(red: UInt8(0), green: 0, blue: 0), alpha: try Alpha(level: 10))
        plane = try Plane(
          size: Size(width: 1e-7, height: 1e22), title: "extreme", rectangles: [rectangle])
      }
      return Drawing(
        id: try Identifier("k3j-9xa-0pq"), created: created, modified: modified, plane: plane)
    }
  }
}

// MARK: - Broken files

extension SchemaValidationTests {
  /// The SVG example of docs/format.md; each broken case changes one thing in it.
  static let validFile = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768" \
    data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
    data-modified="2026-11-21T08:05:12Z">
      <title>Sketch</title>
      <rect data-id="afy-kw5-t7o" x="45" y="44.5" width="150" height="120" fill="#ebc641" \
    fill-opacity="0.7"/>
    </svg>

    """

  static let validRect = """
    <rect data-id="afy-kw5-t7o" x="45" y="44.5" width="150" height="120" fill="#ebc641" \
    fill-opacity="0.7"/>
    """

  /// A file that must be rejected, and the line libxml2 reports its first violation on.
  struct BrokenFile: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let line: Int

    var testDescription: String { name }

    init(_ name: String, line: Int, replacing target: String, with replacement: String) {
      precondition(
        SchemaValidationTests.validFile.contains(target), "the case must change the valid file")
      self.name = name
      self.text = SchemaValidationTests.validFile.replacingOccurrences(
        of: target, with: replacement)
      self.line = line
    }

    init(_ name: String, line: Int, text: String) {
      self.name = name
      self.text = text
      self.line = line
    }

    static let all: [BrokenFile] = [
      BrokenFile(
        "wrong root", line: 2, replacing: "<svg xmlns", with: "<g xmlns"
      ).replacing("</svg>", with: "</g>"),
      BrokenFile(
        "wrong namespace", line: 2, replacing: "http://www.w3.org/2000/svg",
        with: "http://www.w3.org/1999/xhtml"),
      BrokenFile(
        "no namespace", line: 2, replacing: #"xmlns="http://www.w3.org/2000/svg" "#, with: ""),
      BrokenFile(
        "extra attribute on rect", line: 4, replacing: #"fill-opacity="0.7""#,
        with: ##"fill-opacity="0.7" stroke="#000000""##),
      BrokenFile(
        "extra attribute on svg", line: 2, replacing: #"data-drawdoc="1""#,
        with: #"data-drawdoc="1" class="drawing""#),
      BrokenFile(
        "bad rect data-id", line: 4, replacing: "afy-kw5-t7o", with: "AFY-kw5-t7o"),
      BrokenFile(
        "bad svg data-id", line: 2, replacing: "k3j-9xa-0pq", with: "k3j-9xa-0p"),
      BrokenFile(
        "missing title", line: 4, replacing: "<title>Sketch</title>", with: ""),
      BrokenFile(
        "title after rect", line: 3,
        replacing: "  <title>Sketch</title>\n  \(SchemaValidationTests.validRect)",
        with: "  \(SchemaValidationTests.validRect)\n  <title>Sketch</title>"),
      BrokenFile(
        "rect with child element", line: 5, replacing: "0.7\"/>",
        with: "0.7\">\n<title>x</title></rect>"),
      BrokenFile("fill red", line: 4, replacing: "#ebc641", with: "red"),
      BrokenFile(
        "opacity between levels", line: 4, replacing: #"fill-opacity="0.7""#,
        with: #"fill-opacity="0.75""#),
      BrokenFile(
        "zero width", line: 4, replacing: #"width="150""#, with: #"width="0""#),
      BrokenFile(
        "width with unit", line: 4, replacing: #"width="150""#, with: #"width="150px""#),
      BrokenFile(
        "bad timestamp", line: 2, replacing: "2026-11-21T08:05:12Z",
        with: "2026-11-21 08:05:12"),
      BrokenFile(
        "unsupported version", line: 2, replacing: #"data-drawdoc="1""#,
        with: #"data-drawdoc="2""#),
      BrokenFile(
        "malformed XML", line: 3, replacing: "<title>Sketch</title>", with: "<title>Sketch</titel>"
      ),
      BrokenFile(
        "undefined entity", line: 3, replacing: "<title>Sketch</title>",
        with: "<title>&bomb;</title>"),
      BrokenFile("empty input", line: 1, text: ""),
      BrokenFile("not XML", line: 1, text: "{\"format\": \"drawdoc\"}"),
    ]

    private func replacing(_ target: String, with replacement: String) -> BrokenFile {
      BrokenFile(
        name, line: line, text: text.replacingOccurrences(of: target, with: replacement))
    }
  }
}

// MARK: - Tests

extension SchemaValidationTests {
  @Test func theFormatDocumentsExampleValidates() {
    #expect(validator.validate(Array(Self.validFile.utf8)) == [])
  }

  @Test(arguments: SampleDrawing.allCases)
  func writerOutputValidates(_ sample: SampleDrawing) throws {
    let bytes = SVGEncoder.encode(try sample.make())
    let violations = validator.validate(bytes)
    #expect(violations == [], "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test func everySampleValidates() throws {
    let folder = Self.root.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let samples = names.filter { $0.hasSuffix(".svg") }.sorted()
    #expect(samples.count >= 5, "Samples/ should hold at least five drawings")
    for name in samples {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
      let violations = validator.validate(bytes)
      #expect(violations == [], "Samples/\(name)")
    }
  }

  @Test(arguments: BrokenFile.all)
  func brokenFileIsRejected(_ file: BrokenFile) {
    let violations = validator.validate(Array(file.text.utf8))
    #expect(!violations.isEmpty)
    #expect(violations.first?.line == file.line, "\(violations)")
  }

  @Test func violationsNameTheirLine() throws {
    let text = Self.validFile.replacingOccurrences(of: "#ebc641", with: "red")
    let violation = try #require(validator.validate(Array(text.utf8)).first)
    #expect(violation.line == 4)
    #expect(!violation.message.isEmpty)
    #expect(violation.description == "line 4: \(violation.message)")
  }

  @Test func validatorIsReusableAfterAFailure() {
    #expect(!validator.validate(Array("<svg".utf8)).isEmpty)
    #expect(validator.validate(Array(Self.validFile.utf8)) == [])
  }

  @Test func entityExpansionBombIsRejected() {
    // Billion laughs in an attribute value, which XML must expand even without entity
    // substitution: libxml2's entity guard stops it, and the document fails.
    var declarations = #"<!ENTITY l0 "lol">"#
    for level in 1...9 {
      let reference = "&l\(level - 1);"
      declarations += "\n<!ENTITY l\(level) \"\(String(repeating: reference, count: 10))\">"
    }
    let text = Self.validFile.replacingOccurrences(
      of: "<svg xmlns", with: "<!DOCTYPE svg [\(declarations)\n]>\n<svg xmlns"
    ).replacingOccurrences(of: "#ebc641", with: "&l9;")
    #expect(!validator.validate(Array(text.utf8)).isEmpty)
  }

  @Test func missingSchemaThrows() {
    let path = Self.root.appendingPathComponent("Schema/no-such-schema.rng").path
    let expected = SchemaViolation(
      message: "cannot read \(path): No such file or directory", line: 0)
    #expect(throws: expected) {
      _ = try SchemaValidator(relaxNGSchemaAt: path)
    }
  }

  @Test func schemaThatIsNotRelaxNGThrows() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-not-a-schema-\(UInt32.random(in: 0...UInt32.max)).rng")
      .path
    try Data("<grammar><start><nonsense/></start>\n</grammar>".utf8)
      .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: SchemaViolation.self) {
      _ = try SchemaValidator(relaxNGSchemaAt: path)
    }
  }
}
