// pathtext: a thin shell over the PathText library.
import Support
import PathText

// SIGINT and SIGTERM remove a temporary file being written before the process ends.
TemporaryFiles.removeOnSignals()
// A render's buffers stay in the heap for the next one (a batch, a map's tiles, the server's requests).
Syscalls.keepFreedMemory()
Syscalls.exitProcess(Output.finish(CommandLineBytes.arguments().map { CLI.run($0) } ?? 2))
