import DrawdocDrawIO
import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

@testable import DrawdocWeb

/// The CRC-32 of PNG chunks, written here again.
private func pngCRC(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }
  return ~crc
}

/// `png` with a chunk (type and data) put in right after its header (`IHDR`).
private func png(_ png: [UInt8], adding type: String, _ data: [UInt8]) -> [UInt8] {
  let body = Array(type.utf8) + data
  let bigEndian = { (value: UInt32) in
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }
  let chunk = bigEndian(UInt32(data.count)) + body + bigEndian(pngCRC(body))
  // The signature (8 bytes) and IHDR (4 + 4 + 13 + 4).
  return Array(png[..<33]) + chunk + Array(png[33...])
}

/// `text` as `encodeURIComponent` writes it.
private func uriEncoded(_ text: [UInt8]) -> [UInt8] {
  let allowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  let encoded = String(decoding: text, as: UTF8.self).addingPercentEncoding(
    withAllowedCharacters: allowed)
  return Array((encoded ?? "").utf8)
}

/// `POST /api/import` with `png`: a PNG file's bytes in base64, as the editor sends a dropped
/// PNG, read for the drawing it carries (drawdoc's, draw.io's or Excalidraw's).
@Suite struct ImportPNGRouteTests {
  /// Sends `{"png": BASE64, "name": NAME}` to the route (`fields` as they are, for refusals).
  func importing(_ fixture: AppFixture, _ fields: [String: Any]) throws -> HTTPResponse {
    let body = try JSONSerialization.data(withJSONObject: fields)
    return try fixture.call("POST", "/api/import", json: String(decoding: body, as: UTF8.self))
  }

  func importing(_ fixture: AppFixture, png: [UInt8], name: String? = nil) throws -> HTTPResponse {
    var fields: [String: Any] = ["png": Data(png).base64EncodedString()]
    if let name { fields["name"] = name }
    return try importing(fixture, fields)
  }

  /// The rectangles of an answer as `id x y width height color alpha`.
  func rectangles(_ fixture: AppFixture, _ response: HTTPResponse) throws -> [String] {
    try #require(try fixture.object(response)["rectangles"] as? [[String: Any]]).map { r in
      let numbers = ["x", "y", "width", "height"].map { key in
        (r[key] as? Double).map(ShortestDecimal.string) ?? "?"
      }
      return
        ([r["id"] as? String ?? "?"] + numbers + [r["color"] as? String ?? "?"]
        + [(r["alpha"] as? Int).map(String.init) ?? "?"]).joined(separator: " ")
    }
  }

  /// A drawing's rectangles as an answer gives them.
  func rectangles(of drawing: Drawing) -> [String] {
    drawing.plane.rectangles.map { r in
      "\(r.id) \(ShortestDecimal.string(r.point.x)) \(ShortestDecimal.string(r.point.y)) "
        + "\(ShortestDecimal.string(r.size.width)) \(ShortestDecimal.string(r.size.height)) "
        + "\(r.color.hex) \(r.alpha.level)"
    }
  }

  func error(_ fixture: AppFixture, _ response: HTTPResponse) throws -> String {
    try #require(try fixture.object(response)["error"] as? String)
  }

  @Test func aPNGDrawdocExportedGivesItsDrawingsRectangles() throws {
    let fixture = try AppFixture(rectangles: 4)
    let before = try fixture.store.revision(of: fixture.id)
    let drawing = try fixture.store.drawing(fixture.id)
    for name in [nil, "Web.png"] {
      let response = try importing(fixture, png: try DrawingPNG.encode(drawing), name: name)
      #expect(response.status == .ok)
      #expect(try rectangles(fixture, response) == rectangles(of: drawing))
      #expect((try fixture.object(response)["warnings"] as? [Any])?.isEmpty == true)
    }
    #expect(try fixture.store.revision(of: fixture.id) == before)
  }

  @Test func aDrawIOPNGGivesTheRectanglesOfTheFileItCarries() throws {
    let fixture = try AppFixture(rectangles: 2)
    let drawing = try fixture.store.drawing(fixture.id)
    let picture = try DrawingPNG.encode(drawing, embed: false)
    let carrying = png(
      picture, adding: "tEXt", Array("mxfile\0".utf8) + uriEncoded(DrawIOWriter.encode(drawing)))
    let response = try importing(fixture, png: carrying, name: "board.drawio.png")
    #expect(response.status == .ok)
    let answer = try rectangles(fixture, response).map { $0.split(separator: " ").dropFirst() }
    let expected = rectangles(of: drawing).map { $0.split(separator: " ").dropFirst() }
    #expect(answer == expected)
  }

  @Test func aPNGWithoutADrawingIsRefusedWithTheReason() throws {
    let fixture = try AppFixture()
    let drawing = try fixture.store.drawing(fixture.id)
    let response = try importing(fixture, png: try DrawingPNG.encode(drawing, embed: false))
    #expect(response.status == .badRequest)
    let message = try error(fixture, response)
    #expect(
      message.hasPrefix("the PNG file is not a drawing that drawdoc can read: "), "\(message)")
    #expect(message.contains("the PNG holds no drawing"), "\(message)")
    // Named as draw.io's, it is refused as one.
    let named = try importing(
      fixture, png: try DrawingPNG.encode(drawing, embed: false), name: "board.drawio.png")
    #expect(named.status == .badRequest)
    #expect(
      try error(fixture, named).hasPrefix(
        "the PNG file is not a draw.io file that drawdoc can read: "))
  }

  @Test(arguments: [
    "iVBORw0KGgo", "iVBORw0KGgo=\n", "iVBO Rw0K", "iVBORw0KGgo_", "!!!!", "iVBORw0KGgp=",
  ])
  func badBase64IsRefused(base64: String) throws {
    let fixture = try AppFixture()
    let response = try importing(fixture, ["png": base64])
    #expect(response.status == .badRequest)
    #expect(try error(fixture, response).hasPrefix("png is not base64"), "\(base64)")
  }

  @Test func aBadFieldIsRefusedWithItsName() throws {
    let fixture = try AppFixture()
    for (fields, start) in [
      (["png": 3] as [String: Any], "png must be"), (["png": ""], "png must be"),
      (["png": "iVBORw0KGgo=", "svg": "<svg/>"], "give either the text"),
      (["svg": "<svg/>", "name": 7], "name must be"),
      (["svg": "<svg/>", "name": String(repeating: "a", count: 256)], "name is longer than 255"),
      (["svg": "<svg/>", "name": "a\nb.svg"], "name contains the control character U+000A"),
    ] {
      let response = try importing(fixture, fields)
      #expect(response.status == .badRequest)
      #expect(try error(fixture, response).hasPrefix(start), "\(fields)")
    }
  }

  @Test func aNameTellsTheReader() throws {
    let fixture = try AppFixture(rectangles: 1)
    let drawing = try fixture.store.drawing(fixture.id)
    let svg = String(decoding: DrawIOWriter.encode(drawing), as: UTF8.self)
    // A name of 255 characters is a name.
    let name = String(repeating: "é", count: 248) + ".drawio"
    let response = try importing(fixture, ["svg": svg, "name": name])
    #expect(response.status == .ok)
    #expect(try rectangles(fixture, response).count == 1)
  }
}
