import DrawdocModel
import DrawdocStore

/// The HTML of `drawdoc gallery`: one self-contained page (styles and thumbnails inline) with
/// every drawing's thumbnail, title, dates and rectangle count, newest first, each linking to
/// its SVG file. A grid of cards that reflows from one column on a phone to several on a desk.
package enum GalleryPage {
  /// The page's style sheet: the text of its one `<style>` element.
  static let style = """

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

    """

  /// The page's Content-Security-Policy, as strict as the app's: no script at all, no
  /// connection, nothing from elsewhere; its one style sheet by its SHA-256 (which a test
  /// checks with another program), and the thumbnails as `data:` pictures. The file is opened
  /// from the disk, where no server sends a header: the policy is in a `<meta>` element, which
  /// cannot say `frame-ancestors`.
  static let policy =
    "default-src 'none'; script-src 'none'; style-src 'sha256-\(styleHash)'; img-src data:; "
    + "base-uri 'none'; form-action 'none'"

  /// The SHA-256 of ``style`` in base64, made from it: the policy follows the style sheet.
  static let styleHash = Base64.encode(SHA256.hash(style.utf8))

  /// Writes the page.
  ///
  /// - Parameters:
  ///   - drawings: The drawings, in the order to show them.
  ///   - damaged: Ids of drawing files that cannot be read, listed at the end.
  ///   - formatTime: How to show a time to the reader.
  /// - Returns: UTF-8 HTML.
  package static func html(
    drawings: [ThumbnailedDrawing], damaged: [Identifier], formatTime: (Timestamp) -> String
  ) -> [UInt8] {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>drawdoc gallery</title>
      <style>\(style)</style>
      </head>
      <body>

      """
    let count = drawings.count == 1 ? "1 drawing" : "\(drawings.count) drawings"
    page += "<h1>drawdoc gallery · \(count)</h1>\n<ul>\n"
    for drawing in drawings {
      let entry = drawing.entry
      let title = entry.title.isEmpty ? "(untitled)" : entry.title
      let rectangles =
        entry.rectangleCount == 1 ? "1 rectangle" : "\(entry.rectangleCount) rectangles"
      page += "<li><a href=\"\(HTMLText.escape(drawing.fileURL))\">"
      page += "<div class=\"picture\">"
      if let thumbnail = drawing.thumbnail {
        page += "<img alt=\"\(HTMLText.escape(title))\" "
        page += "src=\"data:image/png;base64,\(Base64.encode(thumbnail))\">"
      }
      page += "</div><div class=\"text\"><p class=\"title\">\(HTMLText.escape(title))</p>"
      page += "<p class=\"meta\">\(rectangles) · \(entry.id)</p>"
      page += "<p class=\"meta\">modified \(HTMLText.escape(formatTime(entry.modified)))</p>"
      page += "<p class=\"meta\">created \(HTMLText.escape(formatTime(entry.created)))</p>"
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
}
