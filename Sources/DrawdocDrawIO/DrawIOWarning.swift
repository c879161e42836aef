import DrawdocModel

/// Why a draw.io cell was not made a rectangle.
package enum DrawIOSkip: Error, Equatable, Sendable {
  /// A connector (`edge="1"`).
  case edge
  /// A text or label-only cell (`text` style, or no fill with a label).
  case text
  /// A container with a title bar (`swimlane`).
  case swimlane
  /// A shape other than a rectangle (`shape=…` or a named style such as `ellipse`).
  case shape(String)
  /// `fillColor=none`.
  case fillNone
  /// A `fillColor` drawdoc cannot read (`swimlane`, `default`, …).
  case unreadableColor(String)
  /// The cell, or a layer or cell it is in, has `visible="0"`.
  case hidden
  /// A container it is in is folded shut (`collapsed="1"`).
  case collapsed
  /// An opacity below 0.05.
  case invisible(Double)
  /// A vertex without an `mxGeometry`, or with a geometry relative to its parent's size.
  case noGeometry
  /// A width or height of 0 or less.
  case emptySize
  /// A `parent` that names no cell.
  case unknownParent(String)
}

/// What a draw.io rectangle kept as a rectangle lost.
package enum DrawIOLoss: Equatable, Sendable {
  /// A label (`value` not empty).
  case label
  /// A stroke (`strokeColor` absent, black by default, or a color).
  case stroke
  /// `rounded=1`: drawn with square corners.
  case roundedCorners
  /// `rotation` other than 0.
  case rotation
  /// `gradientColor`.
  case gradient
  /// `shadow=1`.
  case shadow
  /// `sketch=1`.
  case sketch
  /// A `fillStyle` draw.io draws as a pattern (`hatch`, `dots`, …), by its value: filled solid.
  case patternFill(String)
  /// The dark color of `fillColor=light-dark(LIGHT, DARK)`, as written: the light one is kept.
  case darkFill(String)
  /// An opacity between two levels, rounded to the nearest.
  case opacityRounded(opacity: Double, level: Int)
}

/// Something import mode skipped or simplified in a draw.io file: at most one warning per cell,
/// naming it by its id, and warnings about the file as a whole (other pages).
package struct DrawIOWarning: Equatable, Sendable {
  /// What the warning is about.
  package enum Kind: Equatable, Sendable {
    /// A cell that did not become a rectangle.
    case skipped(cell: String, reason: DrawIOSkip)
    /// A cell kept as a rectangle with losses.
    case simplified(cell: String, losses: [DrawIOLoss])
    /// Pages other than the one read, by their names.
    case otherPages(read: Int, names: [String])
    /// The diagram's name cannot be a title.
    case title
  }

  /// What it is about.
  package let kind: Kind
  /// The line in the file: the cell's when it is plain XML in the file, else its diagram's.
  package let line: Int

  /// The message printed after `FILE:LINE: warning: `.
  package var message: String {
    switch kind {
    case .skipped(let cell, let reason):
      return "cell \"\(cell)\" skipped: \(Self.words(reason))"
    case .simplified(let cell, let losses):
      return "cell \"\(cell)\" kept as a rectangle without its \(Self.words(losses))"
    case .otherPages(let read, let names):
      let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
      return "the file has \(names.count + 1) pages: page \(read) was read, not \(list) "
        + "(--page N picks one)"
    case .title:
      return "the diagram's name cannot be a title: the title is empty"
    }
  }

  private static func words(_ reason: DrawIOSkip) -> String {
    switch reason {
    case .edge: return "a connector"
    case .text: return "text"
    case .swimlane: return "a swimlane"
    case .shape(let name): return "a shape \"\(name)\", not a rectangle"
    case .fillNone: return "no fill (fillColor=none)"
    case .unreadableColor(let value): return "fillColor=\(value) is not a color drawdoc reads"
    case .hidden: return "hidden (visible=\"0\")"
    case .collapsed: return "inside a collapsed container (collapsed=\"1\")"
    case .invisible(let opacity): return "invisible: opacity \(ShortestDecimal.message(opacity))"
    case .noGeometry: return "no absolute geometry"
    case .emptySize: return "zero or negative size"
    case .unknownParent(let parent): return "parent \"\(parent)\" is not a cell"
    }
  }

  private static func words(_ losses: [DrawIOLoss]) -> String {
    losses.map { loss -> String in
      switch loss {
      case .label: return "label"
      case .stroke: return "stroke"
      case .roundedCorners: return "rounded corners"
      case .rotation: return "rotation"
      case .gradient: return "gradient"
      case .shadow: return "shadow"
      case .sketch: return "sketch style"
      case .patternFill(let style): return "\(style) fill (fillStyle=\(style), drawn solid)"
      case .darkFill(let dark): return "dark-theme fill (\(dark), from light-dark)"
      case .opacityRounded(let opacity, let level):
        return "exact opacity (\(ShortestDecimal.message(opacity)) rounded to \(level) / 10)"
      }
    }.joined(separator: ", ")
  }
}

/// What import made of a draw.io file: the drawing and every loss on the way, in line order.
package struct DrawIOImport: Sendable {
  /// The drawing.
  package let drawing: Drawing
  /// The warnings.
  package let warnings: [DrawIOWarning]
}
