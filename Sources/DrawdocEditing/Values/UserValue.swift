import DrawdocModel
import DrawdocSVG
import DrawdocXML

/// A value a person typed that is not one the model takes: what it was meant to be, what was
/// typed, and what would be right. The command line and the app show the same message.
package struct InvalidValue: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field: `alpha`, `color`, `x`, …
  package let field: String
  /// What was typed.
  package let value: String
  /// What would be right.
  package let expected: String

  /// Makes the error.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - value: What was typed.
  ///   - expected: What would be right.
  package init(field: String, value: String, expected: String) {
    self.field = field
    self.value = value
    self.expected = expected
  }

  /// `'11' is not a valid alpha: expected a whole number from 1 to 10`.
  package var description: String { "'\(value)' is not a valid \(field): expected \(expected)" }
}

/// Reads the values people type — on the command line or in the app's fields — into model
/// values, refusing what the model refuses with one message for both.
package enum UserValue {
  /// A coordinate: any finite number.
  package static func number(_ text: String, field: String) throws(InvalidValue) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw InvalidValue(field: field, value: text, expected: "a finite number")
    }
    return value
  }

  /// A width, height or scale: a finite number greater than 0.
  package static func length(_ text: String, field: String) throws(InvalidValue) -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw InvalidValue(field: field, value: text, expected: "a number greater than 0")
    }
    return value
  }

  /// A whole number in a range.
  package static func count(_ text: String, field: String, range: ClosedRange<Int>)
    throws(InvalidValue) -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw InvalidValue(
        field: field, value: text,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A seed for the factory.
  package static func seed(_ text: String) throws(InvalidValue) -> UInt64 {
    guard let value = UInt64(text) else {
      throw InvalidValue(
        field: "seed", value: text, expected: "a whole number from 0 to \(UInt64.max)")
    }
    return value
  }

  /// An opacity level, 1…10.
  package static func alpha(_ text: String) throws(InvalidValue) -> Alpha {
    guard let level = Int(text), let alpha = try? Alpha(level: level) else {
      throw InvalidValue(field: "alpha", value: text, expected: "a whole number from 1 to 10")
    }
    return alpha
  }

  /// A color: `#rgb`, `#rrggbb`, `rgb(r,g,b)` or a CSS name, opaque.
  package static func color(_ text: String, field: String = "color") throws(InvalidValue) -> Color {
    guard case .color(let color, let opacity)? = CSSColor.parse(text, outOfRange: .refuse),
      opacity == 1
    else {
      throw InvalidValue(
        field: field, value: text,
        expected: "#rgb, #rrggbb, rgb(r,g,b) with channels 0…255 (or 0%…100%), "
          + "or a CSS color name such as teal")
    }
    return color
  }

  /// A version number.
  package static func version(_ text: String, field: String) throws(InvalidValue) -> Int {
    guard let value = Int(text), value >= 1 else {
      throw InvalidValue(
        field: field, value: text,
        expected: "a version number, a whole number from 1 ('drawdoc history DOC' lists them)")
    }
    return value
  }

  /// A rectangle's id.
  package static func identifier(_ text: String, field: String) throws(InvalidValue) -> Identifier {
    guard let id = try? Identifier(text) else {
      throw InvalidValue(
        field: field, value: text,
        expected: "an id of three groups of three characters from a-z and 0-9, like afy-kw5-t7o")
    }
    return id
  }

  /// A title the model takes.
  package static func title(_ text: String) throws(InvalidValue) -> String {
    do {
      var plane = try Plane()
      try plane.rename(to: text)
      return text
    } catch {
      throw InvalidValue(field: "title", value: text, expected: "\(error)")
    }
  }

  /// A length of time, `30s`, `10m`, `12h` or `7d`: a whole number and its unit, in a range of
  /// seconds.
  ///
  /// - Returns: The seconds.
  package static func duration(_ text: String, field: String, range: ClosedRange<Int>)
    throws(InvalidValue) -> Int
  {
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    guard let unit = text.last.flatMap({ units[$0] }),
      let count = Int(text.dropLast()), text.first?.isASCII == true, text.first?.isNumber == true,
      case let (seconds, overflow) = count.multipliedReportingOverflow(by: unit), !overflow,
      range.contains(seconds)
    else {
      throw InvalidValue(
        field: field, value: text,
        expected: "a duration such as 30s, 10m, 12h or 7d (a whole number and s, m, h or d), "
          + "from \(durationText(range.lowerBound)) to \(durationText(range.upperBound))")
    }
    return seconds
  }

  /// A number of seconds as ``duration(_:field:range:)`` reads it, in the largest unit that
  /// divides it: `7d`, `90m`, `45s`.
  package static func durationText(_ seconds: Int) -> String {
    for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return "\(seconds)s"
  }
}
