import DrawdocModel

/// The HTML of `drawdoc gallery`: one self-contained page (styles and thumbnails inline) with
/// every drawing's thumbnail, title, dates and rectangle count, newest first, each linking to
/// its SVG file. A grid of cards that reflows from one column on a phone to several on a desk.
public enum GalleryPage {
  /// One card of the page.
  public struct Card: Sendable {
    /// The drawing's index entry.
    public let entry: IndexEntry
    /// The thumbnail's PNG bytes, if there is one.
    public let thumbnail: [UInt8]?
    /// Where the card links: the drawing's SVG file, as a URL.
    public let link: String

    /// Makes a card.
    ///
    /// - Parameters:
    ///   - entry: The drawing's index entry.
    ///   - thumbnail: Its thumbnail's PNG bytes, if any.
    ///   - link: The URL of its SVG file.
    public init(entry: IndexEntry, thumbnail: [UInt8]?, link: String) {
      self.entry = entry
      self.thumbnail = thumbnail
      self.link = link
    }
  }

  /// Writes the page.
  ///
  /// - Parameters:
  ///   - cards: The drawings, in the order to show them.
  ///   - damaged: Ids of drawing files that cannot be read, listed at the end.
  ///   - formatTime: How to show a time to the reader.
  /// - Returns: UTF-8 HTML.
  public static func html(
    cards: [Card], damaged: [Identifier], formatTime: (Timestamp) -> String
  ) -> [UInt8] {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>drawdoc gallery</title>
      <style>
      :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
      body { margin: 0 auto; max-width: 72rem; padding: 1rem; }
      h1 { font-size: 1.4rem; margin: 0 0 1rem; }
      ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem;
           grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); }
      li { border: 1px solid #8884; border-radius: 0.5rem; overflow: hidden; }
      a { color: inherit; text-decoration: none; display: block; }
      a:focus-visible, a:hover { outline: 2px solid #36c; }
      .picture { aspect-ratio: 4 / 3; display: flex; align-items: center; justify-content: center;
                 background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
      .picture img { max-width: 100%; max-height: 100%; image-rendering: auto; }
      .text { padding: 0.5rem 0.75rem 0.75rem; }
      .title { font-weight: 600; overflow-wrap: anywhere; margin: 0 0 0.25rem; }
      .meta { font-size: 0.85rem; opacity: 0.75; margin: 0; }
      </style>
      </head>
      <body>

      """
    let count = cards.count == 1 ? "1 drawing" : "\(cards.count) drawings"
    page += "<h1>drawdoc gallery · \(count)</h1>\n<ul>\n"
    for card in cards {
      let entry = card.entry
      let title = entry.title.isEmpty ? "(untitled)" : entry.title
      let rectangles =
        entry.rectangleCount == 1 ? "1 rectangle" : "\(entry.rectangleCount) rectangles"
      page += "<li><a href=\"\(escape(card.link))\">"
      page += "<div class=\"picture\">"
      if let thumbnail = card.thumbnail {
        page += "<img alt=\"\(escape(title))\" src=\"data:image/png;base64,\(base64(thumbnail))\">"
      }
      page += "</div><div class=\"text\"><p class=\"title\">\(escape(title))</p>"
      page += "<p class=\"meta\">\(rectangles) · \(entry.id)</p>"
      page += "<p class=\"meta\">modified \(escape(formatTime(entry.modified)))</p>"
      page += "<p class=\"meta\">created \(escape(formatTime(entry.created)))</p>"
      page += "</div></a></li>\n"
    }
    page += "</ul>\n"
    if !damaged.isEmpty {
      page += "<p class=\"meta\">Damaged drawing files, left in place: "
      page += damaged.map(\.description).joined(separator: ", ") + "</p>\n"
    }
    page += "</body>\n</html>\n"
    return Array(page.utf8)
  }

  /// Escapes text for HTML content and attribute values.
  package static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// Base64 (RFC 4648) of bytes.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let value =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      output += [18, 12, 6, 0].map { alphabet[Int(value >> $0 & 63)] }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      output += [18, 12].map { alphabet[Int(value >> $0 & 63)] }
      output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      output.append(UInt8(ascii: "="))
    }
    return String(decoding: output, as: UTF8.self)
  }
}
