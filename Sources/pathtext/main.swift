// pathtext: a thin shell over the PathText library.
Syscalls.exitProcess(CLI.run(Array(CommandLine.arguments.dropFirst())))
