import Foundation
import Testing

/// `drawdoc serve` whose server cannot run ends with exit status 74 and a message, rather than
/// print its address and leave every request waiting.
@Suite struct ServeFailureTests {
  @Test func aServerWhoseWorkersCannotStartEndsServeWithStatus74() throws {
    // Threads started with the C library's default stack size get the soft limit on the stack
    // (RLIMIT_STACK) as their stack: at 1 TiB, more than the system will promise, none
    // starts, while the process itself does (its main stack only grows as it is used).
    // Threads with a stack size of their own (the store's change follower) still start.
    let overcommit = try String(contentsOfFile: "/proc/sys/vm/overcommit_memory", encoding: .utf8)
    try #require(
      overcommit.hasPrefix("0") || overcommit.hasPrefix("2"),
      "vm.overcommit_memory is 1: the system maps any stack, so no thread fails to start here")
    let box = try Sandbox()
    box.succeed("new", "--title", "Served")
    // A server that hangs, as one did before, is killed after 60 s: exit status 137.
    let result = try box.runBinary(
      ["serve", "--port", "0"],
      launcher: [
        "/usr/bin/timeout", "-s", "KILL", "60", "/usr/bin/prlimit", "--stack=1099511627776",
      ])
    #expect(result.status == 74)
    #expect(
      result.standardError.hasSuffix(
        "Error: cannot start the server: the system would start none of its 4 worker threads: "
          + "too many threads or too little memory; end other programs and start it again\n"),
      "\(result.standardError)")
  }
}
