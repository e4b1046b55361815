import Foundation
import TestSupport
import Testing

/// Asking for help always succeeds: `tickplay help`, `tickplay help SUBCOMMAND` and
/// `tickplay keys --help` print their help and exit 0, and the help lists `keys`.
@Suite struct HelpCommandsTests {
  @Test func helpAndKeysHelpExitZero() throws {
    let help = try Tickplay.run(["help"])
    let all = try Tickplay.run(["--help"])
    #expect(help.status == 0, "\(help.stderr)")
    #expect(help.stdout == all.stdout)
    #expect(help.stdout.contains("\n  keys "), "help lists no keys: \(help.stdout)")

    let render = try Tickplay.run(["help", "render"])
    let renderHelp = try Tickplay.run(["render", "--help"])
    #expect(render.status == 0 && render.stdout == renderHelp.stdout, "\(render.stderr)")

    for args in [["keys", "--help"], ["keys", "-h"], ["keys", "--markdown", "--help"]] {
      let keys = try Tickplay.run(args)
      #expect(keys.status == 0, "\(args): \(keys.stderr)")
      #expect(keys.stdout.contains("tickplay keys [--markdown]"), "\(args): \(keys.stdout)")
    }
  }
}
