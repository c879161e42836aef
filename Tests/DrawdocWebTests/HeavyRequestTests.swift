import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// The app's heavy requests through the real server, with a small budget: past it, an export
/// or an import is refused with 503 and `Retry-After` before the drawing (or the body) is
/// read. "Not read" is seen without timing: the drawing's file is damaged on purpose, so
/// that reading it gives the damaged-drawing error, never a 503; and the import's body is
/// not a drawing, which reading it would answer with 400.
@Suite(.serialized) struct HeavyRequestTests {
  /// Every request that reads a drawing whole, or imports a file, is heavy here; the budget is
  /// 1 MiB.
  static let limits = HTTPLimits(
    headSeconds: 2, bodySeconds: 2, idleSeconds: 2, trustedConnections: 64,
    heavyRequestBytes: 1000, heavyBudgetBytes: 1 << 20)

  private func ask(_ app: ServedApp, _ method: String, _ target: String, body: String = "")
    throws -> (status: Int, head: String, text: String)
  {
    let client = try RawClient(port: app.server.port)
    var request = "\(method) \(target) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
    if !body.isEmpty {
      request +=
        "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n"
    }
    client.send(request + "\r\n" + body)
    let answer = try #require(client.readResponse())
    return (answer.status, answer.head, String(decoding: answer.body, as: UTF8.self))
  }

  @Test func pastTheBudgetAHeavyRequestIs503BeforeItsDrawingOrBodyIsRead() throws {
    let app = try ServedApp(limits: Self.limits)
    // Its file, damaged: whoever reads it is told so.
    let file = app.store.path(of: app.id)
    try Data(repeating: 0x20, count: 3000).write(to: URL(fileURLWithPath: file))
    let drawing = "/api/drawings/\(app.id)"
    // The picture first: the largest share, whose refusal keeps room for it, goes first again.
    let reads = [
      "\(drawing)/export?format=png&scale=2", "\(drawing)/export?format=svg",
      "\(drawing)/export?format=pdf", "\(drawing)/export?format=excalidraw", "\(drawing)/svg",
    ]
    let importBody = #"{"svg": "\#(String(repeating: "not a drawing ", count: 20))"}"#
    // Other heavy requests hold all but 100 bytes of the budget.
    var held: HeavyBudget.Share? = try #require(app.server.heavyBudget.take((1 << 20) - 100))
    for target in reads {
      let answer = try ask(app, "GET", target)
      #expect(answer.status == 503, "\(target): \(answer.text)")
      #expect(answer.head.contains("\r\nRetry-After: 2\r\n"), "\(target)")
      #expect(answer.text.contains("try again"), "\(target): \(answer.text)")
    }
    let refusedImport = try ask(app, "POST", "/api/import", body: importBody)
    #expect(refusedImport.status == 503, "\(refusedImport.text)")
    #expect(app.server.heavyBudget.counts.refused == reads.count + 1)
    // A light request goes on meanwhile.
    #expect(try app.stillAnswers())
    // The budget given back, the same requests do their work: the drawing is read (and found
    // damaged), the body parsed (and found no drawing).
    withExtendedLifetime(held) {}
    held = nil
    #expect(app.server.heavyBudget.counts.heldBytes == 0)
    for target in reads {
      let answer = try ask(app, "GET", target)
      #expect(answer.status != 503 && answer.status >= 400, "\(target): \(answer.text)")
      #expect(answer.text.contains("damaged") || answer.text.contains("not"), "\(answer.text)")
    }
    #expect(try ask(app, "POST", "/api/import", body: importBody).status == 400)
    #expect(eventually(within: 10) { app.server.heavyBudget.counts.heldBytes == 0 })
  }

  @Test func aHeavyRequestThatFitsIsAnsweredAndGivesItsShareBack() throws {
    let app = try ServedApp(limits: Self.limits)
    let answer = try ask(app, "GET", "/api/drawings/\(app.id)/export?format=svg")
    #expect(answer.status == 200)
    #expect(answer.text.hasPrefix("<?xml") || answer.text.hasPrefix("<svg"))
    #expect(app.server.heavyBudget.counts.taken == 1)
    #expect(eventually(within: 10) { app.server.heavyBudget.counts.heldBytes == 0 })
    // A drawing's list is light: it takes nothing.
    #expect(try app.stillAnswers())
    #expect(app.server.heavyBudget.counts.taken == 1)
  }
}
