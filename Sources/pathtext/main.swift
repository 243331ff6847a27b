// pathtext: a thin shell over the PathText library.
#if canImport(Glibc)
import Glibc
#endif

exit(CommandLineBytes.arguments().map { CLI.run($0) } ?? 2)
