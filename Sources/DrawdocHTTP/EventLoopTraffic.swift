import DrawdocSystem

/// The loop's reading and writing: requests in, responses and streams out.
extension EventLoop {
  // MARK: - Reading

  /// The socket has bytes, or the client's end.
  func readable(_ connection: Connection) {
    assertInLoop()
    switch connection.phase {
    case .head, .body:
      let wasEmpty = connection.input.isEmpty
      guard fill(connection) else {
        if let tls = connection.transport as? TLSTransport, tls.spokePlainText {
          refusePlainText(connection)
        } else {
          close(connection)
        }
        return
      }
      if case .head = connection.phase, wasEmpty, !connection.input.isEmpty, connection.trusted {
        // A trusted connection's head is timed from its first byte.
        setDeadline(connection, now + limits.headSeconds)
      }
      process(connection)
    case .streaming:
      // A stream's client sends nothing more; what comes is dropped, and its end (or a
      // failure) ends the stream at once.
      // (Through TLS: the client's records keep the session in step.)
      if drop(from: connection, atMost: 64 << 10, through: connection.transport) == nil {
        close(connection)
      }
    case .draining(let received):
      // The session is over: its records are dropped as they are.
      guard
        let count = drop(
          from: connection, atMost: Self.drainBytes - received, through: connection.socket),
        received + count < Self.drainBytes
      else {
        close(connection)
        return
      }
      connection.phase = .draining(received: received + count)
    case .responding, .writing:
      break
    }
  }

  /// Reads what has come into the connection's input, up to what the phase can use.
  ///
  /// - Returns: `false` when the read failed.
  private func fill(_ connection: Connection) -> Bool {
    var budget = 256 << 10
    while budget > 0 {
      let wanted: Int
      switch connection.phase {
      case .body(let head): wanted = head.bodyLength - connection.input.count
      default: wanted = limits.headBytes + 5 - connection.input.count
      }
      guard wanted > 0 else { return true }
      let asked = min(wanted, budget, readBuffer.count)
      switch connection.transport.read(
        into: UnsafeMutableRawBufferPointer(rebasing: readBuffer[..<asked]))
      {
      case .bytes(let count):
        connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
        budget -= count
        // Fewer than asked: nothing more is there now (the poller says when there is).
        if count < asked { return true }
      case .timedOut: return true
      case .closed:
        connection.peerFinished = true
        return true
      case .failed: return false
      }
    }
    return true
  }

  /// Reads and drops what has come, up to `limit` bytes.
  ///
  /// - Returns: How many bytes, or `nil` at the client's end or a failure.
  private func drop(
    from connection: Connection, atMost limit: Int, through transport: any Transport
  )
    -> Int?
  {
    let asked = max(1, min(limit, readBuffer.count))
    switch transport.read(
      into: UnsafeMutableRawBufferPointer(rebasing: readBuffer[..<asked]))
    {
    case .bytes(let count): return count
    case .timedOut: return 0
    case .closed, .failed: return nil
    }
  }

