import DrawdocHTTP
import DrawdocHTTPTestSupport
import Foundation
import Synchronization
import Testing

/// Answers with what it saw, and remembers every request that reached it.
final class EchoResponder: HTTPResponder {
  let seen = Mutex<[String]>([])

  func respond(to request: HTTPRequest) -> HTTPResponse {
    let line = "\(request.method) \(request.path) \(request.body.count)"
    seen.withLock { $0.append(line) }
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/plain")
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array((line + "\n").utf8)))
  }

  var paths: [String] { seen.withLock { $0 } }
}

/// A server on a free port with small limits, serving until the value goes away: with an
/// ``EchoResponder``, or the responder given.
final class TestServer {
  let server: HTTPServer
  let echo = EchoResponder()

  init(
    limits: HTTPLimits = HTTPLimits(
      headBytes: 16 << 10, bodyBytes: 1 << 20, headSeconds: 2, bodySeconds: 2, idleSeconds: 2,
      writeSeconds: 2),
    responder: (any HTTPResponder)? = nil
  )
    throws
  {
    server = try HTTPServer(port: 0, limits: limits, responder: responder ?? echo)
    server.start()
  }

  deinit { server.stop() }

  var port: UInt16 { server.port }

  /// Sends raw bytes on a fresh connection and reads until the server closes it.
  func exchange(_ request: String) throws -> [UInt8] {
    let client = try RawClient(port: port)
    client.send(request)
    client.finishSending()
    return client.readAll()
  }

  /// Whether a plain request still gets its answer.
  func stillAnswers() throws -> Bool {
    let response = try exchange("GET /alive HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    return statusCode(response) == 200
  }
}

@Suite struct HTTPServerTests {
  @Test func aRequestGetsItsResponseAndPersistentConnectionsCarrySeveral() throws {
    let test = try TestServer()
    let client = try RawClient(port: test.port)
    client.send("GET /a/b?x=1 HTTP/1.1\r\nHost: h\r\n\r\n")
    let first = try #require(client.readResponse())
    #expect(first.status == 200)
    #expect(String(decoding: first.body, as: UTF8.self) == "GET /a/b 0\n")
    client.send("POST /c HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
    let second = try #require(client.readResponse())
    #expect(String(decoding: second.body, as: UTF8.self) == "POST /c 5\n")
    #expect(test.echo.paths == ["GET /a/b 0", "POST /c 5"])
  }

  @Test func contentLengthsThatAgreeAreOneLength() throws {
    let test = try TestServer()
    let client = try RawClient(port: test.port)
    client.send("POST /c HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 5\r\n\r\nhello")
    #expect(try #require(client.readResponse()).status == 200)
    client.send("POST /d HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")
    #expect(try #require(client.readResponse()).status == 200)
    #expect(test.echo.paths == ["POST /c 5", "POST /d 3"])
  }

  @Test(arguments: [
    ("GARBAGE\r\n\r\n", 400),
    ("GET /\r\nHost: x\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
    ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("GET / HTTQ/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nFolded: a\r\n b\r\n\r\n", 400),
    ("GET relative HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (
      "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 411
    ),
    ("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", 417),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413),
    // An empty length is no length of 0: the body would be read as a second request.
    (
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n"
        + "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 400
    ),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ,\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5,\r\n\r\nhello", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ,5\r\n\r\nhello", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, ,5\r\n\r\nhello", 400),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: \r\n\r\nhello", 400),
  ])
  func malformedRequestsAreRefusedBeforeAnyResponderSeesThem(request: String, status: Int) throws {
    let test = try TestServer()
    let response = try test.exchange(request)
    #expect(statusCode(response) == status, "\(String(decoding: response, as: UTF8.self))")
    #expect(String(decoding: response, as: UTF8.self).contains("Connection: close"))
    #expect(test.echo.paths.isEmpty)
    #expect(try test.stillAnswers())
  }

