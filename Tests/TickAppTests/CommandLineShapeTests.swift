import Testing

@testable import TickCommandLine
@testable import TickFiles

/// What the command line refuses and reads besides option values: an option given twice
/// (as a scene file refuses a repeated key), outputs whose names say no format the command
/// writes, and `help` as a subcommand.
@Suite struct CommandLineShapeTests {
  func message(_ args: [String], files: [String: String] = [:]) -> String? {
    do {
      _ = try LaunchOptions.parse(
        args,
        readingFilesWith: { (p) throws(UsageError) in
          guard let text = files[p] else { throw UsageError("cannot read \(p): no such file") }
          return Array(text.utf8)
        })
      return nil
    } catch {
      return error.message
    }
  }

  @Test func anOptionGivenTwiceIsRefusedNamingBothValues() {
    let m = message(["--cell", "40", "--cell", "50"])
    #expect(m?.contains("option --cell is given twice ('40', then '50')") == true, "\(m ?? "")")
    #expect(m?.contains("only --group may be repeated") == true, "\(m ?? "")")
    // Either spelling, and flags.
    #expect(message(["--cell=40", "--cell", "50"])?.contains("--cell is given twice") == true)
    #expect(message(["render", "--fit", "--out", "a.png", "--fit"])?.contains("--fit") == true)
    #expect(message(["-h", "--help"])?.contains("--help is given twice") == true)
  }

  @Test func repeatableOptionsRepeat() throws {
    #expect(LaunchOptions.table.filter(\.repeatable).map(\.name) == ["group"])
    let o = try LaunchOptions.parse(["--grid", "6x4", "--group", "0,0,2x1", "--group", "0,1,2x1"])
    #expect(o.groups.count == 2)
  }

  @Test func theCommandLineOverridesASceneFileOnce() throws {
    let files = ["s.json": #"{"cell": 40, "gap": 4}"#]
    #expect(message(["--scene", "s.json", "--cell", "50"], files: files) == nil)
    let m = message(["--scene", "s.json", "--cell", "50", "--cell", "60"], files: files)
    #expect(m?.contains("--cell is given twice ('50', then '60')") == true, "\(m ?? "")")
  }

  @Test(arguments: [
    "a.bmp", "a", "shot.png.txt", "dir.png/a", "a.gif",
  ])
  func renderRefusesAnOutWithoutAnImageExtension(out: String) {
    let m = message(["render", "--out", out])
    #expect(
      m == "invalid value for --out: render writes FILE.png, FILE.jpg or FILE.jpeg, got '\(out)'")
    let shot = message(["play", "--screenshot", out])
    #expect(
      shot == "invalid value for --screenshot: play saves FILE.png, FILE.jpg or FILE.jpeg, got "
        + "'\(out)'")
  }

  @Test func imageFormatsFollowTheExtensionInAnyCase() {
    #expect(ImageFormat(path: "a.png") == .png && ImageFormat(path: "dir.x/A.PNG") == .png)
    #expect(ImageFormat(path: "a.jpg") == .jpeg && ImageFormat(path: "a.JPEG") == .jpeg)
    #expect(ImageFormat(path: "a.webp") == nil && ImageFormat(path: "png") == nil)
    #expect(message(["render", "--out", "a.JPG"]) == nil)
  }

  @Test func helpIsASubcommandToo() {
    #expect(LaunchOptions.helpArguments(["help"]) == ["--help"])
    #expect(LaunchOptions.helpArguments(["help", "render"]) == ["render", "--help"])
    #expect(LaunchOptions.helpArguments(["render", "help"]) == ["render", "help"])
    #expect(LaunchOptions.asksForHelp(["--markdown", "-h"]))
    let text = LaunchOptions.helpText()
    #expect(text.contains("\n  keys ") && text.contains("\n  help "), "\(text)")
    #expect(LaunchOptions.keysHelp.contains("tickplay keys [--markdown]"))
  }
}

/// Readable milliseconds round as the JSON lines beside them do (`bench limit`).
@Suite struct MillisecondsTextTests {
  @Test func millisecondsRoundAsTheJSONRounds() {
    #expect(Decimals.milliseconds(5.499) == "5.5 ms")  // JSON 5.50; truncated, 5.4
    #expect(Decimals.milliseconds(5.5) == "5.5 ms")
    #expect(Decimals.milliseconds(5.45) == "5.45 ms")
    #expect(Decimals.milliseconds(16.7) == "16.7 ms")
    #expect(Decimals.milliseconds(12) == "12 ms")
    #expect(Decimals.milliseconds(0.004) == "0 ms")
    #expect(Decimals.milliseconds(7.96) == "7.96 ms")
  }
}
