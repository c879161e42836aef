import Glibc

exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
