import Testing

@testable import TickCommandLine
@testable import TickFiles

@Suite struct SceneFileTests {
  func args(_ json: String, file: String = "s.json") throws(UsageError) -> [String] {
    try SceneFile.arguments(from: Array(json.utf8), file: file)
  }

  /// The usage error `json` gives, or nil.
  func failure(_ json: String) -> String? {
    do {
      _ = try args(json)
      return nil
    } catch {
      return error.message
    }
  }

  /// Parses a command line with scene files from `files` instead of the disk.
  func parse(_ argv: [String], files: [String: String]) throws(UsageError) -> LaunchOptions {
    try LaunchOptions.parse(
      argv,
      readingFilesWith: { (p) throws(UsageError) in
        guard let text = files[p] else { throw UsageError("cannot read \(p): no such file") }
        return Array(text.utf8)
      })
  }

  @Test func theDesignExampleMapsToArguments() throws {
    #expect(
      try args(
        #"{"window": "400x300", "cell": 40, "select": "checker", "animate": true, "#
          + #""animation": "bounce"}"#)
        == ["--window=400x300", "--cell=40", "--select=checker", "--animate", "--animation=bounce"])
  }

  @Test func valuesOfEachKind() throws {
    #expect(try args(#"{"animate": false, "events": true}"#) == ["--events"])
    #expect(
      try args(#"{"duration": 0.25, "cell": 40.0, "gap": 1e1}"#)
        == ["--duration=0.25", "--cell=40", "--gap=10"])
    #expect(try args(#"{"seed": 18446744073709551615}"#) == ["--seed=18446744073709551615"])
    #expect(
      try args(#"{"group": ["0,0,2x1", "0,1,3x1,keep"]}"#)
        == ["--group=0,0,2x1", "--group=0,1,3x1,keep"])
    #expect(try args("{}") == [])
  }

  @Test func everyOptionTheHelpListsIsAKeyTheParserKnows() {
    #expect(SceneFile.keys.contains("window") && SceneFile.keys.contains("animate"))
    #expect(!SceneFile.keys.contains("scene") && !SceneFile.keys.contains("help"))
    for key in SceneFile.keys {
      for arg in ["--\(key)", "--\(key)=1"] {
        do {
          _ = try LaunchOptions.parse([arg])
        } catch {
          #expect(!error.message.contains("unknown option"), "\(key): \(error.message)")
        }
      }
    }
  }

  @Test(arguments: [
    // (document, words the message must hold besides the file name)
    (#"{"window": "400x300",\#n "cel": 40}"#, ["s.json:2:2", "key \"cel\"", "unknown", "cell"]),
    (#"{"--cell": 40}"#, ["key \"--cell\"", "without --"]),
    (#"{"cell": "big"}"#, ["s.json:1:2", "key \"cell\"", "--cell", "1–4096"]),
    (#"{"cell": 0}"#, ["key \"cell\"", "1–4096"]),
    (#"{"cell": 4.5}"#, ["key \"cell\"", "'4.5'", "whole number"]),
    (#"{"cell": true}"#, ["key \"cell\"", "expected a value", "PX"]),
    (#"{"animate": "yes"}"#, ["key \"animate\"", "flag", "true or false"]),
    (#"{"animate": 1}"#, ["key \"animate\"", "true or false"]),
    (#"{"window": null}"#, ["key \"window\"", "got null"]),
    (#"{"window": {"w": 1}}"#, ["key \"window\"", "got an object"]),
    (#"{"animate": [true]}"#, ["key \"animate\"", "true or false", "an array"]),
    (#"{"group": ["0,0,2x1", "1,1,1x1", "x"]}"#, ["key \"group\", element 3", "--group"]),
    (#"{"group": ["0,0,2x1", []]}"#, ["element 2", "string or number"]),
    (#"{"select": "some"}"#, ["key \"select\"", "checker", "random:P"]),
    (#"{"scene": "other.json"}"#, ["key \"scene\"", "another scene"]),
    (#"{"cell": 40,\#n"cell": 41}"#, ["s.json:2:1", "key \"cell\"", "twice", "line 1"]),
    (#"[1, 2]"#, ["s.json", "JSON object", "got an array"]),
    (#""cell""#, ["JSON object", "got a string"]),
    (#"{"cell": 40,}"#, ["s.json:1:13", "invalid JSON", "trailing comma"]),
    ("{\n  \"cell\": 4\n", ["s.json:3:1", "invalid JSON", "end of input"]),
    ("", ["s.json:1:1", "invalid JSON"]),
  ])
  func badFilesNameTheFileAndTheKey(json: String, words: [String]) {
    guard let m = failure(json) else {
      Issue.record("\(json) was accepted")
      return
    }
    #expect(m.hasPrefix("s.json"), "\(m)")
    for w in words { #expect(m.contains(w), "'\(w)' not in: \(m)") }
  }

  // MARK: - Through LaunchOptions.parse

  @Test func flagsOnTheCommandLineWin() throws {
    let files = ["s.json": #"{"window": "400x300", "cell": 40, "select": "checker", "hz": 60}"#]
    let o = try parse(
      ["render", "--scene", "s.json", "--cell", "30", "--out", "a.png"], files: files)
    #expect(o.command == .render && o.scene == "s.json" && o.out == "a.png")
    #expect(o.windowWidth == 400 && o.windowHeight == 300 && o.selection == .checker)
    #expect(o.cell == 30 && o.hz == 60)
    // A flag before --scene wins too: the file's options always come first.
    let p = try parse(["--cell=20", "--scene=s.json"], files: files)
    #expect(p.command == .play && p.cell == 20 && p.windowWidth == 400)
  }

  @Test func aSceneFileCanSupplyWhatTheSubcommandNeeds() throws {
    let o = try parse(["render", "--scene", "s.json"], files: ["s.json": #"{"out": "x.png"}"#])
    #expect(o.out == "x.png")
  }

  @Test func missingFilesAndMisuseAreUsageErrors() {
    func message(_ argv: [String], _ files: [String: String] = [:]) -> String? {
      do {
        _ = try parse(argv, files: files)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message(["--scene", "nope.json"])?.contains("--scene: cannot read nope.json") == true)
    #expect(message(["--scene"])?.contains("--scene needs a value") == true)
    #expect(message(["--scene="])?.contains("--scene needs a file name") == true)
    #expect(message(["render", "--out", "a.png", "--record", "r.txt"])?.contains("play") == true)
    #expect(message(["bench", "--replay", "r.txt"])?.contains("--replay") == true)
    // --help needs no scene file.
    #expect(message(["--scene", "nope.json", "--help"]) == nil)
    #expect(message(["--scene", "bad.json"], ["bad.json": "{"])?.hasPrefix("bad.json:1:2") == true)
  }

  @Test func scenePathScanTakesTheLastOne() {
    #expect(LaunchOptions.scenePath(in: ["--scene", "a", "--scene=b"]) == "b")
    #expect(LaunchOptions.scenePath(in: ["render", "--cell", "3"]) == nil)
    #expect(LaunchOptions.scenePath(in: ["--version", "--scene", "a"]) == nil)
  }
}
