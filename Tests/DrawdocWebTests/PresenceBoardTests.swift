import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import Foundation
import Synchronization
import Testing

@testable import DrawdocWeb

/// A clock the test moves.
private final class TestClock: Sendable {
  private let time = Mutex(1000.0)
  var now: Double { time.withLock { $0 } }
  func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

/// Presence in process: what a post must be, what the board holds and for how long, its
/// bounds, and the colours it gives.
@Suite struct PresenceBoardTests {
  private func post(_ fixture: AppFixture, _ json: String) throws -> HTTPResponse {
    try fixture.call("POST", "/api/drawings/\(fixture.id)/presence", json: json)
  }

  private func update(_ page: String) throws -> PresenceUpdate {
    try PresenceUpdate(
      try HTTPRequest(
        method: "POST", target: "/", headers: HTTPHeaders([("Content-Type", "application/json")]),
        body: Array(#"{"page": "\#(page)", "pointer": {"x": 1, "y": 2}}"#.utf8)))
  }

  @Test func aMalformedBodyIsRefusedWithWhatWouldBeRight() throws {
    let fixture = try AppFixture()
    let cases: [(String, String)] = [
      (#"{"pointer": {"x": 1, "y": 2}}"#, "page must be the page's id"),
      (#"{"page": "short"}"#, "page must be the page's id"),
      (#"{"page": "page-aaaaaa", "pointer": {"x": "one", "y": 2}}"#, "pointer must be"),
      (#"{"page": "page-aaaaaa", "pointer": [1, 2]}"#, "pointer must be"),
      (#"{"page": "page-aaaaaa", "pointer": {"x": 1e300, "y": 2}}"#, "pointer must be"),
      (#"{"page": "page-aaaaaa", "selection": "afy-kw5-t7o"}"#, "selection must be a list"),
      (#"{"page": "page-aaaaaa", "selection": ["<script>"]}"#, "selection must be a list"),
      (
        #"{"page": "page-aaaaaa", "view": {"x": 0, "y": 0, "width": 0, "height": 5}}"#,
        "view must be the rectangle shown"
      ),
      (#"[1, 2]"#, "the body must be a JSON object"),
      (#"{"page": "#, "the body is not JSON"),
    ]
    for (body, message) in cases {
      let response = try post(fixture, body)
      #expect(response.status == .badRequest, "\(body)")
      let error = try fixture.object(response)["error"] as? String ?? ""
      #expect(error.contains(message), "\(body): \(error)")
    }
    let many = (0..<1001).map { _ in #""afy-kw5-t7o""# }.joined(separator: ",")
    let tooMany = try post(fixture, #"{"page": "page-aaaaaa", "selection": [\#(many)]}"#)
    #expect(tooMany.status == .badRequest)
    #expect(
      try fixture.object(tooMany)["error"] as? String
        == "selection has 1001 ids: at most 1000 are sent")
    #expect(
      try fixture.call("GET", "/api/drawings/\(fixture.id)/presence").status == .methodNotAllowed)
    // None of them was kept, and a good one is answered 204 and changes no version.
    let version = fixture.version
    #expect(try post(fixture, #"{"page": "page-aaaaaa", "pointer": null}"#).status == .noContent)
    #expect(fixture.version == version)
  }

  @Test func aPageMayPostTwentyTimesASecondWithABurstAndNoMore() throws {
    let clock = TestClock()
    let board = PresenceBoard(now: { clock.now })
    let drawing = try Identifier("afy-kw5-t7o")
    for _ in 0..<Int(PresenceBoard.burst) {
      try board.post(try update("page-fast"), drawing: drawing, visitor: .owner)
    }
    #expect(throws: WebError.self) {
      try board.post(try update("page-fast"), drawing: drawing, visitor: .owner)
    }
    // Another page is not held back by it; the page itself may go on a moment later.
    try board.post(try update("page-slow"), drawing: drawing, visitor: .owner)
    clock.advance(0.06)
    try board.post(try update("page-fast"), drawing: drawing, visitor: .owner)
  }

  @Test func pagesAndDrawingsAreBoundedAndQuietPagesMakeRoom() throws {
    let clock = TestClock()
    let board = PresenceBoard(now: { clock.now })
    let drawing = try Identifier("afy-kw5-t7o")
    for index in 0..<PresenceBoard.pagesPerDrawing {
      try board.post(try update("page-\(1000 + index)"), drawing: drawing, visitor: .owner)
    }
    let oneMore = try update("page-one-more")
    do {
      try board.post(oneMore, drawing: drawing, visitor: .owner)
      Issue.record("a page past the bound was let in")
    } catch {
      #expect(error.status == .serviceUnavailable)
      #expect(error.message.contains("has 50 pages present already"))
    }
    #expect(board.pageCount(in: drawing) == PresenceBoard.pagesPerDrawing)
    // Pages with no stream that said nothing for 5 s are gone: the new one gets in.
    clock.advance(PresenceBoard.freshSeconds + 0.1)
    try board.post(try update("page-one-more"), drawing: drawing, visitor: .owner)
    #expect(board.pageCount(in: drawing) == 1)

    for index in 1..<PresenceBoard.drawingLimit {
      try board.post(
        try update("page-aaaaaa"), drawing: Identifier(rawValue: UInt64(index)), visitor: .owner)
    }
    #expect(board.drawingCount == PresenceBoard.drawingLimit)
    #expect(throws: WebError.self) {
      try board.post(
        try update("page-aaaaaa"), drawing: Identifier(rawValue: 99_999), visitor: .owner)
    }
  }

  @Test func aPageIdIsItsVisitorsOnly() throws {
    let board = PresenceBoard()
    let drawing = try Identifier("afy-kw5-t7o")
    try board.post(try update("page-mine1"), drawing: drawing, visitor: .owner)
    let device = Visitor(access: .device(name: "iPad"), name: "iPad", credential: "c0ffee")
    #expect(throws: WebError.self) {
      try board.post(try update("page-mine1"), drawing: drawing, visitor: device)
    }
    // Nor can another visitor make it leave.
    board.leave(drawing: drawing, page: "page-mine1", visitor: device)
    #expect(board.pageCount(in: drawing) == 1)
    board.leave(drawing: drawing, page: "page-mine1", visitor: .owner)
    #expect(board.pageCount(in: drawing) == 0)
  }

  @Test func colorsComeFromTheNameAndTwoPagesOfOneNameStayApart() throws {
    // FNV-1a (32 bits) of "owner" is 0xf5674cd4, worked out apart from drawdoc (Python's
    // integers, from the function's definition): 4117187796 % 10 is 6.
    #expect(PresenceBoard.color(for: "owner") == PresenceBoard.palette[6])
    #expect(Set(PresenceBoard.palette).count == 10)
    let first = PresenceBoard.color(for: "owner")
    #expect(PresenceBoard.color(for: "owner") == first)
    let second = PresenceBoard.color(for: "owner", avoiding: [first])
    #expect(second != first && PresenceBoard.palette.contains(second))
  }
}
