import DrawdocModel

/// A rectangular block of the picture, composited front to back: topmost rectangle first.
///
/// Each pixel holds a premultiplied color `C` (0…255 per channel) and a transmittance `T`,
/// the fraction of light from below that still gets through. A rectangle with effective
/// alpha `α` and color `c` under what is already there adds `T · α · c` to `C` and
/// multiplies `T` by `1 − α`; this equals source-over compositing from back to front.
///
/// Once `T` drops below ``finishedTransmittance`` nothing below can move any 8-bit output
/// value, so the pixel is finished and later rectangles skip it. The block is cut into tiles
/// of at most ``tileSide`` × ``tileSide`` pixels that count their unfinished pixels: a
/// rectangle passes over finished tiles without touching their pixels, and the block stops
/// taking rectangles once every tile is finished.
struct RasterBlock {
  /// Below this transmittance the rest can add less than a quarter of one 8-bit level.
  static let finishedTransmittance: Float = 1.0 / 1024

  /// The width and (in blocks of at least this many rows) the height of a tile.
  static let tileSide = 32

  /// The most columns the block holds; the distance between rows in ``accumulators``.
  private let stride: Int
  /// The number of rows in each tile row; the last tile row may have fewer.
  private let tileHeight: Int
  /// The most tiles across.
  private let tilesPerRow: Int
  /// The image column of the block's first column.
  private var left = 0
  /// The image row of the block's first row.
  private var top = 0
  /// The number of columns in use.
  private var columns = 0
  /// The number of rows in use.
  private var rows = 0
  /// Per pixel: premultiplied red, green, blue in 0…255 and the transmittance.
  private var accumulators: [SIMD4<Float>]
  /// Per tile, row by row: how many of its pixels are not yet finished.
  private var unfinishedInTile: [Int32]
  /// How many tiles still have unfinished pixels.
  private var unfinishedTiles = 0

  /// Makes a block.
  ///
  /// - Parameters:
  ///   - width: The most columns the block will hold, at least 1.
  ///   - height: The most rows the block will hold, at least 1.
  init(width: Int, height: Int) {
    stride = width
    tileHeight = min(height, Self.tileSide)
    tilesPerRow = (width + Self.tileSide - 1) / Self.tileSide
    accumulators = Array(repeating: SIMD4(0, 0, 0, 1), count: width * height)
    let tileRows = (height + tileHeight - 1) / tileHeight
    unfinishedInTile = Array(repeating: 0, count: tileRows * tilesPerRow)
  }

  /// Whether every pixel of the block is finished.
  var isFinished: Bool { unfinishedTiles == 0 }

  /// Clears the block to fully transparent and places it at another part of the image.
  ///
  /// - Parameters:
  ///   - left: The image column of the block's first column.
  ///   - top: The image row of the block's first row.
  ///   - columns: The number of columns to use, at most the width given to `init`.
  ///   - rows: The number of rows to use, at most the height given to `init`.
  mutating func reset(left: Int, top: Int, columns: Int, rows: Int) {
    self.left = left
    self.top = top
    self.columns = columns
    self.rows = rows
    for row in 0..<rows {
      for index in (row * stride)..<(row * stride + columns) {
        accumulators[index] = SIMD4(0, 0, 0, 1)
      }
    }
    unfinishedTiles = 0
    let side = Self.tileSide
    for tileRow in 0..<((rows + tileHeight - 1) / tileHeight) {
      let height = min(tileHeight, rows - tileRow * tileHeight)
      for tileColumn in 0..<((columns + side - 1) / side) {
        let width = min(side, columns - tileColumn * side)
        unfinishedInTile[tileRow * tilesPerRow + tileColumn] = Int32(width * height)
        unfinishedTiles += 1
      }
    }
  }

  // MARK: - Compositing

