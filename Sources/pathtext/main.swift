// pathtext: a thin shell over the PathText library.
#if canImport(Glibc)
import Glibc
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
