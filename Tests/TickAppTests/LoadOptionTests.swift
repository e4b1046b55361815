import Testing
import TickAnimation
import TickScene

@testable import TickApp
@testable import TickCommandLine
@testable import TickFiles

/// `--load N` and `--budget MS`: read from the command line and scene files, bad values
/// refused naming the option, a load above the views clamped with a note; the keys that
/// halve and double it, their toasts, and the HUD line.
@Suite struct LoadOptionTests {
  func message(_ args: [String]) -> String? {
    do {
      _ = try LaunchOptions.parse(args)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func loadAndBudgetAreRead() throws {
    #expect(try LaunchOptions.parse(["play", "--load", "5000"]).load == 5_000)
    #expect(try LaunchOptions.parse(["render", "--out", "a.png", "--load=0"]).load == 0)
    #expect(try LaunchOptions.parse(["play"]).load == nil)
    let b = try LaunchOptions.parse(["bench", "limit", "--budget", "33.3", "--cell", "8"])
    #expect(b.budget == 33.3 && b.benchCase == .limit && b.cell == 8)
    #expect(LaunchOptions().budget == 16.7)
    let file = try SceneFile.arguments(from: Array("{\"load\": 20000}".utf8), file: "s.json")
    #expect(try LaunchOptions.parse(["play"] + file).load == 20_000)
  }

  @Test func badValuesNameTheOption() {
    for bad in ["-1", "x", "", "1.5", "16777217"] {
      let m = message(["play", "--load", bad]) ?? message(["play", "--load=\(bad)"]) ?? ""
      #expect(m.contains("--load") && m.contains("0–16777216"), "--load \(bad): \(m)")
    }
    for bad in ["0", "-3", "x", "inf", "nan", "1001", ""] {
      let m = message(["bench", "limit", "--budget=\(bad)"]) ?? ""
      #expect(m.contains("--budget") && m.contains("milliseconds"), "--budget \(bad): \(m)")
    }
    #expect(message(["bench", "frame", "--budget", "10"])?.contains("does not apply") == true)
    #expect(message(["export", "--out", "a.gif", "--load", "10"])?.contains("--load") == true)
    let file = "{\"load\": \"lots\"}"
    #expect(throws: UsageError.self) {
      _ = try SceneFile.arguments(from: Array(file.utf8), file: "s.json")
    }
  }

  /// A load above the view count holds every view, and says so.
  @Test func aLoadAboveTheViewsIsClampedWithANote() throws {
    let o = try LaunchOptions.parse(["play", "--load", "5000"])
    #expect(o.loadNote(views: 400) == "--load 5000 is more than the 400 views: holding 400")
    #expect(o.loadNote(views: 5_000) == nil)
    let s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    var load = LoadDriver(seed: 0)
    load.setTarget(5_000, in: s)
    #expect(load.target == s.count)
  }

  /// `=` doubles the load (from off: 1,000), `-` halves it down to off, each with a toast;
  /// the keypad's + and - do the same.
  @Test func theKeysHalveAndDoubleWithAToast() {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 100, rows: 100))
    var keyboard = Keyboard()
    func press(_ key: String) -> String? {
      let command = KeyCommand(key: key)
      keyboard.press(key, on: &s)
      return command?.feedback(
        scene: s, controls: keyboard.controls, timeScale: 1, automatic: .compose)
    }
    #expect(press("=") == "load 1,000 animations")
    #expect(press("keypad +") == "load 2,000 animations")
    for _ in 0..<3 { _ = press("=") }
    #expect(press("=") == "load 10,000 animations (every view)")
    #expect(press("-") == "load 5,000 animations")
    #expect(press("keypad -") == "load 2,500 animations")
    for _ in 0..<11 { _ = press("-") }
    #expect(press("-") == "load off (= starts 1,000)")
    #expect(keyboard.controls.load.target == 0)
  }

  /// The full panel shows the load under the fps: the target and what runs, within the
  /// panel's 34 characters at a million; nothing when the load is off.
  @Test func theHUDShowsTargetAndActual() {
    var f = HUDModel.Figures()
    f.fps = 60
    #expect(!HUDModel.lines(f).contains { $0.hasPrefix("load") })
    f.load = 1_000_000
    f.animating = 999_999
    let lines = HUDModel.lines(f)
    #expect(lines[1] == "load 1,000,000 (999,999 running)")
    #expect(lines[1].count <= 34)
    var m = HUDModel()
    let s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    m.refresh(
      at: 0, scene: s, frame: HUDModel.FrameReport(), timeScale: 1, paused: false, load: 36)
    #expect(m.lines[1] == "load 36 (0 running)")
  }
}

/// L in play: the same search, a probe at a time between frames, moving the load.
@Suite struct LimitKeyTests {
  /// Frame times that grow with the load the controls hold, as a machine's do, give the
  /// answer `LimitSearch.run` gives for the same measure, and the load ends on it.
  @Test func theKeyFindsWhatTheBenchFinds() {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 300, rows: 200))
    func frameMs(_ load: Int) -> Double { 4 + Double(load) / 2_000 }  // limit 25,400
    let expected = LimitSearch(cap: s.count, budget: LimitSearch.defaultBudget).run {
      frameMs($0)
    }
    var keyboard = Keyboard()
    keyboard.press("l", on: &s)
    #expect(keyboard.controls.load.target == 1_000 && keyboard.controls.limit != nil)
    var toasts: [String] = []
    var frames = 0
    while keyboard.controls.limit != nil && frames < 100_000 {
      let ms = frameMs(keyboard.controls.load.target)
      if let t = keyboard.controls.limitFrame(ms: ms, scene: s) { toasts.append(t) }
      frames += 1
    }
    #expect(keyboard.controls.limit == nil, "the search ended")
    #expect(keyboard.controls.load.target == expected.held && expected.held > 20_000)
    #expect(toasts.count == expected.probes.count)
    #expect(toasts.last == "limit: \(HUDModel.count(expected.held)) animations held within 16.7 ms")
    // Each probe: a transition and a half of warm-up (45 frames at 60 fps), then 90 frames.
    #expect(frames == expected.probes.count * (45 + LimitSearch.probeFrames))
  }

  /// L again stops the search and gives back the load it started from; a replay leaves L
  /// out (it reads wall time); paused frames do not count.
  @Test func lAgainStopsAndRestoresTheLoad() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 4, gap: 0))
    var keyboard = Keyboard()
    keyboard.controls.load.setTarget(300, in: s)
    keyboard.press("l", on: &s)
    #expect(keyboard.controls.load.target == 1_000)
    keyboard.controls.paused = true
    for _ in 0..<1_000 { #expect(keyboard.controls.limitFrame(ms: 1, scene: s) == nil) }
    keyboard.controls.paused = false
    keyboard.press("l", on: &s)
    #expect(keyboard.controls.limit == nil && keyboard.controls.load.target == 300)
    var clock = FixedStepClock(hz: 120)
    #expect(keyboard.controls.replay(key: "l", scene: &s, clock: &clock))
    #expect(keyboard.controls.limit == nil)
  }
}
