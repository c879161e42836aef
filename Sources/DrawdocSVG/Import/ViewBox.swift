/// An `svg` element's `viewBox`, `min-x min-y width height`, and how it maps into a viewport.
struct ViewBox: Equatable {
  let minX: Double
  let minY: Double
  let width: Double
  let height: Double

  /// `preserveAspectRatio`: where the view box goes in a viewport of another shape.
  struct AspectRatio: Equatable {
    /// 0 for `xMin`, 0.5 for `xMid`, 1 for `xMax`; `nil` for `none` (stretch).
    var alignX: Double?
    var alignY: Double?
    /// `slice` (cover the viewport) rather than `meet` (fit inside it).
    var slice: Bool

    /// `xMidYMid meet`, the default.
    static let standard = AspectRatio(alignX: 0.5, alignY: 0.5, slice: false)

    /// Reads `[defer] <align> [meet | slice]`.
    ///
    /// - Parameter text: The attribute value.
    /// - Returns: The setting, or `nil` if the text is not one.
    static func parse(_ text: String) -> AspectRatio? {
      var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      )
      .map(String.init)
      if words.first == "defer" { words.removeFirst() }
      guard let align = words.first, words.count <= 2 else { return nil }
      var result = AspectRatio.standard
      switch words.count == 2 ? words[1] : "meet" {
      case "meet": result.slice = false
      case "slice": result.slice = true
      default: return nil
      }
      if align == "none" {
        result.alignX = nil
        result.alignY = nil
        return result
      }
      let positions = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
      guard align.count == 8, align.hasPrefix("x"),
        let x = positions[String(align.dropFirst().prefix(3))],
        align.dropFirst(4).hasPrefix("Y"),
        let y = positions[String(align.suffix(3))]
      else { return nil }
      result.alignX = x
      result.alignY = y
      return result
    }
  }

  /// What a `viewBox` attribute says.
  enum Reading: Equatable {
    /// A view box with a positive width and height.
    case usable(ViewBox)
    /// Four numbers with a zero width or height and neither negative: SVG says that such a
    /// view box disables rendering of the element, and browsers draw nothing.
    case empty
    /// Not four numbers, or a negative width or height: an error, and browsers ignore the
    /// attribute.
    case invalid
  }

  /// Reads four numbers separated by blanks or commas.
  ///
  /// - Parameter text: The attribute value.
  /// - Returns: The view box, or why it is not a usable one.
  static func read(_ text: String) -> Reading {
    var scanner = NumberScanner(Array(text.utf8))
    var numbers: [Double] = []
    while numbers.count < 4 {
      if !numbers.isEmpty { scanner.skipSeparator() }
      guard let number = scanner.number() else { return .invalid }
      numbers.append(number)
    }
    guard scanner.isAtEnd, numbers[2] >= 0, numbers[3] >= 0 else { return .invalid }
    guard numbers[2] > 0, numbers[3] > 0 else { return .empty }
    return .usable(
      ViewBox(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3]))
  }

  /// The map from view box coordinates to a viewport at the origin, as SVG 1.1 §7.8 says.
  ///
  /// - Parameters:
  ///   - viewportWidth: The viewport's width, greater than zero.
  ///   - viewportHeight: The viewport's height, greater than zero.
  ///   - aspectRatio: The `preserveAspectRatio` setting.
  /// - Returns: A scaling and a move.
  func transform(
    viewportWidth: Double, viewportHeight: Double, aspectRatio: AspectRatio
  ) -> AffineTransform {
    var scaleX = viewportWidth / width
    var scaleY = viewportHeight / height
    if aspectRatio.alignX != nil {
      let scale = aspectRatio.slice ? max(scaleX, scaleY) : min(scaleX, scaleY)
      scaleX = scale
      scaleY = scale
    }
    var translateX = -minX * scaleX
    var translateY = -minY * scaleY
    if let alignX = aspectRatio.alignX, let alignY = aspectRatio.alignY {
      translateX += (viewportWidth - width * scaleX) * alignX
      translateY += (viewportHeight - height * scaleY) * alignY
    }
    return AffineTransform(a: scaleX, b: 0, c: 0, d: scaleY, e: translateX, f: translateY)
  }
}