  /// Puts a rectangle under everything composited so far.
  ///
  /// - Parameter rectangle: The rectangle in image pixels.
  mutating func composite(under rectangle: ScaledRectangle) {
    let startRow = max(rectangle.firstRow - top, 0)
    let endRow = min(rectangle.endRow - top, rows)
    let startColumn = max(rectangle.firstColumn - left, 0)
    let endColumn = min(rectangle.endColumn - left, columns)
    guard startRow < endRow, startColumn < endColumn else { return }
    let side = Self.tileSide
    for tileRow in (startRow / tileHeight)...((endRow - 1) / tileHeight) {
      let rowRange = max(startRow, tileRow * tileHeight)..<min(endRow, (tileRow + 1) * tileHeight)
      for tileColumn in (startColumn / side)...((endColumn - 1) / side) {
        let tile = tileRow * tilesPerRow + tileColumn
        guard unfinishedInTile[tile] > 0 else { continue }
        let columnRange =
          max(startColumn, tileColumn * side)..<min(endColumn, (tileColumn + 1) * side)
        var finished = 0
        for row in rowRange {
          finished += blend(row: row, columns: columnRange, rectangle: rectangle)
        }
        guard finished > 0 else { continue }
        unfinishedInTile[tile] -= Int32(finished)
        if unfinishedInTile[tile] == 0 { unfinishedTiles -= 1 }
      }
    }
  }

  /// Blends part of one row of a rectangle; returns how many pixels became finished.
  private mutating func blend(row: Int, columns: Range<Int>, rectangle: ScaledRectangle) -> Int {
    var alpha = rectangle.opacity
    if row + top == rectangle.firstRow {
      alpha *= rectangle.topCoverage
    } else if row + top == rectangle.endRow - 1 {
      alpha *= rectangle.bottomCoverage
    }
    let color = rectangle.colorVector
    let base = row * stride
    var start = columns.lowerBound
    var end = columns.upperBound
    return accumulators.withUnsafeMutableBufferPointer { pixels in
      var finished = 0
      func blendPixel(_ index: Int, _ alpha: Float) {
        let pixel = pixels[index]
        let transmittance = pixel.w
        guard transmittance >= Self.finishedTransmittance else { return }
        let blended = pixel + (transmittance * alpha) * color
        pixels[index] = blended
        if blended.w < Self.finishedTransmittance { finished += 1 }
      }
      if start + left == rectangle.firstColumn {
        blendPixel(base + start, alpha * rectangle.leftCoverage)
        start += 1
      }
      if end + left == rectangle.endColumn && end > start {
        blendPixel(base + end - 1, alpha * rectangle.rightCoverage)
        end -= 1
      }
      guard start < end else { return finished }
      // The hot loop: the same steps as `blendPixel`, written out so that they inline.
      for index in (base + start)..<(base + end) {
        let pixel = pixels[index]
        let transmittance = pixel.w
        guard transmittance >= Self.finishedTransmittance else { continue }
        let blended = pixel + (transmittance * alpha) * color
        pixels[index] = blended
        if blended.w < Self.finishedTransmittance { finished += 1 }
      }
      return finished
    }
  }

  // MARK: - Output

  /// Puts the background (if any) under the block and writes it as straight-alpha 8-bit
  /// RGBA.
  ///
  /// - Parameters:
  ///   - image: The whole image's pixels.
  ///   - imageWidth: The image's width in pixels.
  ///   - background: An opaque color under everything, or `nil` for transparency.
  func write(into image: inout [UInt8], imageWidth: Int, background: Color?) {
    let backdrop = background.map {
      SIMD4<Float>(Float($0.red), Float($0.green), Float($0.blue), 0)
    }
    accumulators.withUnsafeBufferPointer { pixels in
      image.withUnsafeMutableBufferPointer { output in
        for row in 0..<rows {
          for column in 0..<columns {
            let pixel = pixels[row * stride + column]
            let out = ((top + row) * imageWidth + left + column) * 4
            if let backdrop {
              let color = pixel + pixel.w * backdrop
              output[out] = Self.level(color.x)
              output[out + 1] = Self.level(color.y)
              output[out + 2] = Self.level(color.z)
              output[out + 3] = 255
              continue
            }
            let opacity = 1 - pixel.w
            let alpha = Self.level(opacity * 255)
            guard alpha > 0 else { continue }  // the image starts as (0, 0, 0, 0)
            let color = pixel / opacity
            output[out] = Self.level(color.x)
            output[out + 1] = Self.level(color.y)
            output[out + 2] = Self.level(color.z)
            output[out + 3] = alpha
          }
        }
      }
    }
  }

  /// The nearest 8-bit level to a value in 0…255, with anything outside clamped.
  private static func level(_ value: Float) -> UInt8 {
    UInt8(min(max(value, 0), 255) + 0.5)
  }
}
