import DrawdocSystem
import Synchronization

/// Names a connection for other threads: its descriptor, and a serial number that tells it
/// from an earlier connection that had the same descriptor.
struct ConnectionKey: Hashable, Sendable {
  var descriptor: Int32
  var serial: UInt64
}

/// What other threads tell the event loop.
enum LoopMessage: Sendable {
  /// A worker answered the connection's request; `held` is a heavy request's share of the
  /// budget, which the connection holds until the answer is written.
  case responded(ConnectionKey, HTTPResponse, held: HeavyBudget.Share?)
  /// The connection's stream has bytes to write, or ended.
  case streamReady(ConnectionKey)
}

/// Messages for the event loop, from any thread: each one wakes the loop if it waits.
final class LoopMailbox: Sendable {
  private let messages = Mutex<[LoopMessage]>([])
  /// The descriptor the loop waits on, with the sockets.
  let wakeUp: WakeUpSignal

  init(wakeUp: WakeUpSignal) {
    self.wakeUp = wakeUp
  }

  /// Leaves a message and wakes the loop (once for all the messages it has not taken yet).
  func post(_ message: LoopMessage) {
    let first = messages.withLock { messages -> Bool in
      messages.append(message)
      return messages.count == 1
    }
    if first { wakeUp.signal() }
  }

  /// Takes every message, in the order they came (on the loop, after draining the wake-up).
  func takeAll() -> [LoopMessage] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