  @Test(arguments: [
    "/../etc/passwd", "/a/../../etc", "/%2e%2e/etc", "/%2E%2E/etc", "/a/%2e%2e%2fb",
    "/a%2fb", "/a%2Fb", "/a\\b", "/a%5cb", "/a/./b", "/%2e/x", "/a//b", "/a%00b", "/%zz",
    "/..%2f..%2fetc",
  ])
  func pathsThatCouldClimbOutAreRefusedInEverySpelling(path: String) throws {
    let test = try TestServer()
    let response = try test.exchange("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(statusCode(response) == 400, "\(path): \(String(decoding: response, as: UTF8.self))")
    #expect(test.echo.paths.isEmpty)
  }

  @Test func theHeadAndTheBodyAreBoundedInSize() throws {
    let test = try TestServer()
    let huge =
      "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n"
    #expect(statusCode(try test.exchange(huge)) == 431)
    let longLine = "GET /\(String(repeating: "a", count: 17_000)) HTTP/1.1\r\nHost: x\r\n\r\n"
    #expect(statusCode(try test.exchange(longLine)) == 431)
    // Many small fields add up too.
    let many = (0..<2000).map { "X-\($0): y\r\n" }.joined()
    #expect(statusCode(try test.exchange("GET / HTTP/1.1\r\nHost: x\r\n\(many)\r\n")) == 431)
    #expect(test.echo.paths.isEmpty)
    #expect(try test.stillAnswers())
  }

  @Test func aBodyCutShortNeverReachesTheResponder() throws {
    let test = try TestServer()
    let response = try test.exchange(
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part of it")
    #expect(response.isEmpty)
    #expect(test.echo.paths.isEmpty)
    #expect(try test.stillAnswers())
  }

  @Test func aClientThatSendsOneByteAtATimeIsCutOffWhileOthersAreServed() throws {
    // The untrusted head's deadline made 1 s (2 s by default): cut off at the tenth byte or so.
    let test = try TestServer(
      limits: HTTPLimits(
        headBytes: 16 << 10, bodyBytes: 1 << 20, headSeconds: 2, bodySeconds: 2, idleSeconds: 2,
        writeSeconds: 2, untrustedHeadSeconds: 1))
    let slow = try RawClient(port: test.port)
    let request = Array("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    var sent = 0
    var answered = 0
    while sent < request.count, !slow.hasBeenAnsweredOrCut, slow.send([request[sent]]) {
      sent += 1
      // Meanwhile the server answers everyone else.
      if try test.stillAnswers() { answered += 1 }
      // Kept a sleep: the pace of a slow client, a byte every 0.1 s, is the thing under test.
      Thread.sleep(forTimeInterval: 0.1)
    }
    let response = slow.readAll()
    #expect(statusCode(response) == 408, "\(String(decoding: response, as: UTF8.self))")
    #expect(sent < request.count, "the whole request went through")
    #expect(answered >= 3)
    #expect(!test.echo.paths.contains("GET /slow 0"))
  }

  @Test func twoHundredConnectionsAtOnceAreAllAnswered() throws {
    let test = try TestServer()
    // Each connection opens and holds, then asks: no thread is spent on any of them, and all
    // fit in the untrusted bound.
    var clients: [RawClient] = []
    for _ in 0..<200 { clients.append(try RawClient(port: test.port)) }
    for client in clients {
      client.send("GET /many HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    }
    var statuses: [Int: Int] = [:]
    for client in clients {
      statuses[statusCode(client.readAll()) ?? 0, default: 0] += 1
    }
    #expect(statuses == [200: 200], "\(statuses)")
    clients.removeAll()
    #expect(try test.stillAnswers())
  }

  @Test func aStreamedBodyIsWrittenAsItComesAndEndsTheConnection() throws {
    struct Streamer: HTTPResponder {
      func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
          status: .ok, headers: HTTPHeaders([("Content-Type", "text/event-stream")]),
          body: .stream { stream in
            for number in 1...3 { stream.send(Array("data: \(number)\n\n".utf8)) }
            stream.close()
          })
      }
    }
    let server = try HTTPServer(port: 0, responder: Streamer())
    server.start()
    defer { server.stop() }
    let client = try RawClient(port: server.port)
    client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    let text = String(decoding: client.readAll(), as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.contains("Connection: close\r\n"))
    #expect(!text.contains("Content-Length"))
    #expect(text.hasSuffix("\r\n\r\ndata: 1\n\ndata: 2\n\ndata: 3\n\n"))
  }

  @Test func requestTargetsDecodeIntoSegmentsAndQuery() throws {
    let request = try HTTPRequest(method: "GET", target: "/api/drawings/a%20b?since=4&q=a+b%21")
    #expect(request.pathSegments == ["api", "drawings", "a b"])
    #expect(request.query == ["since": "4", "q": "a b!"])
    #expect(throws: HTTPError.forbiddenPath("it holds a '.' or '..' segment")) {
      try HTTPRequest(method: "GET", target: "/a/%2e%2e")
    }
  }
}