  /// Goes as far as the input allows: a head, then its body, then the request to a worker.
  func process(_ connection: Connection) {
    assertInLoop()
    if case .head = connection.phase {
      do {
        if let removedFrom = try connection.cookies.filter(&connection.input) {
          connection.scanned = min(connection.scanned, removedFrom)
        }
      } catch {
        refuse(connection, error)
        return
      }
      guard let end = RequestHead.end(in: connection.input, from: connection.scanned) else {
        connection.scanned = connection.input.count
        if connection.input.count > limits.headBytes {
          refuse(connection, HTTPError.headTooLarge(limit: limits.headBytes))
        } else if connection.peerFinished {
          close(connection)
        } else {
          updateInterest(connection)
        }
        return
      }
      guard end <= limits.headBytes + 4 else {
        refuse(connection, HTTPError.headTooLarge(limit: limits.headBytes))
        return
      }
      var head: FramedHead
      do {
        head = try FramedHead(connection.input[..<end])
        head.request.connection = connection.facts
      } catch {
        refuse(connection, error)
        return
      }
      connection.input.removeFirst(end)
      connection.scanned = 0
      connection.cookies = CookieFilter()
      if !connection.trusted && responder.isCredentialed(head.request) {
        guard promote(connection) else {
          refuse(
            connection, .serviceUnavailable, "too many connections: try again soon",
            retryAfter: true)
          return
        }
      }
      if let refusal = responder.admit(head.request) {
        // The responder's own answer: it carries its header fields already.
        write(
          ResponseBytes.head(
            refusal.status, refusal.headers, contentLength: refusal.bodyBytes.count, close: true)
            + refusal.bodyBytes, to: connection, close: true)
        return
      }
      guard head.bodyLength <= limits.bodyBytes else {
        refuse(connection, HTTPError.bodyTooLarge(limit: limits.bodyBytes))
        return
      }
      connection.phase = .body(head)
      setDeadline(connection, now + limits.bodySeconds)
    }
    guard case .body(let head) = connection.phase else { return }
    guard connection.input.count >= head.bodyLength else {
      if connection.peerFinished { close(connection) } else { updateInterest(connection) }
      return
    }
    let body = Array(connection.input[..<head.bodyLength])
    connection.input.removeFirst(head.bodyLength)
    // An idle connection keeps no room a big body needed.
    if connection.input.isEmpty { connection.input = [] }
    let cancellation = WorkerPool.Cancellation()
    connection.phase = .responding(cancellation)
    connection.closeAfterResponse = head.closesConnection
    connection.answeringHead = head.request.method == "HEAD"
    connection.deadline = .infinity
    updateInterest(connection)
    workers.answer(
      WorkerPool.Job(
        key: connection.key, request: head.request.with(body: body), cancellation: cancellation))
  }

  // MARK: - Answering

  /// Tells a client that spoke plain HTTP to a TLS port, in plain HTTP, then closes.
  private func refusePlainText(_ connection: Connection) {
    connection.transport = connection.socket
    connection.input = []
    refuse(
      connection, .badRequest,
      "this port speaks HTTPS only: open the address with https://, not http://")
  }

  /// Answers with one of the server's own refusals, then closes.
  func refuse(_ connection: Connection, _ error: HTTPError) {
    refuse(connection, error.status, error.description)
  }

  /// Answers with one of the server's own refusals (with the responder's header fields for
  /// every response), then closes.
  func refuse(
    _ connection: Connection, _ status: HTTPStatus, _ message: String, retryAfter: Bool = false
  ) {
    assertInLoop()
    write(
      ResponseBytes.refusal(
        status, message: message, everyResponse: responder.headersForEveryResponse,
        retryAfter: retryAfter), to: connection, close: true)
  }

  /// Writes a whole response, then closes or reads the next request.
  private func write(
    _ bytes: [UInt8], then body: [UInt8] = [], to connection: Connection, close: Bool
  ) {
    connection.output = bytes
    connection.outputBody = body
    connection.written = 0
    connection.writeBlocked = false
    connection.phase = .writing(close: close)
    connection.deadline = .infinity
    writable(connection)
  }

  /// A worker's response.
  func respond(_ connection: Connection, with response: HTTPResponse) {
    assertInLoop()
    let closing = connection.closeAfterResponse
    switch response.body {
    case .bytes(let bytes):
      let head = ResponseBytes.head(
        response.status, response.headers, contentLength: bytes.count, close: closing)
      if connection.answeringHead {
        write(head, to: connection, close: closing)
      } else if bytes.count < Self.separateBodyBytes {
        write(head + bytes, to: connection, close: closing)
      } else {
        // Not copied behind its head: a large answer would be in memory twice.
        write(head, then: bytes, to: connection, close: closing)
      }
    case .stream(let open):
      let head = ResponseBytes.head(
        response.status, response.headers, contentLength: nil, close: true)
      guard !connection.answeringHead else {
        write(head, to: connection, close: true)
        return
      }
      guard streamCount < limits.streams else {
        refuse(
          connection, .serviceUnavailable, "too many event streams: try again soon",
          retryAfter: true)
        return
      }
      let key = connection.key
      let stream = HTTPStream(backlogLimit: limits.streamBacklogBytes) { [server] in
        server.mailbox.post(.streamReady(key))
      }
      streamCount += 1
      publishCounts()
      connection.output = head
      connection.written = 0
      connection.writeBlocked = false
      connection.phase = .streaming(stream)
      connection.deadline = .infinity
      open(stream)
      writable(connection)
    }
  }

