import DrawdocSystem
import Testing

@Suite struct ChildProcessTests {
  @Test func aProgramsOutputsStatusAndFolderComeBack() throws {
    let outcome = try ChildProcess.run(
      "/bin/sh", ["-c", "pwd; echo problem >&2; exit 3"], environment: [:], in: "/tmp")
    #expect(outcome.status == 3)
    #expect(outcome.outputText == "/tmp\n")
    #expect(outcome.errorText == "problem")
  }

  @Test func inputLargerThanAPipeIsFedWhileOutputIsRead() throws {
    let input = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    let outcome = try ChildProcess.run(
      "/bin/cat", [], environment: [:], in: "/", input: input)
    #expect(outcome.status == 0)
    #expect(outcome.output == input)
  }

  @Test func aSignalEndsAsOneHundredTwentyEightPlusItsNumber() throws {
    let outcome = try ChildProcess.run(
      "/bin/sh", ["-c", "kill -9 $$"], environment: [:], in: "/")
    #expect(outcome.status == 128 + 9)
  }

  @Test func programsAreFoundOnThePathAndAMissingOneIsNot() throws {
    #expect(ChildProcess.find("sh", in: "/nonexistent:/bin") == "/bin/sh")
    #expect(ChildProcess.find("no-such-program-anywhere", in: "/bin:/usr/bin") == nil)
    #expect(throws: Errno.self) {
      try ChildProcess.run("/nonexistent/program", [], environment: [:], in: "/")
    }
  }
}
