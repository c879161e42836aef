import DrawdocEditing
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

@Suite struct GalleryPageTests {
  @Test func thePageShowsEveryDrawingInTheOrderGivenEscaped() throws {
    let entries = try [
      IndexEntry(
        Drawing(
          id: Identifier("aaa-aaa-aaa"), created: Timestamp("2026-06-01T00:00:00Z"),
          modified: Timestamp("2026-06-02T00:00:00Z"), plane: Plane(title: "Newer"))),
      IndexEntry(
        Drawing(
          id: Identifier("bbb-bbb-bbb"), created: Timestamp("2026-01-01T00:00:00Z"),
          modified: Timestamp("2026-01-01T00:00:00Z"), plane: Plane(title: "<Tom & \"Jerry\">"))),
    ]
    let drawings = [
      ThumbnailedDrawing(entry: entries[0], thumbnail: [1, 2, 3], fileURL: "file:///a%20b.svg"),
      ThumbnailedDrawing(entry: entries[1], thumbnail: nil, fileURL: "file:///c.svg"),
    ]
    let html = String(
      decoding: GalleryPage.html(
        drawings: drawings, damaged: [try Identifier("ddd-ddd-ddd")],
        formatTime: { $0.description }),
      as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains(#"<meta name="viewport""#))
    #expect(html.contains("drawdoc gallery · 2 drawings"))
    #expect(html.contains("&lt;Tom &amp; &quot;Jerry&quot;&gt;"))
    #expect(!html.contains("<Tom"))
    let newerAt = try #require(html.range(of: "Newer"))
    let olderAt = try #require(html.range(of: "&lt;Tom"))
    #expect(newerAt.lowerBound < olderAt.lowerBound)
    // [1, 2, 3] in base64 (RFC 4648), worked out by hand: 000000 010000 001000 000011.
    #expect(html.components(separatedBy: "src=\"data:image/png;base64,AQID\"").count == 2)
    #expect(html.contains(#"<a href="file:///a%20b.svg">"#))
    #expect(html.contains("modified 2026-06-02T00:00:00Z"))
    #expect(html.contains("0 rectangles"))
    #expect(html.contains("Damaged drawing files, left in place: ddd-ddd-ddd"))
    #expect(!html.contains("http://") && !html.contains("https://"))
  }

  @Test func theHandoffPageLeadsToItsAddressEscaped() {
    let html = String(decoding: HandoffPage.html(leadingTo: "/x?a=1&b=\"2\""), as: UTF8.self)
    #expect(
      html.contains(#"<meta http-equiv="refresh" content="0; url=/x?a=1&amp;b=&quot;2&quot;">"#))
    #expect(html.contains(#"<a href="/x?a=1&amp;b=&quot;2&quot;">"#))
  }
}
