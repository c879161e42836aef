import DrawdocModel
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

@testable import DrawdocWeb

/// The drawing `Assets/icon.svg` the icons are exported from, read from the sources.
private let iconDrawing = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Sources/DrawdocWeb/Assets/icon.svg").path

/// The width and height a PNG's header gives (its IHDR chunk, read here, not by drawdoc).
private func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
  guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
    Array(bytes[12..<16]) == Array("IHDR".utf8)
  else { return nil }
  let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
  return (number(16), number(20))
}

/// Installing the app to a home screen: the web app manifest, its icons and the tags of the
/// pages that point to them.
@Suite struct HomeScreenTests {
  @Test func theManifestAndItsIconsAreServedToAnyoneWhoReachesTheServer() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    let response = try fixture.call("GET", "/assets/manifest.webmanifest", headers: [host])
    #expect(response.status == .ok)
    #expect(response.headers["Content-Type"] == "application/manifest+json")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
    #expect(manifest["name"] as? String == "drawdoc")
    #expect(manifest["short_name"] as? String == "drawdoc")
    #expect(manifest["start_url"] as? String == "/")
    #expect(manifest["display"] as? String == "standalone")
    for colour in ["theme_color", "background_color"] {
      #expect((manifest[colour] as? String)?.wholeMatch(of: #/#[0-9a-f]{6}/#) != nil, "\(colour)")
    }
    let icons = try #require(manifest["icons"] as? [[String: String]])
    var offered: Set<String> = []
    for icon in icons {
      let source = try #require(icon["src"])
      let served = try fixture.call("GET", source, headers: [host])
      #expect(served.status == .ok, "\(source)")
      #expect(served.headers["Content-Type"] == "image/png" && icon["type"] == "image/png")
      let size = try #require(pngSize(served.bodyBytes), "\(source) is no PNG")
      #expect(icon["sizes"] == "\(size.0)x\(size.1)", "\(source)")
      offered.insert("\(icon["sizes"] ?? "") \(icon["purpose"] ?? "any")")
    }
    #expect(
      offered == ["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"])
    let apple = try fixture.call("GET", "/assets/icon-180.png", headers: [host])
    #expect(apple.status == .ok && pngSize(apple.bodyBytes).map { [$0.0, $0.1] } == [180, 180])
  }

  @Test func everyPageLinksTheManifestAndTheHomeScreenIconAndThePolicyAllowsThem() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    let getIn = try fixture.call(
      "GET", "/api/drawings", headers: [host, ("Accept", "text/html")])
    #expect(getIn.status == .unauthorized)
    let pages = [
      try fixture.call("GET", "/", headers: [host]),
      try fixture.call("GET", "/drawings/\(fixture.id)", headers: [host]), getIn,
    ]
    for page in pages {
      let head = String(decoding: page.bodyBytes, as: UTF8.self).split(separator: "</head>")[0]
      for tag in [
        #"<link rel="manifest" href="/assets/manifest.webmanifest">"#,
        #"<link rel="apple-touch-icon" href="/assets/icon-180.png">"#,
        #"<meta name="apple-mobile-web-app-capable" content="yes">"#,
        #"<meta name="mobile-web-app-capable" content="yes">"#,
        #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
      ] {
        #expect(head.contains(tag), "\(tag)")
      }
      // Without it, `default-src 'none'` keeps a browser from reading the manifest.
      #expect(page.headers["Content-Security-Policy"]?.contains("manifest-src 'self'") == true)
    }
  }

  /// The icons are drawdoc's own PNG export of `icon.svg`, at the sizes they are served, so
  /// that a change of the drawing without the icons (or the other way) fails here. The drawing
  /// fills its whole canvas, opaque, and draws its shapes inside the middle circle of 80 % that
  /// a maskable icon keeps whatever the shape it is cut to.
  @Test func theIconsAreDrawdocsExportOfItsDrawingAndFitAMask() throws {
    let fixture = try AppFixture()
    let drawing = try SVGDecoder.decode(contentsOfFile: iconDrawing)
    let side = drawing.plane.size.width
    #expect(drawing.plane.size.height == side)
    let rectangles = drawing.plane.rectangles
    let ground = try #require(rectangles.first)
    #expect(
      [ground.point.x, ground.point.y, ground.size.width, ground.size.height] == [0, 0, side, side]
        && ground.alpha.level == 10)
    for shape in rectangles.dropFirst() {
      for (x, y) in [
        (shape.point.x, shape.point.y), (shape.point.x + shape.size.width, shape.point.y),
        (shape.point.x, shape.point.y + shape.size.height),
        (shape.point.x + shape.size.width, shape.point.y + shape.size.height),
      ] {
        #expect(hypot(x - side / 2, y - side / 2) <= 0.4 * side, "\(shape.id) at (\(x), \(y))")
      }
    }
    for pixels in [180, 192, 512] {
      let served = try fixture.call("GET", "/assets/icon-\(pixels).png")
      let exported = try DrawingExport.bytes(
        drawing, as: .png, scale: Double(pixels) / side, embed: false)
      #expect(served.bodyBytes == exported, "icon-\(pixels).png")
    }
  }
}
