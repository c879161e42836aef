/// A page that moves on to another address by itself: how `drawdoc serve --open` hands the
/// address (and its token) to a browser without putting it on a command line. The page is the
/// file `Pages/handoff.html`, built into the binary; the address is escaped into it.
package enum HandoffPage {
  private static let page = HTMLTemplate(PackageResources.handoff_html)

  /// The page's HTML.
  ///
  /// - Parameter address: Where the page leads: an absolute URL or a path.
  /// - Returns: UTF-8 HTML, with a link for a browser that does not follow the refresh.
  package static func html(leadingTo address: String) -> [UInt8] {
    Array(page.filled(["address": address]).markup.utf8)
  }
}
