// The event loop is internal: no package API reaches its state from another thread, which is
// the point of the check this suite shows.
@testable import DrawdocHTTP
import DrawdocSystem
import Foundation
import Testing

/// The event loop's state is touched on the loop's thread only, and a debug build stops the
/// process when it is touched from another (as swift-nio's `preconditionInEventLoop`).
@Suite struct LoopAssertionTests {
  @Test func loopStateTouchedFromAnotherThreadStopsADebugBuild() async {
    await #expect(processExitsWith: .failure) {
      // A setup that fails ends the process with success, so that it cannot pass for the
      // check.
      guard let server = try? HTTPServer(port: 0, responder: EchoResponder()),
        let loop = try? EventLoop(server: server)
      else { exit(EXIT_SUCCESS) }
      // On the thread that made it, which runs it: allowed.
      loop.publishCounts()
      nonisolated(unsafe) let touchedElsewhere = loop
      SystemThread.start { touchedElsewhere.publishCounts() }?.join()
    }
  }
}
