/// The canvas of an imported drawing: the viewport a browser shows for the root `svg`, in the
/// user units of its `viewBox`.
///
/// The viewport is `width` × `height` (absolute lengths only); a missing side follows the
/// `viewBox`'s aspect ratio, as a browser sizes an image. When the viewport and the `viewBox`
/// have the same shape, the canvas is the `viewBox` and its corner the origin. When they do
/// not, a browser fits the `viewBox` into the viewport as `preserveAspectRatio` says, and the
/// canvas is the whole viewport: with `meet` it grows past the `viewBox` by the bands a browser
/// adds, with `slice` it is the part of the `viewBox` a browser shows, in both cases still in
/// the `viewBox`'s units; with `none` a browser stretches the `viewBox`, so the canvas is the
/// viewport itself, in px, and the drawing is stretched into it.
struct RootCanvas {
  /// How much the scales of the two sides may differ, relatively, for the viewport and the
  /// `viewBox` to count as the same shape: editors round lengths (`210mm` is 793.7007874… px),
  /// and a band a millionth of the size wide is not worth a canvas of another size.
  static let sameShapeTolerance = 1e-6

  /// The canvas's width and height.
  let width: Double
  let height: Double
  /// From the root's user coordinates (inside the `viewBox`) to the canvas.
  let userToCanvas: AffineTransform
  /// From the viewport's coordinates (px, where the root's `transform` acts) to the canvas.
  let viewportToCanvas: AffineTransform
  /// The viewport's width and height in px: the box the root's `transform-origin` refers to.
  let viewportWidth: Double
  let viewportHeight: Double
  /// Whether the viewport and the `viewBox` have other shapes (beyond the tolerance).
  let hasOtherShape: Bool

  /// Whether two lengths (or scales) are the same up to ``sameShapeTolerance``.
  static func isSameLength(_ first: Double, _ second: Double) -> Bool {
    abs(first - second) <= sameShapeTolerance * max(first, second)
  }

  /// Works out the canvas.
  ///
  /// - Parameters:
  ///   - viewBox: The root's usable `viewBox`, if any.
  ///   - width: The root's `width` in px, if it is an absolute length greater than zero.
  ///   - height: The root's `height` in px, likewise.
  ///   - aspectRatio: The root's `preserveAspectRatio`.
  ///   - defaultSize: The side a canvas without a `viewBox` takes where `width` or `height`
  ///     is missing.
  init(
    viewBox: ViewBox?, width: Double?, height: Double?, aspectRatio: ViewBox.AspectRatio,
    defaultSize: (width: Double, height: Double)
  ) {
    guard let viewBox else {
      self.width = width ?? defaultSize.width
      self.height = height ?? defaultSize.height
      userToCanvas = .identity
      viewportToCanvas = .identity
      viewportWidth = self.width
      viewportHeight = self.height
      hasOtherShape = false
      return
    }
    let origin = AffineTransform.translation(-viewBox.minX, -viewBox.minY)
    // A missing side keeps the viewBox's shape; with neither, a user unit is a px.
    let viewport: (width: Double, height: Double)
    switch (width, height) {
    case (let width?, let height?): viewport = (width, height)
    case (let width?, nil): viewport = (width, viewBox.height * width / viewBox.width)
    case (nil, let height?): viewport = (viewBox.width * height / viewBox.height, height)
    case (nil, nil): viewport = (viewBox.width, viewBox.height)
    }
    viewportWidth = viewport.width
    viewportHeight = viewport.height
    let scaleX = viewport.width / viewBox.width
    let scaleY = viewport.height / viewBox.height
    hasOtherShape = !Self.isSameLength(scaleX, scaleY)
    if !hasOtherShape {
      self.width = viewBox.width
      self.height = viewBox.height
      userToCanvas = viewBox.minX == 0 && viewBox.minY == 0 ? .identity : origin
      viewportToCanvas = .scale(1 / scaleX, 1 / scaleY)
    } else if let alignX = aspectRatio.alignX, let alignY = aspectRatio.alignY {
      // The viewport in user units: a uniform scale, so the picture keeps its shape.
      let scale = aspectRatio.slice ? max(scaleX, scaleY) : min(scaleX, scaleY)
      self.width = viewport.width / scale
      self.height = viewport.height / scale
      userToCanvas = .translation(
        -viewBox.minX + (self.width - viewBox.width) * alignX,
        -viewBox.minY + (self.height - viewBox.height) * alignY)
      viewportToCanvas = .scale(1 / scale, 1 / scale)
    } else {
      self.width = viewport.width
      self.height = viewport.height
      userToCanvas = viewBox.transform(
        viewportWidth: viewport.width, viewportHeight: viewport.height, aspectRatio: aspectRatio)
      viewportToCanvas = .identity
    }
  }
}
