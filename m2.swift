print(CommandLine.arguments.count)
