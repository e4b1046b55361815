import Foundation
import TestSupport
import Testing
import TickScene

/// `tickplay styles`, the generator of `assets/styles/`: the built-in styles are defined
/// once, in code, and each file checked in is what the real binary writes for it.
@Suite struct StylesCommandTests {
  /// Every built-in style's name, in the code's order, one a line.
  @Test func stylesListsEveryBuiltInStyle() throws {
    let list = try Tickplay.run(["styles"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout == AnimationStyle.allCases.map { $0.rawValue + "\n" }.joined())
  }

  /// `tickplay styles NAME` prints exactly `assets/styles/NAME.json`.
  @Test(arguments: AnimationStyle.allCases)
  func eachCheckedInFileIsWhatTheCommandWrites(style: AnimationStyle) throws {
    let run = try Tickplay.run(["styles", style.rawValue])
    #expect(run.status == 0, "\(run.stderr)")
    let file = try Tickplay.builtInStyleText(style.rawValue)
    #expect(
      run.stdout == file,
      "assets/styles/\(style.rawValue).json is not what the code gives: run tools/styles")
  }

  /// A mistyped name exits 2, naming it and the style it is close to; `--help` exits 0.
  @Test func aMistypedNameIsAUsageError() throws {
    let run = try Tickplay.run(["styles", "bounc"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.contains("unknown style 'bounc'") && run.stderr.contains("bounce"))
    let help = try Tickplay.run(["styles", "--help"])
    #expect(help.status == 0 && help.stdout.contains("tickplay styles [NAME]"))
  }
}
