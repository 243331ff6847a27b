// pathtext: a thin shell over the PathText library.
import Support
import PathText

// SIGINT and SIGTERM remove a temporary file being written before the process ends.
TemporaryFiles.removeOnSignals()
Syscalls.exitProcess(Output.finish(CommandLineBytes.arguments().map { CLI.run($0) } ?? 2))
