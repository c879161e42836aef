#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// The signals that ask a program to stop (``CurrentProcess/StopSignal``), caught from the
/// moment the value is made until it goes: none ends the process and none is lost, whenever it
/// comes. A thread waits for them with ``wait()``.
///
/// The handler is set for the whole process, on every thread, before `init` returns. It only
/// writes the signal's number to a pipe (`write` is safe in a signal handler), which ``wait()``
/// reads. (A dispatch source is no good here: it is armed later, on a thread of its own, and
/// a signal that comes meanwhile is lost.) A program that prints that it is ready after making
/// this value can be stopped the moment it says so.
package final class StopSignals: Sendable {
  private let pipe: Pipe

  /// Catches the stop signals from now on.
  ///
  /// - Precondition: No other value of this type exists: the handler is the process's.
  /// - Throws: ``Errno`` when no pipe can be made. The corresponding C functions are `pipe`
  ///   and `signal`.
  package init() throws(Errno) {
    pipe = try Pipe()
    let previous = stopSignalPipe.exchange(pipe.writeEnd.rawValue, ordering: .acquiringAndReleasing)
    precondition(previous < 0, "the stop signals are caught once at a time")
    for stopSignal in CurrentProcess.StopSignal.allCases {
      signal(stopSignal.rawValue, writeStopSignal)
    }
  }

  /// Gives the signals back their default action: from then on, they end the process.
  deinit {
    for stopSignal in CurrentProcess.StopSignal.allCases { signal(stopSignal.rawValue, SIG_DFL) }
    stopSignalPipe.store(-1, ordering: .releasing)
  }

  /// Waits for a stop signal, one that came before the call included.
  ///
  /// - Returns: The signal. The corresponding C functions are `poll` and `read`.
  package func wait() -> CurrentProcess.StopSignal {
    while true {
      var descriptor = pollfd(fd: pipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, -1)
      var byte: UInt8 = 0
      guard read(pipe.readEnd.rawValue, &byte, 1) == 1 else { continue }
      if let stopSignal = CurrentProcess.StopSignal.allCases.first(where: {
        $0.rawValue == Int32(byte)
      }) {
        return stopSignal
      }
    }
  }
}

/// The pipe's end the handler writes to, or -1.
private let stopSignalPipe = Atomic<Int32>(-1)

/// The signal handler: writes the signal's number to the pipe, and leaves `errno` as it found
/// it for the code it interrupted.
private func writeStopSignal(_ number: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(stopSignalPipe.load(ordering: .acquiring), &byte, 1)
  errno = saved
}
