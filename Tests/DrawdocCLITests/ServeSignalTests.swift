import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `drawdoc serve` stops at Ctrl-C (SIGINT) or SIGTERM from the moment it prints its address:
/// a signal sent as soon as the address is read is never lost.
@Suite struct ServeSignalTests {
  static let starts = 30

  @Test(arguments: [SIGINT, SIGTERM])
  func aStopSignalSentTheMomentTheAddressShowsStopsTheServer(_ signal: Int32) throws {
    let box = try Sandbox()
    box.succeed("new", "--title", "Served")
    var failures: [String] = []
    for start in 1...Self.starts {
      let server = try ServedBinary(box)
      #expect(server.port > 0, "start \(start): \(server.addressLine)")
      kill(server.process.processIdentifier, signal)
      let end = server.waitForEnd(within: 20)
      if !end.byItself || end.reason != .exit || end.status != 0 || !end.rest.hasSuffix("stopped\n")
      {
        failures.append(
          "start \(start): "
            + (end.byItself
              ? "\(end.reason == .exit ? "exit status" : "signal") \(end.status), \(end.rest)"
              : "still running 20 s after the signal"))
        // One lost signal is enough: the others would each wait 20 s more.
        if !end.byItself { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(Self.starts): \(failures)")
  }
}
