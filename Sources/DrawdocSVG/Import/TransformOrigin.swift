/// `transform-origin`: the point a `transform` is applied about, written as CSS Transforms
/// says: one to three words, each a keyword (`left`, `center`, `right`, `top`, `bottom`) or a
/// length, the third a z length that a flat drawing ignores.
///
/// Lengths are taken from the corner of a reference box and percentages of its size: for an
/// SVG element that is its nearest viewport (`transform-box: view-box`, the initial value) or
/// its own box (`fill-box`); for the root `svg`, which has a CSS box, it is the viewport.
struct TransformOrigin: Equatable {
  let x: SVGLength
  let y: SVGLength

  /// `0 0`, the initial value for SVG elements.
  static let corner = TransformOrigin(x: .user(0), y: .user(0))

  /// `50% 50%`, the initial value for an element with a CSS box, such as the root `svg`.
  static let center = TransformOrigin(x: .percentage(50), y: .percentage(50))

  /// Reads a `transform-origin` value.
  ///
  /// - Parameter text: The attribute or property value, without the CSS-wide keywords.
  /// - Returns: The origin, or `nil` if the text is not one drawdoc reads.
  static func parse(_ text: String) -> TransformOrigin? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .map(String.init)
    guard (1...3).contains(words.count) else { return nil }
    if words.count == 3 {
      guard case .user? = try? SVGLength.parse(words[2]) else { return nil }
    }
    guard words.count > 1 else {
      switch words[0].lowercased() {
      case "top", "bottom":
        return vertical(words[0]).map { TransformOrigin(x: .percentage(50), y: $0) }
      default:
        return horizontal(words[0]).map { TransformOrigin(x: $0, y: .percentage(50)) }
      }
    }
    if let x = horizontal(words[0]), let y = vertical(words[1]) {
      return TransformOrigin(x: x, y: y)
    }
    // Two keywords may come the other way round (`top left`), lengths may not.
    guard isKeyword(words[0]), isKeyword(words[1]), let x = horizontal(words[1]),
      let y = vertical(words[0])
    else { return nil }
    return TransformOrigin(x: x, y: y)
  }

  /// The origin's place.
  ///
  /// - Parameter box: The reference box, in the coordinates the transform acts in.
  /// - Returns: The point.
  func point(in box: (x: Double, y: Double, width: Double, height: Double)) -> (
    x: Double, y: Double
  ) {
    (box.x + x.resolved(against: box.width), box.y + y.resolved(against: box.height))
  }

  private static func isKeyword(_ word: String) -> Bool {
    ["left", "center", "right", "top", "bottom"].contains(word.lowercased())
  }

  private static func horizontal(_ word: String) -> SVGLength? {
    length(word, start: "left", end: "right")
  }

  private static func vertical(_ word: String) -> SVGLength? {
    length(word, start: "top", end: "bottom")
  }

  /// A word as a place along one axis, whose keywords for 0 % and 100 % are `start` and `end`;
  /// `nil` for a keyword of the other axis or a word that is not a length.
  private static func length(_ word: String, start: String, end: String) -> SVGLength? {
    switch word.lowercased() {
    case start: return .percentage(0)
    case "center": return .percentage(50)
    case end: return .percentage(100)
    case _ where isKeyword(word): return nil
    default: return try? SVGLength.parse(word)
    }
  }
}
