import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import DrawdocWeb
import Foundation
import Testing

/// What the app tells the server a request will cost in memory, before any of its work: the
/// server's heavy lane and budget go by it.
@Suite struct MemoryEstimateTests {
  private func estimate(
    _ fixture: AppFixture, _ method: String, _ target: String, body: [UInt8] = [],
    token: Bool = true
  ) throws -> Int {
    var headers = HTTPHeaders([
      ("Host", "127.0.0.1:\(fixture.port)"), ("Origin", "http://127.0.0.1:\(fixture.port)"),
    ])
    if token { headers.add("Authorization", "Bearer \(fixture.token)") }
    return fixture.app.memoryEstimate(
      of: try HTTPRequest(method: method, target: target, headers: headers, body: body))
  }

  private func fileSize(_ fixture: AppFixture) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: fixture.store.path(of: fixture.id))
    return try #require(attributes[.size] as? Int)
  }

  @Test func lightRoutesAndRefusedRequestsWeighNothing() throws {
    let fixture = try AppFixture(rectangles: 1000)
    let drawing = "/api/drawings/\(fixture.id)"
    for target in ["/api/drawings", "\(drawing)/changes?since=1", "\(drawing)/history", "/"] {
      #expect(try estimate(fixture, "GET", target) == 0, "\(target)")
    }
    // Without the token the gate answers: nothing is read.
    #expect(try estimate(fixture, "GET", "\(drawing)/export?format=png", token: false) == 0)
  }

  @Test func aReadOfTheWholeDrawingWeighsMoreThanItsAnswerAndGrowsWithTheFile() throws {
    let small = try AppFixture(rectangles: 10)
    let large = try AppFixture(rectangles: 2000)
    for (target, format) in [
      ("", "svg"), ("/svg", "svg"), ("/export?format=svg", "svg"),
      ("/export?format=json", "json"), ("/export?format=pdf", "pdf"),
      ("/export?format=drawio", "drawio"), ("/export?format=excalidraw", "excalidraw"),
      ("/export?format=png", "png"), ("/versions/1", "svg"),
    ] {
      let path = "/api/drawings/\(large.id)\(target)"
      let weight = try estimate(large, "GET", path)
      let answer = try large.call("GET", path)
      #expect(answer.status == .ok, "\(format)")
      #expect(weight > answer.bodyBytes.count, "\(target): \(weight)")
      #expect(weight >= (try fileSize(large)), "\(target)")
      #expect(
        weight > (try estimate(small, "GET", "/api/drawings/\(small.id)\(target)")),
        "\(target)")
    }
  }

  @Test func aPictureWeighsItsPixels() throws {
    let fixture = try AppFixture()
    let canvas = try fixture.store.drawing(fixture.id).plane.size
    let export = "/api/drawings/\(fixture.id)/export?format=png"
    let pixels = Int(canvas.width * 4) * Int(canvas.height * 4)
    #expect(try estimate(fixture, "GET", export + "&scale=4") >= pixels * 4)
    #expect(
      try estimate(fixture, "GET", export + "&scale=4") > (try estimate(fixture, "GET", export)))
    // Past the bound on pixels the answer is a refusal: no more than the bound is counted.
    #expect(
      try estimate(fixture, "GET", export + "&scale=1000")
        < (try estimate(fixture, "GET", export + "&scale=8")) * 2)
  }

  @Test func anImportWeighsWhatItsCompressedTextMayInflateTo() throws {
    let fixture = try AppFixture()
    let small = [UInt8](repeating: 0x20, count: 1000)
    // A hundred times its size may be inflated from it...
    #expect(try estimate(fixture, "POST", "/api/import", body: small) >= 100 * 1000)
    // ... but never more than 256 MiB, whatever its size: the app's import holds the drawing
    // a drawdoc PNG carries to it too.
    let large = [UInt8](repeating: 0x20, count: 10 << 20)
    let weight = try estimate(fixture, "POST", "/api/import", body: large)
    #expect(weight >= 256 << 20 && weight < 1 << 30, "\(weight)")
  }

  @Test func theAppsServerKeepsHeavyWorkApart() {
    #expect(WebApp.limits.heavyWorkers >= 1)
    #expect(WebApp.limits.heavyRequestBytes <= 16 << 20)
    #expect(WebApp.limits.heavyBudgetBytes <= 512 << 20)
  }
}
