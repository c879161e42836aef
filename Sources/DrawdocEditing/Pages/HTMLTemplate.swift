/// HTML made only by filling a ``HTMLTemplate``: every text in it was escaped on the way in.
/// There is no other way to make one, so a text cannot reach a page unescaped.
struct HTML: Sendable, Equatable {
  /// The markup.
  let markup: String

  fileprivate init(_ markup: String) { self.markup = markup }

  /// Pieces one after the other.
  static func joined(_ pieces: [HTML]) -> HTML {
    HTML(pieces.map(\.markup).joined())
  }

  /// No markup at all.
  static let nothing = HTML("")
}

/// A page, or a piece of one, from a file of `Pages/` with slots written `{{name}}`.
///
/// Filling it puts a text in each slot escaped (``HTMLText/escape(_:)``), and ``HTML`` as it
/// is: HTML is what filling a template makes, so markup comes from the files alone. A slot
/// without a value is a mistake of the code that fills it, not of its input: it stops the
/// program (`precondition`), and the tests fill every template.
struct HTMLTemplate: Sendable {
  private enum Part: Sendable {
    case markup(String)
    case slot(String)
  }

  private let parts: [Part]

  /// The template of a file's UTF-8 bytes, taken as they are (a final newline included).
  init(_ file: [UInt8]) {
    var parts: [Part] = []
    var rest = Substring(decoding: file, as: UTF8.self)
    while let open = rest.firstRange(of: "{{"),
      let close = rest[open.upperBound...].firstRange(of: "}}")
    {
      parts.append(.markup(String(rest[..<open.lowerBound])))
      parts.append(.slot(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    parts.append(.markup(String(rest)))
    self.parts = parts
  }

  /// The text between the first `open` and the `close` after it, as written in the file (the
  /// style sheet between `<style>` and `</style>`, which a page's policy admits by its hash).
  func markup(between open: String, and close: String) -> String? {
    let whole = parts.map { part -> String in
      switch part {
      case .markup(let markup): return markup
      case .slot(let name): return "{{\(name)}}"
      }
    }.joined()
    guard let start = whole.firstRange(of: open),
      let end = whole[start.upperBound...].firstRange(of: close)
    else { return nil }
    return String(whole[start.upperBound..<end.lowerBound])
  }

  /// The template with its slots filled: each text escaped, each piece of HTML as it is.
  ///
  /// - Parameters:
  ///   - texts: The text of each slot that takes text.
  ///   - html: The HTML of each slot that takes HTML.
  /// - Returns: The filled markup.
  /// - Precondition: Every slot has a value (a mistake of the caller otherwise).
  func filled(_ texts: [String: String], html: [String: HTML] = [:]) -> HTML {
    var markup = ""
    for part in parts {
      switch part {
      case .markup(let text): markup += text
      case .slot(let name):
        if let text = texts[name] {
          markup += HTMLText.escape(text)
        } else if let piece = html[name] {
          markup += piece.markup
        } else {
          preconditionFailure("the template's slot {{\(name)}} was given no value")
        }
      }
    }
    return HTML(markup)
  }
}
