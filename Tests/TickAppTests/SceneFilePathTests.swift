import Testing
import TickCommandLine
import TickFiles

/// Paths inside a scene file are resolved against the scene file's folder, so a scene
/// works from any current folder; flags on the command line stay as given.
@Suite struct SceneFilePathTests {
  /// Parses `args` with `files` standing for the file system.
  func parse(_ args: [String], _ files: [String: String]) throws(UsageError) -> LaunchOptions {
    try LaunchOptions.parse(args) { (path) throws(UsageError) in
      guard let text = files[path] else { throw UsageError("\(path): No such file or directory") }
      return Array(text.utf8)
    }
  }

  static let style =
    "{\"looks\": {\"off\": {\"outlineAlpha\": 1, \"outlineEnd\": 1, "
    + "\"fillAlpha\": 1, \"fillScale\": 0, \"markStart\": 0, \"markEnd\": 1, \"markAlpha\": 1, "
    + "\"markScale\": 0, \"markMorph\": 1, \"markTurn\": 0}}}"

  @Test func everyFileInASceneIsFoundBesideIt() throws {
    let scene = """
      {"style": "pop.json", "replay": "in/r.txt", "out": "o.png", "trace": "/abs/t.json"}
      """
    let o = try parse(
      ["render", "--scene", "scenes/demo.json"],
      ["scenes/demo.json": scene, "scenes/pop.json": Self.style])
    #expect(o.stylePath == "scenes/pop.json")
    #expect(o.replay == "scenes/in/r.txt")
    #expect(o.out == "scenes/o.png")
    // Not a file render takes: left out, not resolved, not refused.
    #expect(o.trace == nil)
    let p = try parse(
      ["play", "--scene", "/home/u/s.json"],
      [
        "/home/u/s.json":
          "{\"record\": \"r.txt\", \"screenshot\": \"s.png\", \"trace\": \"/t.json\"}"
      ])
    #expect(p.record == "/home/u/r.txt" && p.screenshot == "/home/u/s.png" && p.trace == "/t.json")
  }

  @Test func namesThatAreNotFilesAndFlagsStayAsGiven() throws {
    let o = try parse(
      ["render", "--scene", "scenes/demo.json", "--out", "mine.png"],
      ["scenes/demo.json": "{\"style\": \"bounce\", \"out\": \"o.png\"}"])
    #expect(o.style.animation == .bounce && o.stylePath == nil)
    #expect(o.out == "mine.png")
    // A scene in the current folder: its paths are the current folder's.
    let here = try parse(
      ["render", "--scene", "demo.json"],
      ["demo.json": "{\"style\": \"pop.json\", \"out\": \"o.png\"}", "pop.json": Self.style])
    #expect(here.stylePath == "pop.json" && here.out == "o.png")
  }

  @Test func keysTheSubcommandDoesNotTakeAreLeftOut() throws {
    // One scene for play and render: play-only keys do not stop render.
    let files = ["s.json": "{\"cell\": 40, \"frames\": 3, \"events\": true, \"hud\": \"off\"}"]
    let r = try parse(["render", "--scene", "s.json", "--out", "a.png"], files)
    #expect(r.cell == 40 && r.frames == nil && !r.events && r.hud == false)
    let p = try parse(["play", "--scene", "s.json"], files)
    #expect(p.cell == 40 && p.frames == 3 && p.events)
    // On the command line the same option is refused.
    #expect(throws: UsageError.self) {
      try parse(["render", "--frames", "3", "--out", "a.png"], [:])
    }
  }
}