  // MARK: - Writing

  /// The socket has room, or there is something new to write.
  func writable(_ connection: Connection) {
    assertInLoop()
    switch connection.phase {
    case .writing(let close):
      switch writeOutput(connection) {
      case .failed: self.close(connection)
      case .blocked: updateInterest(connection)
      case .done: responseWritten(connection, close: close)
      }
    case .streaming(let stream):
      switch writeOutput(connection) {
      case .failed:
        close(connection)
        return
      case .blocked:
        updateInterest(connection)
        return
      case .done: break
      }
      var (left, progressed) = stream.flush(to: connection.transport)
      if left == .idle || left == .ended {
        switch connection.transport.flush() {
        case .done: break
        case .blocked: left = .blocked
        case .failed: left = .closed
        }
      }
      noteWrite(connection, progressed: progressed, blocked: left == .blocked)
      switch left {
      case .idle, .blocked: updateInterest(connection)
      case .ended: finishGracefully(connection)
      case .closed: close(connection)
      }
    case .head, .body, .responding, .draining:
      if connection.transport.flush() == .failed {
        close(connection)
        return
      }
      updateInterest(connection)
    }
  }

  private enum OutputLeft { case done, blocked, failed }

  /// A body of at least this many bytes is written after its head rather than copied behind
  /// it.
  static let separateBodyBytes = 64 << 10

  /// Writes the connection's output as far as the socket takes it.
  private func writeOutput(_ connection: Connection) -> OutputLeft {
    var progressed = false
    defer {
      if connection.isOpen {
        noteWrite(
          connection, progressed: progressed,
          blocked: connection.written < connection.output.count)
      }
    }
    while true {
      while connection.written < connection.output.count {
        let result = connection.output.withUnsafeBytes {
          connection.transport.writeSome(
            UnsafeRawBufferPointer(rebasing: $0[connection.written...]))
        }
        switch result {
        case .wrote(let count):
          connection.written += count
          progressed = true
        case .wouldBlock: return .blocked
        case .failed: return .failed
        }
      }
      guard !connection.outputBody.isEmpty else {
        // What TLS made of the output waits for room too.
        switch connection.transport.flush() {
        case .done: break
        case .blocked: return .blocked
        case .failed: return .failed
        }
        break
      }
      // The body's storage moves to `output`: no copy.
      connection.output = connection.outputBody
      connection.outputBody = []
      connection.written = 0
    }
    connection.output = []
    connection.written = 0
    return .done
  }

  /// Times writes that wait for a client that does not read: ``HTTPLimits/writeSeconds``
  /// from the last progress.
  private func noteWrite(_ connection: Connection, progressed: Bool, blocked: Bool) {
    guard blocked else {
      connection.writeBlocked = false
      if case .streaming = connection.phase { connection.deadline = .infinity }
      return
    }
    if progressed || !connection.writeBlocked { connection.lastWriteProgress = now }
    connection.writeBlocked = true
    setDeadline(connection, connection.lastWriteProgress + limits.writeSeconds)
  }

  /// A whole response is written.
  private func responseWritten(_ connection: Connection, close: Bool) {
    connection.heldShare?.giveBack()
    connection.heldShare = nil
    guard !close else {
      finishGracefully(connection)
      return
    }
    connection.phase = .head
    let wait: Double
    if !connection.trusted {
      wait = limits.untrustedHeadSeconds
    } else {
      wait = connection.input.isEmpty ? limits.idleSeconds : limits.headSeconds
    }
    setDeadline(connection, now + wait)
    // A pipelined request may be here already.
    process(connection)
  }
}
