/// A page that moves on to another address by itself: how `drawdoc serve --open` hands the
/// address (and its token) to a browser without putting it on a command line.
package enum HandoffPage {
  /// The page's HTML.
  ///
  /// - Parameter address: Where the page leads: an absolute URL or a path.
  /// - Returns: UTF-8 HTML, with a link for a browser that does not follow the refresh.
  package static func html(leadingTo address: String) -> [UInt8] {
    let target = HTMLText.escape(address)
    return Array(
      """
      <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
      <meta http-equiv="refresh" content="0; url=\(target)"><title>drawdoc</title></head>
      <body><p><a href="\(target)">Open drawdoc</a></p></body></html>

      """.utf8)
  }
}
