import DrawdocModel
import DrawdocStore

/// The HTML of `drawdoc gallery`: one self-contained page (styles and thumbnails inline) with
/// every drawing's thumbnail, title, dates and rectangle count, newest first, each linking to
/// its SVG file. A grid of cards that reflows from one column on a phone to several on a desk.
///
/// The page is the file `Pages/gallery.html`, and each card `Pages/gallery-card.html`, built
/// into the binary (`.embedInCode`); ``HTMLTemplate`` fills in their slots, escaping every
/// text (a title is the user's).
///
/// The page's Content-Security-Policy, in `gallery.html`, is as strict as the app's: no script
/// at all, no connection, nothing from elsewhere; its one style sheet by its SHA-256 (which a
/// test checks with another program), and the thumbnails as `data:` pictures. The file is
/// opened from the disk, where no server sends a header: the policy is in a `<meta>` element,
/// which cannot say `frame-ancestors`.
package enum GalleryPage {
  private static let page = HTMLTemplate(PackageResources.gallery_html)
  private static let card = HTMLTemplate(PackageResources.gallery_card_html)
  private static let thumbnail = HTMLTemplate(PackageResources.gallery_thumbnail_html)
  private static let damagedFiles = HTMLTemplate(PackageResources.gallery_damaged_html)

  /// The page's style sheet: the text of its one `<style>` element, as `gallery.html` has it.
  static let style = page.markup(between: "<style>", and: "</style>") ?? ""

  /// The SHA-256 of ``style`` in base64, made from it: the policy follows the style sheet.
  /// (Base64 has no character that HTML escapes.)
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
    let cards = drawings.map { drawing in
      let entry = drawing.entry
      let title = entry.title.isEmpty ? "(untitled)" : entry.title
      let picture = drawing.thumbnail.map {
        thumbnail.filled(["title": title, "png": Base64.encode($0)])
      }
      return card.filled(
        [
          "file": drawing.fileURL, "title": title,
          "rectangles": entry.rectangleCount == 1
            ? "1 rectangle" : "\(entry.rectangleCount) rectangles",
          "id": entry.id.description, "modified": formatTime(entry.modified),
          "created": formatTime(entry.created),
        ],
        html: ["thumbnail": picture ?? .nothing])
    }
    let filled = page.filled(
      [
        "styleHash": styleHash,
        "count": drawings.count == 1 ? "1 drawing" : "\(drawings.count) drawings",
      ],
      html: [
        "cards": .joined(cards),
        "damaged": damaged.isEmpty
          ? .nothing
          : damagedFiles.filled(["ids": damaged.map(\.description).joined(separator: ", ")]),
      ])
    return Array(filled.markup.utf8)
  }
}
