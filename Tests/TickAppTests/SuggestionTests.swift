import Testing
import TickScene

@testable import TickCommandLine
@testable import TickFiles

/// "Did you mean": the nearest valid word by edit distance, and every place that
/// refuses a word offering it.
@Suite struct SuggestionTests {
  @Test(arguments: [
    ("cel", "cell", 1), ("cell", "cell", 0), ("anmiation", "animation", 1),
    ("bonuce", "bounce", 1), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3),
    ("ca", "abc", 3),
  ])
  func distanceCountsEditsAndSwaps(a: String, b: String, expected: Int) {
    #expect(Suggestion.distance(Array(a), Array(b)) == expected)
  }

  @Test func nearestIsWithinAThirdOfTheWord() {
    let options = LaunchOptions.table.map(\.name)
    #expect(Suggestion.nearest(to: "cel", among: options) == "cell")
    #expect(Suggestion.nearest(to: "widnow", among: options) == "window")
    #expect(Suggestion.nearest(to: "anmiaton", among: options) == "animation")
    // Too far from anything: no guess rather than a wild one.
    #expect(Suggestion.nearest(to: "xyz", among: options) == nil)
    #expect(Suggestion.nearest(to: "zoom", among: options) == nil)
    // Case is ignored; an exact match is no suggestion.
    #expect(Suggestion.nearest(to: "BOUNCE", among: AnimationStyle.names) == "bounce")
    #expect(Suggestion.nearest(to: "cell", among: ["cell"]) == nil)
  }

  @Test func aTieGoesToTheWordBeingTyped() {
    #expect(Suggestion.nearest(to: "of", among: ["on", "off"]) == "off")
    #expect(Suggestion.nearest(to: "ab", among: ["xb", "ay"]) == "xb")
  }

  func message(_ args: [String]) -> String {
    do {
      _ = try LaunchOptions.parse(args)
      return ""
    } catch {
      return error.message
    }
  }

  @Test func theCommandLineSuggests() {
    #expect(message(["--cel", "8"]).contains("did you mean --cell?"))
    #expect(message(["rendr"]).contains("unknown subcommand 'rendr' (did you mean render?)"))
    #expect(message(["bench", "fram"]).contains("(did you mean frame?)"))
    #expect(message(["--animation", "bonce"]).contains("(did you mean bounce?)"))
    #expect(message(["--path", "diret"]).contains("(did you mean direct?)"))
    #expect(!message(["--qqqq"]).contains("did you mean"))
  }

  @Test func aStyleNameThatIsNoFileSuggestsTheBuiltIn() {
    let read: (String) throws(UsageError) -> [UInt8] = { path throws(UsageError) in
      throw UsageError("cannot read \(path): No such file or directory")
    }
    do {
      _ = try LaunchOptions.parse(["--style", "bonce"], readingFilesWith: read)
      Issue.record("a missing style file was accepted")
    } catch {
      #expect(error.message.hasSuffix("(did you mean bounce?)"), "\(error.message)")
    }
  }

  @Test func filesSuggest() throws {
    do {
      _ = try SceneFile.arguments(from: Array(#"{"cel": 40}"#.utf8), file: "s.json")
      Issue.record("an unknown scene key was accepted")
    } catch {
      #expect(error.message.contains("unknown option (did you mean cell?)"), "\(error.message)")
    }
    do {
      _ = try StyleFile.parse(Array(#"{"lookz": {}}"#.utf8), file: "p.json", name: "p")
      Issue.record("an unknown style key was accepted")
    } catch {
      #expect(error.message.contains("unknown key (did you mean looks?)"), "\(error.message)")
    }
    do {
      _ = try ReplayScript.parse("0 clik 1 2\n")
      Issue.record("an unknown verb was accepted")
    } catch {
      #expect(
        error.message.contains("unknown verb 'clik' (did you mean click?)"), "\(error.message)")
    }
  }
}
