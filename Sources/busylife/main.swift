import BusyLifeCLI

// The commands live in BusyLifeCLI, which busylife-net runs too (for
// `serve` and `html`, the parts that need the network stack).
BusyLifeCommand.main()
