import Testing
import TickCommandLine
import TickFiles
import TickGeometry

@Suite struct LaunchOptionsTests {
  func parse(_ s: String) throws(UsageError) -> LaunchOptions {
    try LaunchOptions.parse(s.split(separator: " ").map(String.init))
  }

  func usageError(_ s: String) -> String? {
    do {
      _ = try parse(s)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func defaultsFollowTheContract() throws {
    let o = try LaunchOptions.parse([])
    #expect(o.command == .play)
    #expect(o.windowWidth == 1280 && o.windowHeight == 800 && o.cell == 50 && o.gap == 10)
    #expect(o.columns == nil && o.selection == .none && !o.animate && o.hz == 120)
    #expect(o.renderer == .auto && o.style.duration == 0.5 && !o.events)
    #expect(o.style.fillColor == Color(hex: "#2ecb94"))
    #expect(o.resolvedAntialias(softwareRenderer: false))
    #expect(!o.resolvedAntialias(softwareRenderer: true))
  }

  @Test func everyOptionIsRead() throws {
    let o = try parse(
      "render --window 200x120 --grid 3x2 --select random:0.25 --animate --cell 40 --gap=4 "
        + "--renderer software --hz 60 --seed 9 --out a.png --time 0.25 --duration 1 --fill-color #ff000080 --aa on"
    )
    #expect(o.command == .render && o.windowWidth == 200 && o.windowHeight == 120)
    #expect(o.columns == 3 && o.rows == 2 && o.selection == .random(0.25) && o.animate)
    #expect(o.cell == 40 && o.gap == 4 && o.renderer == .software && o.hz == 60)
    #expect(o.seed == 9)
    let p = try parse("play --frames 3 --screenshot s.png --events")
    #expect(p.frames == 3 && p.screenshot == "s.png" && p.events)
    #expect(o.out == "a.png" && o.time == 0.25 && o.style.duration == 1)
    #expect(o.style.fillColor == Color(r: 255, g: 0, b: 0, a: 128))
    #expect(o.resolvedAntialias(softwareRenderer: true))
  }

  /// `--fit` is a flag of play, render and bench frame (which lay a grid out in a window
  /// they are given); the others refuse it, naming it. A scene file may set it.
  @Test func fitIsAFlagOfPlayRenderAndBenchFrame() throws {
    #expect(try !parse("play").fit)
    for taker in ["play --fit", "render --out a.png --fit", "bench frame --fit"] {
      #expect(try parse(taker).fit, "\(taker)")
    }
    for refuser in [
      "export --out a.gif", "bench", "bench soak", "bench interact", "bench tessellate",
    ] {
      let message = usageError(refuser + " --fit") ?? ""
      #expect(message.contains("--fit does not apply to"), "\(refuser): \(message)")
    }
    #expect(usageError("play --fit=yes")?.contains("--fit") == true)
    let file = try SceneFile.arguments(from: Array("{\"fit\": true}".utf8), file: "s.json")
    #expect(try LaunchOptions.parse(["play"] + file).fit)
  }

  @Test func badValuesNameTheOptionAndTheAcceptedValues() {
    let cases: [(String, [String])] = [
      ("--window 12", ["--window", "AxB"]),
      ("--window 0x5", ["--window"]),
      ("--cell -3", ["--cell", "1–4096"]),
      ("--cell", ["--cell", "needs a value"]),
      ("--grid 5000x5000", ["--grid", "16777216"]),
      ("--select some", ["--select", "checker", "random:P"]),
      ("--select random:2", ["--select"]),
      ("--renderer vulkan", ["--renderer", "opengl", "software"]),
      ("--hz 0", ["--hz"]),
      ("--time -1", ["--time", "seconds"]),
      ("--fill-color green", ["--fill-color", "#rrggbb"]),
      ("--aa maybe", ["--aa", "on or off"]),
      ("--animate=yes", ["--animate", "flag"]),
      ("--bogus", ["--bogus", "unknown option"]),
      ("dance", ["dance", "play, render, bench"]),
      ("render", ["render", "--out"]),
      ("stray", ["stray"]),
    ]
    for (args, words) in cases {
      guard let message = usageError(args) else {
        Issue.record("'\(args)' was accepted")
        continue
      }
      for w in words { #expect(message.contains(w), "'\(args)' → \(message)") }
    }
  }
}
