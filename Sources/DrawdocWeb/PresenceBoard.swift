import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocSystem
import Synchronization

/// Who is in each open drawing, in memory only: each editor page's pointer, selection and
/// view, as it last sent them (``PresenceUpdate``), told at once to the other pages of the
/// same drawing over their event streams as `event: presence` (no `id`: never replayed, no
/// part of the change sequence). Nothing of it is stored, nor is any of it a version.
///
/// A page is known by the random id it chose (`page`), and joins when its event stream opens
/// with `?drawing=ID&page=PAGE`, or when it first posts. It leaves when its stream closes, or
/// when it says so (`leave`); then the others hear `{"page": …, "left": true}` at once. Pages
/// drop on their own any presence not heard again for ``freshSeconds`` (a page sends it at
/// least every 2 s). The name is the visitor's (``Visitor/name``), never the body's; the
/// colour comes from the name (``color(for:avoiding:)``).
///
/// Bounded: ``pagesPerDrawing`` pages in a drawing and ``drawingLimit`` drawings; a page may
/// post ``postsPerSecond`` times a second (with a burst of ``burst``).
package final class PresenceBoard: Sendable {
  /// The most pages present in one drawing.
  static let pagesPerDrawing = 50
  /// The most drawings with someone present.
  static let drawingLimit = 200
  /// How long a presence counts without being sent again.
  static let freshSeconds = 5.0
  /// Posts a second a page may make, and how many may come at once (a page sends at most one
  /// each 50 ms; a network may bunch them).
  static let postsPerSecond = 20.0
  static let burst = 10.0

  /// Ten colours that stay apart from each other for most eyes, on light and dark ground.
  static let palette = [
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4",
    "#0fa3b1", "#f032e6", "#9a6324", "#808000", "#000075",
  ]
  /// The colour of changes made outside the pages (a `drawdoc` command in a terminal).
  static let terminalColor = "#5f6368"

  private struct Present {
    let visitor: Visitor
    let color: String
    /// The page's event stream, while it is open.
    var stream: HTTPStream?
    /// Its last `event: presence`, as sent; `nil` until it posts.
    var message: [UInt8]?
    /// When it last posted or joined.
    var heard: Double
    /// Posts it may still make now (refilled at ``postsPerSecond``).
    var allowance: Double
  }

  /// Drawing → page id → presence.
  private let drawings = Mutex([Identifier: [String: Present]]())
  private let now: @Sendable () -> Double

  /// - Parameter now: The clock, in seconds (tests move their own).
  package init(now: @escaping @Sendable () -> Double = { MonotonicClock.seconds() }) {
    self.now = now
  }

  /// How many pages are present in a drawing.
  func pageCount(in drawing: Identifier) -> Int {
    drawings.withLock { $0[drawing]?.count ?? 0 }
  }

  /// How many drawings have someone present.
  var drawingCount: Int { drawings.withLock { $0.count } }

  // MARK: - Joining and leaving

  /// A page's event stream opened: the page joins (when there is room), is sent what the
  /// others present last sent, and leaves when the stream closes.
  func join(_ stream: HTTPStream, drawing: Identifier, page: String, visitor: Visitor) {
    let time = now()
    let others = drawings.withLock { drawings -> [[UInt8]]? in
      guard var pages = entry(drawing, page, visitor, in: &drawings, at: time),
        pages[page]?.visitor == visitor
      else { return nil }
      pages[page]?.stream = stream
      pages[page]?.heard = time
      drawings[drawing] = pages
      return pages.filter { $0.key != page && time - $0.value.heard < Self.freshSeconds }
        .compactMap(\.value.message)
    }
    guard let others else { return }
    if !others.isEmpty { stream.send(others.flatMap { $0 }, replacingBacklogWith: Self.reload) }
    stream.onClose { [weak self] in self?.leave(drawing: drawing, page: page, stream: stream) }
  }

  /// A page left: the others hear it at once. With `stream`, only if that is still the
  /// page's stream (a page that came back on a new one stays).
  func leave(drawing: Identifier, page: String, stream: HTTPStream? = nil, visitor: Visitor? = nil)
  {
    let streams = drawings.withLock { drawings -> [HTTPStream] in
      guard var pages = drawings[drawing], let present = pages[page] else { return [] }
      if let stream, present.stream !== stream { return [] }
      if let visitor, present.visitor != visitor { return [] }
      pages[page] = nil
      drawings[drawing] = pages.isEmpty ? nil : pages
      return pages.values.compactMap(\.stream)
    }
    let message = Self.event(.object([("page", .string(page)), ("left", .bool(true))]))
    for stream in streams { stream.send(message, replacingBacklogWith: Self.reload) }
  }

  // MARK: - Posting

  /// A page's presence: kept, and sent to the other pages of the drawing.
  ///
  /// - Throws: ``WebError`` 503 when the drawing (or the board) is full, 429 when the page
  ///   posts faster than ``postsPerSecond``, 403 when the page id is another visitor's.
  func post(_ update: PresenceUpdate, drawing: Identifier, visitor: Visitor) throws(WebError) {
    let time = now()
    let (streams, message) = try drawings.withLock {
      drawings throws(WebError) -> ([HTTPStream], [UInt8]) in
      guard var pages = entry(drawing, update.page, visitor, in: &drawings, at: time) else {
        throw Self.full(drawing, drawings)
      }
      guard var present = pages[update.page] else { return ([], []) }
      guard present.visitor == visitor else {
        throw WebError(
          status: .forbidden, message: "page \(update.page) is another visitor's: choose a page id")
      }
      present.allowance = min(
        Self.burst, present.allowance + (time - present.heard) * Self.postsPerSecond)
      guard present.allowance >= 1 else {
        throw WebError(
          status: HTTPStatus(code: 429, reason: "Too Many Requests"),
          message: "presence is sent at most 20 times a second: this page sent it faster")
      }
      present.allowance -= 1
      present.heard = time
      let message = Self.event(update.object(name: visitor.name, color: present.color))
      present.message = message
      pages[update.page] = present
      drawings[drawing] = pages
      return (pages.filter { $0.key != update.page }.compactMap(\.value.stream), message)
    }
    for stream in streams { stream.send(message, replacingBacklogWith: Self.reload) }
  }

  /// A change a page did not make (a command in a terminal): the pages of its drawing show it
  /// as the terminal's for a moment.
  /// Only a new version counts (a change, a new title): a drawing trashed shows on its own.
  func terminalChanged(_ event: StoreEvent) {
    guard event.kind == .changed || event.kind == .renamed else { return }
    let streams = drawings.withLock { $0[event.id]?.values.compactMap(\.stream) ?? [] }
    guard !streams.isEmpty else { return }
    let message =
      Array("event: terminal\ndata: ".utf8)
      + JSONValue.object([
        ("drawing", .string(event.id.description)), ("version", .number(Double(event.version))),
        ("change", .string(event.change)), ("name", .string("terminal")),
        ("color", .string(Self.terminalColor)),
      ]).serialized + Array("\n\n".utf8)
    for stream in streams { stream.send(message, replacingBacklogWith: Self.reload) }
  }

  // MARK: - Colours

  /// The colour of a name: the palette's entry chosen by a hash of the name (FNV-1a), the
  /// same on every run; when another page of the drawing has that name and colour, the next
  /// entry free, so two pages of one name stay apart.
  package static func color(for name: String, avoiding taken: Set<String> = []) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let start = Int(hash % UInt32(palette.count))
    for step in 0..<palette.count where !taken.contains(palette[(start + step) % palette.count]) {
      return palette[(start + step) % palette.count]
    }
    return palette[start]
  }

  // MARK: - Helpers

  private static let reload = Array("event: reload\ndata: {}\n\n".utf8)

  private static func event(_ value: JSONValue) -> [UInt8] {
    Array("event: presence\ndata: ".utf8) + value.serialized + Array("\n\n".utf8)
  }

  /// The drawing's pages with this page among them (made when new), after dropping pages
  /// gone quiet without a stream; `nil` when there is no room for it.
  private func entry(
    _ drawing: Identifier, _ page: String, _ visitor: Visitor,
    in drawings: inout [Identifier: [String: Present]], at time: Double
  ) -> [String: Present]? {
    var pages = drawings[drawing] ?? [:]
    if pages[page] != nil { return pages }
    pages = pages.filter { $0.value.stream != nil || time - $0.value.heard < Self.freshSeconds }
    if drawings[drawing] == nil && drawings.count >= Self.drawingLimit {
      drawings = drawings.filter { _, pages in
        pages.values.contains { $0.stream != nil || time - $0.heard < Self.freshSeconds }
      }
      guard drawings.count < Self.drawingLimit else { return nil }
    }
    guard pages.count < Self.pagesPerDrawing else { return nil }
    let taken = Set(pages.values.filter { $0.visitor.name == visitor.name }.map(\.color))
    pages[page] = Present(
      visitor: visitor, color: Self.color(for: visitor.name, avoiding: taken), stream: nil,
      message: nil, heard: time, allowance: Self.burst)
    return pages
  }

  private static func full(_ drawing: Identifier, _ drawings: [Identifier: [String: Present]])
    -> WebError
  {
    let message =
      drawings[drawing] == nil
      ? "\(drawingLimit) drawings have pages present already: close the editor of one"
      : "drawing \(drawing) has \(pagesPerDrawing) pages present already: close one of them"
    return WebError(status: .serviceUnavailable, message: message)
  }
}
