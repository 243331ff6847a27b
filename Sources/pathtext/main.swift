// pathtext: a thin shell over the PathText library.
#if canImport(Glibc)
import Glibc
#endif
import PathText

// SIGINT and SIGTERM remove a temporary file being written before the process ends.
TemporaryFiles.removeOnSignals()
exit(Output.finish(CLI.run(Array(CommandLine.arguments.dropFirst()))))
