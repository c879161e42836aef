import CZlib
import DrawdocExcalidraw
import DrawdocModel
import Foundation
import Testing

/// `bytes` compressed by zlib itself (`compress2`, level 9), not by the code under test.
func zlibCompressed(_ bytes: [UInt8]) throws -> [UInt8] {
  var length = compressBound(UInt(bytes.count))
  var output = [UInt8](repeating: 0, count: Int(length))
  let status = compress2(&output, &length, bytes, UInt(bytes.count), 9)
  guard status == Z_OK else { throw ExcalidrawError("compress2 failed with status \(status)") }
  return Array(output.prefix(Int(length)))
}

/// A version 2 wrapper whose `encoded` holds `binary`, one character a byte, in ASCII (`\u00XX`
/// for every byte that is not printable ASCII).
func bstringWrapper(_ binary: [UInt8]) -> [UInt8] {
  var wrapper = Array(#"{"version":"1","encoding":"bstring","compressed":true,"encoded":""#.utf8)
  for byte in binary {
    if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
      wrapper += Array(String(format: "\\u%04x", byte).utf8)
    } else {
      wrapper.append(byte)
    }
  }
  return wrapper + Array("\"}".utf8)
}

/// An SVG file as Excalidraw exports one, carrying `wrapper` as its payload (version 2).
func svgCarrying(_ wrapper: [UInt8]) -> [UInt8] {
  Array(
    """
    <svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
      <!-- svg-source:excalidraw -->
      <!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 -->\
    <!-- payload-start -->\(Data(wrapper).base64EncodedString())<!-- payload-end -->
    </svg>
    """.utf8)
}

/// A PNG file whose only chunks are Excalidraw's `tEXt` chunk holding `wrapper` and `IEND` (the
/// reader neither checks CRCs nor decodes pixels).
func pngCarrying(_ wrapper: [UInt8]) -> [UInt8] {
  func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let length = UInt32(data.count)
    return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array(type.utf8)
      + data + [0, 0, 0, 0]
  }
  return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    + chunk("tEXt", Array("application/vnd.excalidraw+json".utf8) + [0] + wrapper)
    + chunk("IEND", [])
}

/// Embedded scenes that must be refused quickly and without memory growing, or read although
/// they look large.
@Suite struct ExcalidrawHostileTests {
  /// A scene without elements padded with `count` spaces: it compresses about a thousand times.
  func paddedScene(spaces count: Int) -> [UInt8] {
    Array(#"{"type": "excalidraw", "version": 2, "elements": []"#.utf8)
      + [UInt8](repeating: 0x20, count: count) + Array("}".utf8)
  }

  /// Reads the scene of an SVG file, or of a PNG file, carrying `wrapper`.
  func read(_ wrapper: [UInt8], png: Bool) throws(ExcalidrawError) -> ExcalidrawImport? {
    png
      ? try ExcalidrawPayload.read(png: pngCarrying(wrapper), title: "T", now: importTime)
      : try ExcalidrawPayload.read(svg: svgCarrying(wrapper), title: "T", now: importTime)
  }

  @Test(arguments: [false, true])
  func aSceneThatInflatesPastAHundredTimesItsSizeIsABomb(png: Bool) throws {
    // 2 MiB of scene from about 2 kB: past 1 MiB, the limit for so small a stream.
    let compressed = try zlibCompressed(paddedScene(spaces: 2 << 20))
    #expect(compressed.count * 100 < 1 << 20)
    let error = #expect(throws: ExcalidrawError.self) {
      try read(bstringWrapper(compressed), png: png)
    }
    #expect(
      error?.message
        == "the embedded scene inflates to more than 1048576 bytes (over 100 times its "
        + "compressed size): refused as a decompression bomb")
  }

  @Test(arguments: [false, true])
  func aSmallSceneIsReadHoweverWellItCompresses(png: Bool) throws {
    // Under 1 MiB inflated: read, whatever the ratio.
    let compressed = try zlibCompressed(paddedScene(spaces: 1_000_000))
    let result = try #require(try read(bstringWrapper(compressed), png: png))
    #expect(result.drawing.plane.isEmpty && result.warnings.isEmpty)
  }

  @Test func aLargeSceneThatCompressesAsScenesDoIsRead() throws {
    // About 1.5 MB of scene, which compresses a few times, not a hundred.
    var generator = SeededRandomNumberGenerator(seed: 11)
    let elements = (0..<8000).map { index in
      let x = Double.random(in: 0..<1000, using: &generator)
      let y = Double.random(in: 0..<1000, using: &generator)
      let digits = String(UInt32.random(in: 0..<0x100_0000, using: &generator), radix: 16)
      let color = "#" + String(repeating: "0", count: 6 - digits.count) + digits
      return ##"{"id": "e\##(index)", "type": "rectangle", "x": \##(x), "y": \##(y), "##
        + ##""width": 10, "height": 10, "backgroundColor": "\##(color)", "##
        + ##""strokeColor": "transparent", "roughness": 0}"##
    }
    let scene = Array(
      #"{"type": "excalidraw", "version": 2, "elements": [\#(elements.joined(separator: ",\n"))]}"#
        .utf8)
    #expect(scene.count > 1 << 20)
    let compressed = try zlibCompressed(scene)
    #expect(compressed.count * 100 > scene.count)
    let result = try #require(try read(bstringWrapper(compressed), png: false))
    #expect(result.drawing.plane.count == 8000)
  }
}
