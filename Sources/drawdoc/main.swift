import DrawdocCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe (`drawdoc list | head -1`) should end the write, not the process.
signal(SIGPIPE, SIG_IGN)
// The signals that ask a program to stop must reach it, even when the program that started it
// had them blocked (a blocked mask is inherited: Foundation's `Process`, started from a thread
// that blocks signals, passes it on). Otherwise `drawdoc watch`, which runs until interrupted,
// could only be stopped with SIGKILL.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for stopSignal in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&stopSignals, stopSignal) }
sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
var environment: [String: String] = [:]
#if os(Linux)
  var entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
#else
  // Darwin declares no `environ` for programs to use; this is its accessor.
  var entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
#endif
while let entry = entries, let pointer = entry.pointee {
  let pair = String(cString: pointer)
  if let equals = pair.firstIndex(of: "=") {
    environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
  }
  entries = entry + 1
}
exit(
  DrawdocCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
    standardOutput: FileDescriptorSink.standardOutput,
    standardError: FileDescriptorSink.standardError))
