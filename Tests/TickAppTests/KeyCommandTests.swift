import Testing
import TickAnimation
import TickApp
import TickCommandLine
import TickScene

@Suite struct KeyCommandTests {
  @Test func keysMapToCommands() {
    #expect(KeyCommand(key: "1") == .style(.stroke))
    #expect(KeyCommand(key: "9") == .style(.dot))
    #expect(KeyCommand(key: "keypad 5") == .style(.oneStroke))
    #expect(KeyCommand(key: "0") == .style(.none))
    #expect(KeyCommand(key: "t") == .cycleTiming && KeyCommand(key: "s") == .toggleSlowMotion)
    #expect(KeyCommand(key: "p") == .togglePause && KeyCommand(key: ".") == .stepOnce)
    #expect(KeyCommand(key: "escape") == .quit && KeyCommand(key: "g") == nil)
    #expect(KeyCommand(key: "x") == .scene(.toggleMixed) && KeyCommand(key: "f12") == .screenshot)
  }

  @Test func ctrlCAndCtrlQQuitAndCAloneClears() {
    for quit in ["escape", "q", "ctrl+c", "ctrl+q"] { #expect(KeyCommand(key: quit) == .quit) }
    #expect(KeyCommand(key: "c") == .clear)
  }

  /// The names a key press gets (`Events` hands SDL's key name and modifiers here).
  @Test func modifiersNameTheKey() {
    func name(_ base: String, _ m: KeyModifiers = []) -> String? {
      guard case .key(let n) = InputEvent.keyPress(base, modifiers: m) else { return nil }
      return n
    }
    #expect(name("c") == "c" && name("c", .ctrl) == "ctrl+c" && name("q", .ctrl) == "ctrl+q")
    #expect(name("c", .alt) == "alt+c" && name("c", .gui) == "gui+c")
    #expect(
      name("c", [.ctrl, .shift]) == "ctrl+shift+c" && name("a", [.ctrl, .alt]) == "ctrl+alt+a")
    // Shift alone keeps a letter or digit (Shift+A is A), names Shift+arrows and Shift+Tab
    // (pan, focus back), and makes / a ?.
    #expect(name("a", .shift) == "a" && name("3", .shift) == "3")
    #expect(name("left", .shift) == "shift+left" && name("tab", .shift) == "shift+tab")
    #expect(name("/", .shift) == "?" && name("", .ctrl) == nil)
  }

  /// A key held with Ctrl, Alt or Super does nothing a plain key does: no command, so
  /// nothing in the scene (Ctrl+A does not toggle every view, Alt+C does not clear).
  @Test func modifiedKeysDoNotRunPlainKeyCommands() {
    for key in KeyTable.keyNames where !key.contains("+") {
      for m: KeyModifiers in [.ctrl, .alt, .gui, [.ctrl, .shift], [.alt, .shift]] {
        guard case .key(let n) = InputEvent.keyPress(key, modifiers: m) else {
          Issue.record("no name for \(key) with \(m)")
          continue
        }
        let quits = n == "ctrl+q" || n == "ctrl+c"
        #expect(KeyCommand(key: n) == nil || quits, "\(n)")
        var s = Scene(
          layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
        var keyboard = Keyboard()
        keyboard.press("tab", on: &s)  // focus view 0, so Space, Enter and X would act
        let layout = s.layout
        if !quits { keyboard.press(n, on: &s) }
        #expect(s.drainEvents().isEmpty && s.layout == layout && s.pointer.focused == 0, "\(n)")
      }
    }
  }

  /// F and Home act on the scene's view: F fits the whole grid, Home returns to the
  /// launch view; help lists both.
  @Test func fFitsAndHomeReturnsToTheLaunchView() throws {
    #expect(KeyCommand(key: "f") == .scene(.fitView))
    #expect(KeyCommand(key: "home") == .scene(.resetView))
    let lines = KeyTable.helpLines()
    #expect(lines.contains { $0.hasPrefix("F ") && $0.contains("whole grid") })
    #expect(lines.contains { $0.hasPrefix("Home ") && $0.contains("--fit") })
    #expect(LaunchOptions.helpText().contains("show the whole grid"))
    let o = try LaunchOptions.parse(["play", "--grid", "1000x1000", "--fit"])
    var s = Scene(options: o, softwareRenderer: false)
    let fitted = s.layout
    #expect(fitted.isOverview && fitted.visibleCount == 1_000_000)
    s.handle(.wheel(x: 100, y: 100, dy: 6))
    #expect(s.layout.visibleCount < 1_000_000)
    var keyboard = Keyboard()
    keyboard.press("home", on: &s)
    #expect(s.layout == fitted, "with --fit, Home is the fitted launch view")
    s.handle(.wheel(x: 100, y: 100, dy: 6))
    keyboard.press("f", on: &s)
    #expect(s.layout == fitted)
    var plain = Scene(
      options: try LaunchOptions.parse(["play", "--grid", "1000x1000"]), softwareRenderer: false)
    keyboard.press("f", on: &plain)
    #expect(plain.layout.isOverview && plain.layout.visibleCount == 1_000_000)
    keyboard.press("home", on: &plain)
    #expect(plain.layout.cell == 50 && plain.layout.scale == 1, "Home: the first cell size")
  }

  /// A replay carries out the table's keys with cause `.script`, but not the loop's own
  /// (pause, slow motion, one step, F12), and stops at a quit key.
  @Test func aReplayedKeyIsAppliedWithItsCauseOrLeftToTheLoop() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    var c = Controls(seed: 0, rain: nil)
    var clock = FixedStepClock(hz: 120)
    for key in ["tab", "space", "p", "s", ".", "f12", "h", "g"] {
      #expect(c.replay(key: key, scene: &s, clock: &clock), "\(key)")
    }
    let e = s.drainEvents()
    #expect(e.count == 1 && e[0].cell == 0 && e[0].cause == .script)
    #expect(!c.paused && clock.timeScale == 1 && c.stepNow == 0 && c.hud == .compact)
    for key in ["escape", "q", "ctrl+c", "ctrl+q"] {
      #expect(!c.replay(key: key, scene: &s, clock: &clock), "\(key) quits")
    }
  }

  @Test func theHelpSaysHowToQuitAndClear() {
    let help = KeyTable.helpLines().joined(separator: "\n")
    #expect(help.contains("Ctrl+C") && help.contains("Ctrl+Q") && help.contains("Esc"))
    let clear = help.split(separator: "\n").first { $0.contains("clear") } ?? ""
    #expect(clear.contains("C"), "\(clear)")
    #expect(LaunchOptions.helpText().contains("Ctrl+C"))
  }
}
