import DrawdocSystem
import DrawdocTLS

/// How a connection's bytes travel: as they are (a ``DrawdocSystem/Socket``), or in TLS
/// (``TLSTransport``). The event loop reads and writes through it and never waits.
protocol Transport: AnyObject {
  /// The connection's socket, for the poller.
  var socket: Socket { get }
  /// Reads what has come, decrypted, into `buffer`.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Socket.ReadResult
  /// Takes as many of `bytes` as it can now.
  func writeSome(_ bytes: UnsafeRawBufferPointer) -> Socket.WriteResult
  /// Whether bytes it took still wait for room in the socket.
  var hasPendingOutput: Bool { get }
  /// Whether it holds input that a read gives without the socket being readable (TLS: a
  /// record received whole, or decrypted and not yet read).
  var hasReadableInput: Bool { get }
  /// Sends what waits, as far as the socket takes it.
  func flush() -> TransportFlush
  /// Ends the sending direction (after a TLS `close_notify`).
  func shutdownWriting()
}

/// What ``Transport/flush()`` gave.
enum TransportFlush {
  /// Nothing waits.
  case done
  /// Bytes still wait for room.
  case blocked
  /// The connection failed.
  case failed
}

extension Socket: Transport {
  var socket: Socket { self }
  var hasPendingOutput: Bool { false }
  var hasReadableInput: Bool { false }
  func flush() -> TransportFlush { .done }
}

/// A connection in TLS: the socket's bytes go through a ``DrawdocTLS/TLSSession``, made when
/// the client's first bytes come, so a client that connects and says nothing holds no TLS
/// state. The first byte must begin a TLS handshake record; a client that speaks plain HTTP to
/// this port is told so (``spokePlainText``).
final class TLSTransport: Transport {
  let socket: Socket
  private let context: TLSContext
  private var session: TLSSession?
  /// Records taken from the session and not yet sent, from `pendingStart`.
  private var pending: [UInt8] = []
  private var pendingStart = 0
  /// Whether the client's first bytes were not TLS (they looked like plain HTTP, say).
  private(set) var spokePlainText = false

  /// The most plaintext one write takes: the records it makes wait here until sent.
  static let writeChunk = 64 << 10

  init(socket: Socket, context: TLSContext) {
    self.socket = socket
    self.context = context
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Socket.ReadResult {
    while true {
      if let session {
        switch session.read(into: buffer) {
        case .bytes(let count):
          // A read may answer the client (a key update): sent along.
          if flush() == .failed { return .failed }
          return .bytes(count)
        case .closed: return .closed
        case .failed: return .failed
        case .wantsMore:
          // The handshake's answer, if the read made one.
          if flush() == .failed { return .failed }
        }
      }
      // The buffer holds records from the socket for a moment, before they are decrypted
      // into it.
      switch socket.read(into: buffer) {
      case .bytes(let count):
        if session == nil {
          // 22: a TLS handshake record.
          guard buffer.load(as: UInt8.self) == 22 else {
            spokePlainText = true
            return .failed
          }
          guard let made = try? TLSSession(context: context) else { return .failed }
          session = made
        }
        session?.receive(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      case .timedOut: return .timedOut
      case .closed: return .closed
      case .failed: return .failed
      }
    }
  }

  func writeSome(_ bytes: UnsafeRawBufferPointer) -> Socket.WriteResult {
    guard !bytes.isEmpty else { return .wrote(0) }
    switch flush() {
    case .failed: return .failed
    case .blocked: return .wouldBlock
    case .done: break
    }
    guard let session else { return .failed }
    let taken = UnsafeRawBufferPointer(rebasing: bytes.prefix(Self.writeChunk))
    switch session.write(taken) {
    case .wrote(let count):
      // Sent as far as the socket takes them; the rest waits in `pending`.
      if flush() == .failed { return .failed }
      return .wrote(count)
    case .wantsMore, .failed:
      // Renegotiation is off: a session that wants to read before it writes is one to drop.
      return .failed
    }
  }

  var hasPendingOutput: Bool {
    pendingStart < pending.count || (session?.outgoingCount ?? 0) > 0
  }

  var hasReadableInput: Bool { session?.hasReadableInput ?? false }

  func flush() -> TransportFlush {
    while true {
      if pendingStart == pending.count {
        guard let session, session.outgoingCount > 0 else {
          // Idle connections keep no buffer.
          pending = []
          pendingStart = 0
          return .done
        }
        let count = min(session.outgoingCount, Self.writeChunk + 1024)
        pending = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
          initialized = session.takeOutgoing(into: UnsafeMutableRawBufferPointer(bytes))
        }
        pendingStart = 0
      }
      let result = pending.withUnsafeBytes {
        socket.writeSome(UnsafeRawBufferPointer(rebasing: $0[pendingStart...]))
      }
      switch result {
      case .wrote(let count): pendingStart += count
      case .wouldBlock: return .blocked
      case .failed: return .failed
      }
    }
  }

  func shutdownWriting() {
    if let session, session.isEstablished {
      session.close()
      _ = flush()
    }
    socket.shutdownWriting()
  }
}
