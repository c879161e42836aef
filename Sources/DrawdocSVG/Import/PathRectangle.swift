/// Recognizes path data that outlines an axis-aligned rectangle, as SVG optimisers and
/// Inkscape's "object to path" write a `<rect>`: `M x y H x2 V y2 H x Z`, the same with
/// relative commands (`m`, `h`, `v`, `l`), `L`/`l` segments that are horizontal or vertical,
/// implicit repeated commands, with or without the closing `Z`, and any number separators
/// SVG allows (`M10-5`, `h.5.5`).
///
/// The path must be one subpath whose outline, after dropping zero-length segments and
/// joining segments that continue in the same line, has four corners joined by edges that
/// turn between horizontal and vertical. Any other command (curves, arcs) or a second
/// subpath means it is some other shape.
struct PathRectangle: Equatable {
  /// The left edge.
  let x: Double
  /// The top edge.
  let y: Double
  /// The width, greater than zero.
  let width: Double
  /// The height, greater than zero.
  let height: Double

  /// One straight piece of the outline.
  private struct Segment {
    var fromX: Double
    var fromY: Double
    var toX: Double
    var toY: Double
    /// The signed length as the path wrote it (a relative `h`/`v`), which is exact, or `nil`
    /// when it had to be computed from two absolute coordinates.
    var writtenLength: Double?

    var isHorizontal: Bool { fromY == toY && fromX != toX }
    var isVertical: Bool { fromX == toX && fromY != toY }
    var isEmpty: Bool { fromX == toX && fromY == toY }
  }

  /// Reads path data; fails when the path is anything but an axis-aligned rectangle.
  ///
  /// - Parameter data: The `d` attribute.
  init?(pathData data: String) {
    guard let segments = Self.segments(of: Array(data.utf8)) else { return nil }
    let outline = Self.joined(segments.filter { !$0.isEmpty })
    guard outline.count == 4 else { return nil }
    for (index, segment) in outline.enumerated() {
      let next = outline[(index + 1) % 4]
      guard segment.isHorizontal ? next.isVertical : (segment.isVertical && next.isHorizontal)
      else { return nil }
    }
    let xs = outline.map(\.fromX)
    let ys = outline.map(\.fromY)
    guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max()
    else { return nil }
    // A length the path wrote is exact; a difference of coordinates may not be.
    let horizontal = outline.filter(\.isHorizontal).compactMap(\.writtenLength).first
    let vertical = outline.filter(\.isVertical).compactMap(\.writtenLength).first
    x = left
    y = top
    width = horizontal.map(abs) ?? right - left
    height = vertical.map(abs) ?? bottom - top
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
  }

  /// The straight segments of a single subpath, closed back to its start, or `nil` for
  /// anything but moves, lines and one close.
  private static func segments(of bytes: [UInt8]) -> [Segment]? {
    var scanner = NumberScanner(bytes)
    var segments: [Segment] = []
    var startX = 0.0
    var startY = 0.0
    var x = 0.0
    var y = 0.0
    var command: UInt8?
    var moved = false
    var closed = false
    while !scanner.isAtEnd {
      if let byte = scanner.peekAfterBlanks(), NumberScanner.isLetter(byte) {
        scanner.advance()
        command = byte
        if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
          guard moved, !closed else { return nil }
          closed = true
          continue
        }
        // Anything drawn after the close starts a second subpath.
        guard !closed else { return nil }
      } else {
        // Numbers without a command repeat the last one; after a move they are lines.
        scanner.skipSeparator()
        guard let current = command, moved, !closed, scanner.numberFollows() else { return nil }
        if current == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
        if current == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
      }
      guard let current = command else { return nil }
      let relative = current >= UInt8(ascii: "a")
      switch current | 0x20 {
      case UInt8(ascii: "m"):
        guard !moved, let first = scanner.number() else { return nil }
        scanner.skipSeparator()
        guard let second = scanner.number() else { return nil }
        // A leading `m` is absolute: there is no current point yet.
        x = first
        y = second
        startX = x
        startY = y
        moved = true
      case UInt8(ascii: "l"):
        guard moved, let first = scanner.number() else { return nil }
        scanner.skipSeparator()
        guard let second = scanner.number() else { return nil }
        let toX = relative ? x + first : first
        let toY = relative ? y + second : second
        let written: Double? = relative ? (first == 0 ? second : (second == 0 ? first : nil)) : nil
        segments.append(Segment(fromX: x, fromY: y, toX: toX, toY: toY, writtenLength: written))
        x = toX
        y = toY
      case UInt8(ascii: "h"):
        guard moved, let value = scanner.number() else { return nil }
        let toX = relative ? x + value : value
        segments.append(
          Segment(fromX: x, fromY: y, toX: toX, toY: y, writtenLength: relative ? value : nil))
        x = toX
      case UInt8(ascii: "v"):
        guard moved, let value = scanner.number() else { return nil }
        let toY = relative ? y + value : value
        segments.append(
          Segment(fromX: x, fromY: y, toX: x, toY: toY, writtenLength: relative ? value : nil))
        y = toY
      default:
        return nil
      }
      guard x.isFinite, y.isFinite else { return nil }
    }
    guard moved else { return nil }
    // Filling closes the outline whether or not the path says `Z`.
    segments.append(Segment(fromX: x, fromY: y, toX: startX, toY: startY, writtenLength: nil))
    return segments
  }

  /// Joins neighbouring segments that lie on one horizontal or vertical line, including the
  /// last with the first, so that a path starting mid-edge or with a doubled `H` still shows
  /// its four corners.
  private static func joined(_ segments: [Segment]) -> [Segment] {
    var result: [Segment] = []
    func sameLine(_ first: Segment, _ second: Segment) -> Bool {
      (first.isHorizontal && second.isHorizontal) || (first.isVertical && second.isVertical)
    }
    for segment in segments {
      if let last = result.last, sameLine(last, segment) {
        result[result.count - 1] = Segment(
          fromX: last.fromX, fromY: last.fromY, toX: segment.toX, toY: segment.toY,
          writtenLength: nil)
        if result[result.count - 1].isEmpty { result.removeLast() }
      } else {
        result.append(segment)
      }
    }
    while result.count > 1, let first = result.first, let last = result.last,
      sameLine(last, first)
    {
      result.removeFirst()
      result[result.count - 1] = Segment(
        fromX: last.fromX, fromY: last.fromY, toX: first.toX, toY: first.toY, writtenLength: nil)
      if result[result.count - 1].isEmpty { result.removeLast() }
    }
    return result
  }
}
