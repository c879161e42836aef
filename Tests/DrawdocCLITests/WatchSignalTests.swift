import DrawdocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `drawdoc watch` runs until interrupted: SIGTERM and SIGINT must stop it even when the
/// program that started it had them blocked, as a thread of a Swift program (such as this
/// test) does when it starts a `Process`.
@Suite struct WatchSignalTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func watchStopsAtTheSignalEvenWhenStartedWithItBlocked(_ signal: Int32) throws {
    let box = try Sandbox()
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, signal)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let process = Process()
    process.executableURL = drawdocExecutable
    process.arguments = ["watch", "--json"]
    process.environment = box.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    // The child starts with the signal blocked, as this thread has it.
    try process.run()
    pthread_sigmask(SIG_SETMASK, &previous, nil)

    kill(process.processIdentifier, signal)
    let stopped = eventually(within: 10) { !process.isRunning }
    if !stopped { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(stopped, "watch still ran 10 s after signal \(signal)")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
  }
}
