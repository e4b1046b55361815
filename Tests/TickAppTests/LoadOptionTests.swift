import Testing
import TickScene

@testable import TickApp

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
    #expect(b.budget == 33.3 && b.benchCase == "limit" && b.cell == 8)
    #expect(LaunchOptions().budget == 16.7)
    let file = try SceneFile.arguments(from: Array("{\"load\": 20000}".utf8), file: "s.json")
    #expect(try LaunchOptions.parse(["play"] + file).load == 20_000)
  }

  @Test func badValuesNameTheOption() {
    for bad in ["-1", "x", "", "1.5", "1000001"] {
      let m = message(["play", "--load", bad]) ?? message(["play", "--load=\(bad)"]) ?? ""
      #expect(m.contains("--load") && m.contains("0–1000000"), "--load \(bad): \(m)")
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
