/// The Swift listings of a Markdown document, for tests that run a document's code and check
/// that it is still the code the document shows.
package enum Listings {
  /// Each ```` ```swift ```` listing of a Markdown text, as a block of lines.
  package static func swift(in markdown: String) -> [[Substring]] {
    var listings: [[Substring]] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if let lines = current, line == "```" {
        listings.append(lines)
        current = nil
      } else {
        current?.append(line)
      }
    }
    return listings
  }

  /// Whether `code` holds the listing's lines in a row, indented as a whole by one of
  /// `indents` spaces (empty lines stay empty).
  package static func listing(
    _ listing: some Collection<Substring>, isIn code: String, indentedBy indents: [Int]
  ) -> Bool {
    indents.contains { indent in
      let block = listing.map { $0.isEmpty ? "" : String(repeating: " ", count: indent) + $0 }
      return code.contains("\n" + block.joined(separator: "\n") + "\n")
    }
  }
}
