#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BusyLifeCLI
import Foundation

// busylife's network part, run by busylife itself (NetworkHelper in
// BusyLifeCLI). `fetch` reads a FetchRequest as JSON on standard input,
// fetches into the cache and writes the results as JSON on standard
// output; its standard error is the user's. Anything else is a command
// line of busylife that busylife handed over (`serve`, `html`).
if CommandLine.arguments.dropFirst().first == "fetch" {
    exit(Fetching.run())
}
Serving.install()
BusyLifeCommand.main()
