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

  /// The page is a file with slots: a title is escaped into its slot, and a title that looks
  /// like a slot stays text, never filled in again.
  @Test func aTitleWithAScriptOrASlotStaysTextOfThePage() throws {
    let titles = ["</p><script>alert(1)</script>", "{{file}} {{title}}"]
    let drawings = try titles.enumerated().map { index, title in
      ThumbnailedDrawing(
        entry: try IndexEntry(
          Drawing(
            id: Identifier("aaa-aaa-aa\(index)"), created: Timestamp("2026-06-01T00:00:00Z"),
            modified: Timestamp("2026-06-02T00:00:00Z"), plane: Plane(title: title))),
        thumbnail: [1], fileURL: "file:///\(index).svg")
    }
    let html = String(
      decoding: GalleryPage.html(drawings: drawings, damaged: [], formatTime: { $0.description }),
      as: UTF8.self)
    #expect(!html.contains("<script"))
    #expect(
      html.contains(#"<p class="title">&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>"#))
    #expect(html.contains(#"<p class="title">{{file}} {{title}}</p>"#))
    #expect(html.contains(#"<img alt="{{file}} {{title}}" src="data:image/png;base64,AQ==">"#))
    // Every other slot of the files was filled.
    #expect(html.components(separatedBy: "{{").count == 1 + 4)
    #expect(html.hasSuffix("</ul>\n</body>\n</html>\n"))
  }

  /// A character that markup gives a meaning, followed by marks that join it into one
  /// `Character`: the HTML parser reads the character alone, so it must be escaped alone.
  @Test(arguments: [
    "\u{301}", "\u{308}\u{301}", "\u{20D2}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{E0100}",
  ])
  func theEscaperEscapesAMarkupCharacterThatAMarkJoins(_ mark: String) {
    let references: [(String, String)] = [
      ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
    ]
    for (character, reference) in references {
      let text = "a" + character + mark + " onload=x"
      #expect(HTMLText.escape(text) == "a" + reference + mark + " onload=x")
      #expect(!HTMLText.escape(text).utf8.contains { Array("<>\"'".utf8).contains($0) })
    }
    #expect(HTMLText.escape("\u{301}\"\u{301}\"") == "\u{301}&quot;\u{301}&quot;")
    #expect(HTMLText.escape("é ✓ 🏳️‍🌈") == "é ✓ 🏳️‍🌈")
  }

  @Test func aTitleWithAQuoteAndACombiningMarkStaysInItsAttribute() throws {
    let payload = "a\"\u{301} onload=document.title=1//"
    let entry = try IndexEntry(
      Drawing(
        id: Identifier("aaa-aaa-aaa"), created: Timestamp("2026-06-01T00:00:00Z"),
        modified: Timestamp("2026-06-02T00:00:00Z"), plane: Plane(title: payload)))
    let html = String(
      decoding: GalleryPage.html(
        drawings: [ThumbnailedDrawing(entry: entry, thumbnail: [1], fileURL: "file:///a.svg")],
        damaged: [], formatTime: { $0.description }),
      as: UTF8.self)
    #expect(html.contains("<img alt=\"a&quot;\u{301} onload=document.title=1//\" src="))
    // No quote is left before the mark (U+0301 is CC 81 in UTF-8).
    let bytes = Array(html.utf8)
    #expect(!bytes.indices.dropLast(2).contains { bytes[$0...].starts(with: [0x22, 0xCC, 0x81]) })
  }

  /// The page says its policy first thing, and the policy admits its style sheet by the hash
  /// python3's hashlib gives.
  @Test func thePageCarriesAStrictPolicyThatAdmitsItsStyleSheet() throws {
    let html = String(
      decoding: GalleryPage.html(drawings: [], damaged: [], formatTime: { $0.description }),
      as: UTF8.self)
    let policy = try #require(
      html.firstRange(of: #"<meta http-equiv="Content-Security-Policy" content=""#))
    let title = try #require(html.firstRange(of: "<title>"))
    #expect(policy.lowerBound < title.lowerBound)
    let style = try #require(html.firstRange(of: "<style>"))
    let styleEnd = try #require(html.firstRange(of: "</style>"))
    let sheet = String(html[style.upperBound..<styleEnd.lowerBound])
    let hash = try pythonSHA256(sheet)
    #expect(
      html.contains(
        #"content="default-src 'none'; script-src 'none'; style-src 'sha256-"#
          + hash + #"'; img-src data:; base-uri 'none'; form-action 'none'">"#))
  }

  @Test func theHandoffPageLeadsToItsAddressEscaped() {
    let html = String(decoding: HandoffPage.html(leadingTo: "/x?a=1&b=\"2\""), as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("{{"))
    #expect(
      html.contains(#"<meta http-equiv="refresh" content="0; url=/x?a=1&amp;b=&quot;2&quot;">"#))
    #expect(html.contains(#"<a href="/x?a=1&amp;b=&quot;2&quot;">"#))
  }
}

/// The SHA-256 of text in base64, as python3's hashlib and base64 give it.
private func pythonSHA256(_ text: String) throws -> String {
  try output(
    of: [
      "python3", "-c",
      "import base64, hashlib, sys; "
        + "print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())",
    ], input: text
  ).trimmingCharacters(in: .whitespacesAndNewlines)
}
