import DrawdocSystem

/// One client connection as the event loop keeps it, and only the loop touches it: what it
/// is doing, the bytes read and not yet used, the bytes to write, and when it runs out of
/// time. It costs its descriptor and these few fields while it waits.
final class Connection {
  /// What the connection is doing.
  enum Phase {
    /// Waiting for a request's head, or reading it.
    case head
    /// Reading the body of a request whose head was read.
    case body(FramedHead)
    /// A worker is answering a request.
    case responding(WorkerPool.Cancellation)
    /// Writing a whole response; the connection closes after it or reads the next request.
    case writing(close: Bool)
    /// Writing a stream's bytes as they come.
    case streaming(HTTPStream)
    /// Done writing and half-closed: reading and dropping what the client still sends, so
    /// that it reads the answer rather than a reset.
    case draining(received: Int)
  }

  let socket: Socket
  /// How its bytes travel: the socket itself, or TLS over it (the socket again once a client
  /// that spoke plain HTTP to a TLS port is being told so).
  var transport: any Transport
  /// What the requests read from it are told of it.
  let facts: ConnectionFacts
  let key: ConnectionKey
  var phase = Phase.head
  /// Whether one of its requests was credentialed (``HTTPResponder/isCredentialed(_:)``).
  var trusted = false
  /// Whether the loop still keeps it.
  var isOpen = true
  /// Bytes read and not yet used: a head being read, a body, or a pipelined request.
  var input: [UInt8] = []
  /// How much of `input` was searched for the end of a head.
  var scanned = 0
  /// Drops the `Cookie` fields of the head being read.
  var cookies = CookieFilter()
  /// Bytes to write ahead of anything else (a response, or a stream's head).
  var output: [UInt8] = []
  /// How much of `output` is written.
  var written = 0
  /// When the connection runs out of time in its phase (`infinity`: never).
  var deadline: Double
  /// What the poller waits for on it.
  var registered: ReadinessPoller.Interest = []
  /// Whether the client ended its side (a read gave the end of the stream).
  var peerFinished = false
  /// The last time a write made progress, while writes wait for room.
  var lastWriteProgress = 0.0
  /// Whether writes are waiting for room.
  var writeBlocked = false
  /// Whether the request being answered closes the connection after its response.
  var closeAfterResponse = false
  /// Whether the request being answered is a HEAD.
  var answeringHead = false
  /// A large body to write after `output`, kept apart so that it is never copied behind its
  /// head: it becomes `output` once the head is written.
  var outputBody: [UInt8] = []
  /// The share of the heavy-request budget that the answer being written holds: given back
  /// once it is written, or when the connection goes.
  var heldShare: HeavyBudget.Share?

  init(transport: any Transport, facts: ConnectionFacts, serial: UInt64, deadline: Double) {
    self.socket = transport.socket
    self.transport = transport
    self.facts = facts
    key = ConnectionKey(descriptor: socket.descriptor.rawValue, serial: serial)
    self.deadline = deadline
  }

  /// What the poller should wait for, from the phase.
  var wantedInterest: ReadinessPoller.Interest {
    switch phase {
    case .head, .body:
      // A TLS handshake's answer may wait for room.
      let sending: ReadinessPoller.Interest = transport.hasPendingOutput ? .write : []
      return peerFinished ? sending : sending.union(.read)
    case .responding: return transport.hasPendingOutput ? .write : []
    case .writing: return writeBlocked ? .write : []
    case .streaming: return writeBlocked ? [.read, .write] : .read
    case .draining: return .read
    }
  }
}
