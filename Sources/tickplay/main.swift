// tickplay: the executable. Parse the command line, then run one subcommand.
// Exit codes: 0 success, 1 runtime failure (no display, SDL error), 2 usage error.

import TickApp
import TickCommandLine
import TickFiles
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

let version = "0.1.0"

// `tickplay help [SUBCOMMAND]` is `tickplay [SUBCOMMAND] --help`.
let arguments = LaunchOptions.helpArguments(Array(CommandLine.arguments.dropFirst()))

/// Runs a subcommand that prints a listing (`keys`, `styles`): its help with `--help`,
/// else what `listing` gives for the arguments after the subcommand, or its error.
func printListing(
  _ rest: [String], help: String, _ listing: ([String]) throws(UsageError) -> String
) -> Never {
  if LaunchOptions.asksForHelp(rest) {
    print(help)
    exit(0)
  }
  do {
    print(try listing(rest), terminator: "")
    exit(0)
  } catch {
    Console.err("tickplay: \(error.message)")
    exit(2)
  }
}

// `tickplay keys [--markdown]`: the key table, alone or as the README's Markdown table.
if arguments.first == "keys" {
  printListing(Array(arguments.dropFirst()), help: LaunchOptions.keysHelp, KeyTable.listing)
}
// `tickplay styles [NAME]`: the built-in styles' names, or one's file (`tools/styles`
// writes `assets/styles/` from it).
if arguments.first == "styles" {
  printListing(Array(arguments.dropFirst()), help: LaunchOptions.stylesHelp, StyleFile.listing)
}

let options: LaunchOptions
do {
  // A --scene file is read here; its options come before the command line's.
  options = try LaunchOptions.parse(
    arguments, readingFilesWith: { (path) throws(UsageError) in try FileBytes.read(path) })
  // Every file written is checked before anything runs: a window opened, a render made.
  if !options.showHelp && !options.showVersion { try OutputFiles.check(options) }
} catch {
  Console.err("tickplay: \(error.message)")
  exit(2)
}

if options.showHelp {
  // After a subcommand, only the options that apply to it.
  print(LaunchOptions.helpText(for: options.commandNamed ? options.use : nil))
  exit(0)
}
if options.showVersion {
  print("tickplay \(version)")
  exit(0)
}

// Play installs its own handlers, which let it quit cleanly.
if options.command != .play { QuitSignal.installDying() }
let status: Int32
switch options.command {
case .play: status = Play.run(options)
case .render: status = Render.run(options)
case .bench: status = Bench.run(options)
case .export: status = Export.run(options)
}
exit(status)
