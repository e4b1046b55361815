import Foundation
import TestSupport
import Testing

/// Every option `render --help` lists does what it says: given a value other than its
/// default, the PNG (or, for the render path and renderer, the line render writes)
/// changes; `--threads` alone must not change it. The options it does not list are refused
/// (`OptionTableTests`).
@Suite struct RenderOptionsTests {
  /// One option's trial: its own arguments, and what both runs share so that the option
  /// has something to act on (a seed needs randomness, a deselect mode a deselection).
  struct Trial: Sendable {
    var args: [String]
    var shared: [String] = []
  }

  /// A scene where every look shows: half the views selected and drawing their tick.
  static let base = [
    "render", "--window", "200x120", "--select", "checker", "--animate", "--time", "0.2",
  ]

  /// `base` without option `name` and its value, if it gives it.
  static func base(without name: String) -> [String] {
    guard let i = base.firstIndex(of: "--" + name) else { return base }
    let flag = name == "animate"
    return Array(base[..<i] + base[(i + (flag ? 1 : 2))...])
  }

  /// A trial for each option render lists (`--animate`, which `base` gives, is tried
  /// against `base` without it).
  static func trials(in dir: URL) throws -> [String: Trial] {
    let script = dir.appendingPathComponent("click.txt")
    try "0.05 click 40 60\n".write(to: script, atomically: true, encoding: .utf8)
    // Clears view 0 mid-animation, just before the frame: a reversal still runs then.
    let late = dir.appendingPathComponent("late-click.txt")
    try "0.15 click 40 60\n".write(to: late, atomically: true, encoding: .utf8)
    let scene = dir.appendingPathComponent("scene.json")
    try "{\"cell\": 30}".write(to: scene, atomically: true, encoding: .utf8)
    // Rain over many views: which views it toggles depends on the seed and the step rate.
    let rain = ["--rain", "500", "--cell", "10", "--gap", "2"]
    return [
      "window": Trial(args: ["--window", "160x100"]), "cell": Trial(args: ["--cell", "40"]),
      "gap": Trial(args: ["--gap", "4"]), "grid": Trial(args: ["--grid", "2x1"]),
      "select": Trial(args: ["--select", "all"]), "animate": Trial(args: ["--animate"]),
      "animation": Trial(args: ["--animation", "bounce"]),
      "deselect": Trial(args: ["--deselect", "reverse"], shared: ["--replay", late.path]),
      "duration": Trial(args: ["--duration", "1"]), "timing": Trial(args: ["--timing", "ease-in"]),
      "shape": Trial(args: ["--shape", "square"]), "style": Trial(args: ["--style", "dot"]),
      "style-rows": Trial(args: ["--style-rows", "stroke,dot"]),
      "stagger": Trial(args: ["--stagger", "0.1"]), "path": Trial(args: ["--path", "direct"]),
      "hud": Trial(args: ["--hud", "on"]), "rain": Trial(args: ["--rain", "100"]),
      "group": Trial(args: ["--group", "0,0,2x1"]),
      "fill-color": Trial(args: ["--fill-color", "#ff0000"]),
      "tick-color": Trial(args: ["--tick-color", "#000000"]),
      "ring-color": Trial(args: ["--ring-color", "#0000ff"]),
      "background": Trial(args: ["--background", "#eeeeee"]),
      "renderer": Trial(args: ["--renderer", "software"]), "aa": Trial(args: ["--aa", "off"]),
      "hz": Trial(args: ["--hz", "30"], shared: rain),
      "seed": Trial(args: ["--seed", "5"], shared: rain),
      "scene": Trial(args: ["--scene", scene.path]),
      "replay": Trial(args: ["--replay", script.path]),
      "time": Trial(args: ["--time", "0.1"]),
      // Views of the load start as the run begins, some still at rest without it.
      "load": Trial(args: ["--load", "20"]),
      // A grid wider than the window: fitted, its 50-px cells become 20-px ones.
      "fit": Trial(args: ["--fit"], shared: ["--grid", "8x2"]),
      // The step split over threads steps alike (`ThreadsRenderTests` takes the views
      // through the threads' pass).
      "threads": Trial(args: ["--threads", "4"], shared: rain),
    ]
  }

  @Test func everyOptionRenderListsChangesThePicture() throws {
    let dir = Tickplay.temporaryDirectory("render-options")
    let help = try Tickplay.run(["render", "--help"]).stdout
    let listed = help.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  --") else { return nil }
      return String(line.dropFirst(4).prefix { $0 != " " && $0 != "," })
    }
    let trials = try Self.trials(in: dir)
    #expect(
      Set(listed).subtracting(["out", "help", "version"]) == Set(trials.keys), "trials out of date")
    let names = trials.keys.sorted()
    let results = Runs(count: names.count)
    DispatchQueue.concurrentPerform(iterations: names.count) { i in
      let t = trials[names[i]]!
      func run(_ args: [String], _ file: String) -> Run {
        let png = dir.appendingPathComponent("\(names[i])-\(file).png").path
        // The option tried is not in the base as well: twice, it would be refused.
        let base = Self.base(without: names[i])
        let r = try? Tickplay.run(base + t.shared + args + ["--out", png])
        return Run(result: r, png: FileManager.default.contents(atPath: png))
      }
      results.set(i, Pair(plain: run([], "plain"), given: run(t.args, "given")))
    }
    for (name, pair) in zip(names, results.all) {
      #expect(pair.given.result?.status == 0, "--\(name): \(pair.given.result?.stderr ?? "")")
      let stderr = pair.given.result?.stderr ?? ""
      let changed =
        pair.given.png != nil && pair.plain.png != nil && pair.given.png != pair.plain.png
      // The render path draws the same picture by design; render's line names it.
      if name == "threads" {
        #expect(pair.given.png != nil && pair.given.png == pair.plain.png, "--threads changed it")
        continue
      }
      let shown = name == "path" ? stderr.contains("direct path") : changed
      #expect(shown, "--\(name) \(trials[name]!.args) changed nothing")
    }
  }
}

/// What one render gave: its run and its PNG's bytes.
private struct Run: Sendable {
  var result: Tickplay.Result?
  var png: Data?
}

/// An option's trial: the run without it and the run with it.
private struct Pair: Sendable {
  var plain = Run()
  var given = Run()
}

/// Pairs filled in from several threads.
private final class Runs: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Pair]
  init(count: Int) { values = Array(repeating: Pair(), count: count) }
  func set(_ i: Int, _ p: Pair) { lock.withLock { values[i] = p } }
  var all: [Pair] { lock.withLock { values } }
}
