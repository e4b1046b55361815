import Testing

@testable import TickCommandLine
@testable import TickFiles

/// Error messages echo the input through `Quoting.printable`, so each is one printable
/// line.
///
/// The inputs are fuzz findings (`tools/fuzz`, docs/fuzzing.md), reduced by hand. Each
/// holds a control character (a newline, a carriage return, a vertical tab, an escape)
/// that a message echoing it as it is would break over lines, or send to the terminal as
/// a command.
@Suite struct QuotingTests {
  /// Whether `message` holds no control character and no line or paragraph separator.
  func isPrintableLine(_ message: String) -> Bool {
    !message.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
  }

  /// The usage error of a command line, or nil.
  func commandLineError(_ args: [String]) -> String? {
    do {
      _ = try LaunchOptions.parse(args)
      return nil
    } catch {
      return error.message
    }
  }

  /// The usage error of a scene file (`scene`) or a style file, or nil.
  func fileError(_ json: String, scene: Bool) -> String? {
    do {
      if scene {
        _ = try SceneFile.arguments(from: Array(json.utf8), file: "s.json")
      } else {
        _ = try StyleFile.parse(Array(json.utf8), file: "pop.json", name: "pop")
      }
      return nil
    } catch {
      return error.message
    }
  }

  /// `cmdline`: an unknown option holding a vertical tab.
  @Test func anUnknownOptionIsEchoedWithItsControlCharactersEscaped() throws {
    let message = try #require(commandLineError(["--\u{0B}fill-color"]))
    #expect(
      message
        == #"unknown option '--\u000Bfill-color' (did you mean --fill-color? see tickplay --help)"#
    )
    #expect(isPrintableLine(message))
  }

  /// `cmdline`: an option's value with a newline and an escape sequence in it.
  @Test func aRefusedValueIsEchoedOnOneLine() throws {
    let message = try #require(commandLineError(["--cell", "4\n\u{1B}[2J"]))
    #expect(message.contains(#"'4\n\u001B[2J'"#), "\(message)")
    #expect(isPrintableLine(message))
  }

  /// `scene`: a value with a JSON `\n` escape, refused by the option it sets.
  @Test func aSceneFileValueWithANewlineGivesOneLine() throws {
    let json = #"{"window": "1280x800", "grid": "1\n0x1000"}"#
    let message = try #require(fileError(json, scene: true))
    #expect(message.hasPrefix(#"s.json:1:24: key "grid": "#), "\(message)")
    #expect(message.contains(#"'1\n0x1000'"#), "\(message)")
    #expect(isPrintableLine(message))
  }

  /// `style`: an unknown key with a newline, under `enter`.
  @Test func aStyleFileKeyWithANewlineGivesOneLine() throws {
    let off =
      #""outlineAlpha": 1, "outlineEnd": 1, "fillAlpha": 1, "fillScale": 0, "markStart": 0, "#
      + #""markEnd": 1, "markAlpha": 1, "markScale": 0, "markMorph": 1, "markTurn": 0"#
    let json = #"{"looks": {"off": {"# + off + #"}}, "enter": {"+mark\nScale": {"length": 1}}}"#
    let message = try #require(fileError(json, scene: false))
    #expect(message.hasPrefix("pop.json:1:"), "\(message)")
    #expect(isPrintableLine(message), "\(message)")
  }

  /// `replay`: an unknown verb with a carriage return inside it.
  @Test func aReplayVerbWithACarriageReturnGivesOneLine() throws {
    do {
      _ = try ReplayScript.parse("0 keo\rhh\n0 key w\n")
      Issue.record("the script parsed")
    } catch {
      #expect(error.line == 1)
      #expect(error.message.hasPrefix(#"unknown verb 'keo\rhh': expected one of"#), "\(error)")
      #expect(isPrintableLine(error.description))
    }
  }

  @Test func printableSpellsEveryControlAndSeparatorAndKeepsTheRest() {
    #expect(Quoting.printable("plain — é ✓ 😀") == "plain — é ✓ 😀")
    #expect(Quoting.printable("a\tb\r\n") == #"a\tb\r\n"#)
    #expect(
      Quoting.printable("\u{0}\u{1B}\u{7F}\u{85}\u{9B}") == #"\u0000\u001B\u007F\u0085\u009B"#)
    #expect(Quoting.printable("x\u{2028}y\u{2029}z") == #"x\u2028y\u2029z"#)
  }
}
