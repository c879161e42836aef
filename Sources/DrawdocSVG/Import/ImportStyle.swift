import DrawdocModel

/// The inherited properties import mode tracks down the tree, as computed for one element.
struct ImportStyle: Equatable {
  /// `fill`; initially black.
  var fill = ImportPaint.black
  /// `fill-opacity`, 0…1.
  var fillOpacity = 1.0
  /// `color`, the value of `currentColor`, with the opacity of its alpha channel.
  var color = Color(red: UInt8(0), green: 0, blue: 0)
  /// The opacity of `color`'s alpha channel, 0…1.
  var colorOpacity = 1.0
  /// `stroke`; initially none.
  var stroke = ImportPaint.none
  /// Whether `stroke-width` is zero, which draws no stroke.
  var strokeWidthIsZero = false
  /// `stroke-opacity`, 0…1.
  var strokeOpacity = 1.0
  /// `visibility` is `visible` (not `hidden` or `collapse`).
  var isVisible = true
  /// `shape-rendering` when it turns smoothing off (`crispEdges`, `optimizeSpeed`), as SVG
  /// spells it; `nil` for `auto` and `geometricPrecision`.
  var crispEdges: String?
  /// `marker-start`, `marker-mid` and `marker-end` are not `none`.
  var markerStart = false
  var markerMid = false
  var markerEnd = false

  /// Whether the element's stroke would paint anything.
  var hasVisibleStroke: Bool {
    guard !strokeWidthIsZero, strokeOpacity > 0 else { return false }
    switch stroke {
    case .none: return false
    case .color(_, let opacity): return opacity > 0
    case .currentColor: return colorOpacity > 0
    case .server: return true
    }
  }

  /// Whether any marker is set.
  var hasMarkers: Bool { markerStart || markerMid || markerEnd }
}
