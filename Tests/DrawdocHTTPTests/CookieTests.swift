import DrawdocHTTP
import DrawdocHTTPTestSupport
import Foundation
import Synchronization
import Testing

/// Answers 200, and keeps the names of the header fields of every request that reached it.
final class FieldRecorder: HTTPResponder {
  let seen = Mutex<[[String]]>([])

  func respond(to request: HTTPRequest) -> HTTPResponse {
    seen.withLock { $0.append(request.headers.map { $0.name }) }
    return HTTPResponse(status: .ok, headers: HTTPHeaders(), body: .bytes(Array("ok\n".utf8)))
  }

  var fieldNames: [[String]] { seen.withLock { $0 } }
}

/// Cookies that a page of another local program set for 127.0.0.1 come with every request;
/// the server uses none, so they never count against the head's limit, and no responder sees
/// them.
@Suite struct CookieTests {
  /// 240 KB of cookies: one field, many fields, lines ended by LF alone, the name in any case.
  static let cookies: [String: String] = [
    "one field": "Cookie: a=\(String(repeating: "x", count: 240_000))\r\n",
    "sixty fields": (0..<60).map {
      "Cookie: c\($0)=\(String(repeating: "y", count: 4_000))\r\n"
    }.joined(),
    "LF alone, any case": (0..<60).map {
      "\($0 % 2 == 0 ? "cOOKIE" : "COOKIE"):\($0)=\(String(repeating: "z", count: 4_000))\n"
    }.joined(),
  ]

  @Test(arguments: cookies.keys.sorted())
  func cookiesAreDroppedUnreadAndTheRequestIsAnswered(_ kind: String) throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    let cookies = try #require(Self.cookies[kind])
    let response = try test.exchange(
      "GET /page HTTP/1.1\r\nHost: x\r\n\(cookies)X-After: 1\r\nConnection: close\r\n\r\n")
    #expect(statusCode(response) == 200, "\(String(decoding: response.prefix(300), as: UTF8.self))")
    #expect(fields.fieldNames == [["Host", "X-After", "Connection"]])
  }

  @Test func pipelinedRequestsEachLoseTheirCookies() throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    let cookie = "Cookie: a=\(String(repeating: "x", count: 100_000))\r\n"
    let client = try RawClient(port: test.port)
    client.send(
      "POST /one HTTP/1.1\r\nHost: x\r\n\(cookie)Content-Length: 5\r\n\r\nhello"
        + "GET /two HTTP/1.1\r\n\(cookie)Host: x\r\n\(cookie)\r\n")
    #expect(try #require(client.readResponse()).status == 200)
    #expect(try #require(client.readResponse()).status == 200)
    #expect(fields.fieldNames == [["Host", "Content-Length"], ["Host"]])
  }

  @Test func aHeadTooLargeWithoutItsCookiesIsStillRefused() throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    let cookie = "Cookie: a=\(String(repeating: "x", count: 100_000))\r\n"
    let big = "X-Big: \(String(repeating: "b", count: 20_000))\r\n"
    for head in [cookie + big, big + cookie, cookie + big + cookie] {
      let response = try test.exchange("GET / HTTP/1.1\r\nHost: x\r\n\(head)\r\n")
      #expect(statusCode(response) == 431)
      #expect(
        String(decoding: response, as: UTF8.self).contains(
          "the request line and header fields are longer than 16384 bytes"))
    }
    #expect(fields.fieldNames.isEmpty)
  }

  @Test func cookiesPastTheirOwnBoundAreRefused() throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    // As a client that sends cookie bytes without end would: refused at the bound.
    let line = "Cookie: a=\(String(repeating: "x", count: 4_000))\r\n"
    let client = try RawClient(port: test.port)
    client.send("GET / HTTP/1.1\r\nHost: x\r\n")
    var sent = 0
    while sent <= CookieFilter.maximumBytes, client.send(line) { sent += line.utf8.count }
    client.finishSending()
    let response = String(decoding: client.readAll(), as: UTF8.self)
    #expect(response.hasPrefix("HTTP/1.1 431 "), "\(response.prefix(200))")
    #expect(response.contains("the Cookie header fields are longer than 1048576 bytes"))
    #expect(fields.fieldNames.isEmpty)
  }

  @Test(arguments: ["a=\u{1}b", "a=b\rc", "a=\u{7F}"])
  func aCookieWithAControlCharacterIsRefusedAsAnyFieldIs(_ value: String) throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    let response = try test.exchange("GET / HTTP/1.1\r\nHost: x\r\nCookie: \(value)\r\n\r\n")
    #expect(statusCode(response) == 400)
    #expect(fields.fieldNames.isEmpty)
  }

  @Test func otherFieldsThatStartLikeCookieAreKept() throws {
    let fields = FieldRecorder()
    let test = try TestServer(responder: fields)
    let response = try test.exchange(
      "GET / HTTP/1.1\r\nHost: x\r\nCookies: 1\r\nCookie2: 2\r\nX-Cookie: 3\r\nCookie: 4\r\n\r\n")
    #expect(statusCode(response) == 200)
    #expect(fields.fieldNames == [["Host", "Cookies", "Cookie2", "X-Cookie"]])
  }

  /// The filter keeps its place between reads: the same head, cut anywhere, comes out the same.
  @Test func theFilterGivesTheSameHeadWhereverTheBytesAreCut() throws {
    let head = Array(
      ("GET / HTTP/1.1\r\nCookie: a=1\r\nHost: x\r\ncookie:b\nX: y\r\nCOOKIE: c=3; d=4\r\n"
        + "Cook: z\r\n\r\nbody Cookie: stays\r\n").utf8)
    let expected = Array(
      "GET / HTTP/1.1\r\nHost: x\r\nX: y\r\nCook: z\r\n\r\nbody Cookie: stays\r\n".utf8)
    for first in 0...head.count {
      for second in first...head.count where second == head.count || second - first < 9 {
        var filter = CookieFilter()
        var input: [UInt8] = []
        for piece in [head[..<first], head[first..<second], head[second...]] {
          input += piece
          _ = try filter.filter(&input)
        }
        #expect(input == expected, "cut at \(first) and \(second)")
      }
    }
  }
}
