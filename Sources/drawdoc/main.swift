import DrawdocCLI
import DrawdocSystem

// A closed pipe (`drawdoc list | head -1`) ends the write, not the process; the signals that
// ask a program to stop reach it even when its parent had them blocked, so that `drawdoc
// watch`, which runs until interrupted, can be stopped without SIGKILL.
CurrentProcess.prepareSignals()
CurrentProcess.exit(
  DrawdocCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: CurrentProcess.environment(),
    standardOutput: FileDescriptorSink.standardOutput,
    standardError: FileDescriptorSink.standardError))
