import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

// The hand-written expectation of an import (`NAME.expected.json`), shared by the foreign
// samples (Samples/foreign/) and the resvg conformance files
// (Tests/DrawdocSVGTests/Fixtures/conformance/); the format is described in
// Samples/foreign/README.md, "The expected files".

/// What `NAME.expected.json` holds: the plane and the warnings an import must give, or the
/// error it must raise.
struct ExpectedImport: Decodable {
  /// A rectangle of the expected plane.
  struct Rectangle: Decodable {
    /// The rectangle's `data-id`, or `nil` where the importer must invent a fresh one.
    var id: String?
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    /// Lowercase `#rrggbb`.
    var color: String
    /// 1…10.
    var alpha: Int
  }

  /// A warning the import must (or, when optional, may) give.
  struct Warning: Decodable {
    /// The line of the start tag of the element the loss is about.
    var line: Int
    /// Keywords separated by `|`; the message must contain one, ignoring case.
    var about: String
    /// Another line an importer may name instead (an attribute's or an ancestor's).
    var alternativeLine: Int?
    /// Whether the warning may be left out.
    var optional: Bool?

    enum CodingKeys: String, CodingKey {
      case line, about, optional
      case alternativeLine = "alternative_line"
    }

    /// Whether `warning` is on this warning's line (or its alternative) and names one of its
    /// keywords.
    func matches(_ warning: ImportWarning) -> Bool {
      guard warning.line == line || warning.line == alternativeLine else { return false }
      let message = warning.message.lowercased()
      return about.lowercased().split(separator: "|").contains { message.contains($0) }
    }
  }

  var width: Double?
  var height: Double?
  /// The `<title>` text; `nil` when the file has none (then it is not compared).
  var title: String?
  /// The root `data-id`; `nil` when the file keeps none (then it is not compared).
  var id: String?
  var rectangles: [Rectangle]?
  var warnings: [Warning]?
  /// Set, instead of a plane, for a file that must be refused.
  var error: String?
  /// The line of the error of a refused file.
  var line: Int?

  init(
    width: Double?, height: Double?, title: String?, id: String?,
    rectangles: [Rectangle], warnings: [Warning]
  ) {
    self.width = width
    self.height = height
    self.title = title
    self.id = id
    self.rectangles = rectangles
    self.warnings = warnings
  }

  /// Reads an expectation file.
  ///
  /// - Parameter url: The `NAME.expected.json` file.
  /// - Returns: Its expectation.
  /// - Throws: An error when the file cannot be read or is not an expectation.
  static func load(_ url: URL) throws -> ExpectedImport {
    try JSONDecoder().decode(ExpectedImport.self, from: try Data(contentsOf: url))
  }

  /// Imports `bytes` and records an issue for each way the result differs from this
  /// expectation.
  ///
  /// - Parameters:
  ///   - bytes: The SVG file.
  ///   - sourceLocation: Where the issues are reported.
  /// - Throws: The importer's error when the file should have been imported but was refused.
  func check(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    if error != nil {
      let error = #expect(throws: SVGDecodingError.self, sourceLocation: sourceLocation) {
        try SVGImporter.importDrawing(bytes, now: Timestamp(secondsSince1970: 0), seed: 1)
      }
      if let line { #expect(error?.line == line, sourceLocation: sourceLocation) }
      return
    }

    let result = try SVGImporter.importDrawing(
      bytes, now: Timestamp(secondsSince1970: 0), seed: 1)
    let plane = result.drawing.plane
    if let width {
      #expect(
        nearlyEqual(plane.size.width, width), "canvas width", sourceLocation: sourceLocation)
    }
    if let height {
      #expect(
        nearlyEqual(plane.size.height, height), "canvas height", sourceLocation: sourceLocation)
    }
    if let title { #expect(plane.title == title, sourceLocation: sourceLocation) }
    if let id { #expect(result.drawing.id.description == id, sourceLocation: sourceLocation) }

    let expected = rectangles ?? []
    #expect(
      plane.count == expected.count, "\(plane.rectangles.map(\.description))",
      sourceLocation: sourceLocation)
    for (rectangle, wanted) in zip(plane.rectangles, expected) {
      if let id = wanted.id {
        #expect(rectangle.id.description == id, sourceLocation: sourceLocation)
      } else {
        // A fresh id: any id no other rectangle of the file names.
        #expect(
          !expected.contains { $0.id == rectangle.id.description },
          sourceLocation: sourceLocation)
      }
      #expect(
        nearlyEqual(rectangle.point.x, wanted.x) && nearlyEqual(rectangle.point.y, wanted.y)
          && nearlyEqual(rectangle.size.width, wanted.width)
          && nearlyEqual(rectangle.size.height, wanted.height),
        "\(rectangle) is not at \(wanted.x), \(wanted.y), \(wanted.width) × \(wanted.height)",
        sourceLocation: sourceLocation)
      #expect(rectangle.color.hex == wanted.color, "\(rectangle)", sourceLocation: sourceLocation)
      #expect(
        Int(rectangle.alpha.level) == wanted.alpha, "\(rectangle)",
        sourceLocation: sourceLocation)
    }

    #expect(
      warningsMatch(result.warnings, warnings ?? []),
      "\(result.warnings.map(\.description))", sourceLocation: sourceLocation)
  }
}

/// Equal within the tolerance the expectations ask for (1e-9, relative above 1): hand
/// arithmetic is decimal, the importer's binary.
func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
  abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

/// Whether every warning has its own expected warning and every expected one that is not
/// optional has a warning: a matching found by trying each pairing.
func warningsMatch(_ actual: [ImportWarning], _ expected: [ExpectedImport.Warning]) -> Bool {
  func assign(_ index: Int, _ used: inout [Bool]) -> Bool {
    guard index < actual.count else {
      return expected.indices.allSatisfy { used[$0] || expected[$0].optional == true }
    }
    for candidate in expected.indices where !used[candidate] {
      guard expected[candidate].matches(actual[index]) else { continue }
      used[candidate] = true
      if assign(index + 1, &used) { return true }
      used[candidate] = false
    }
    return false
  }
  var used = [Bool](repeating: false, count: expected.count)
  return assign(0, &used)
}
