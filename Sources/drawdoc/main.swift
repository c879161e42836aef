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
// A parent may hand down a mask that blocks SIGINT and SIGTERM (Foundation's Process does);
// `drawdoc watch` runs until one of them arrives.
var noSignals = sigset_t()
sigemptyset(&noSignals)
sigprocmask(SIG_SETMASK, &noSignals, nil)
var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
  let pair = String(cString: pointer)
  if let equals = pair.firstIndex(of: "=") {
    environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
  }
  entry += 1
}
exit(
  DrawdocCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
    standardOutput: FileDescriptorSink.standardOutput,
    standardError: FileDescriptorSink.standardError))
