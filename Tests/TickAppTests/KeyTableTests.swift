import Foundation
import Testing
import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickFrame
import TickScene

/// The key table is the one place keys are bound: every key in it does something through
/// the real dispatch (`KeyCommand(key:)`, then `Controls.apply`), no key outside it does
/// anything, and help, `tickplay keys` and the README list what it binds.
@Suite struct KeyTableTests {
  /// What a key can change: the scene, the controls and the clock. The views' states are
  /// taken after the stress driver has run a quarter of a second, so that a wave shows.
  struct Snapshot: Equatable {
    var style: TickStyle
    var layout: GridLayout
    var focused: Int?
    var states: [ViewState]
    var paused: Bool
    var stepNow: Int
    var hud: HUDMode
    var helpVisible: Bool
    var path: RenderPath
    var rainRate: Double
    var lastRainRate: Double
    var load: Int
    var timeScale: Double

    /// Fixed steps the stress driver runs before the states are read: a quarter of a
    /// second at 120 Hz, which carries a wave's front 6 cells.
    static let drivenSteps = 30

    init(_ scene: Scene, _ keyboard: Keyboard) {
      style = scene.style
      layout = scene.layout
      focused = scene.pointer.focused
      var driven = scene
      var stress = keyboard.controls.stress
      for _ in 0..<Self.drivenSteps { stress.step(&driven) }
      states = (0..<scene.count).map { driven.state($0) }
      let c = keyboard.controls
      paused = c.paused
      stepNow = c.stepNow
      hud = c.hud
      helpVisible = c.helpVisible
      path = c.path
      rainRate = c.stress.rainRate
      lastRainRate = c.stress.lastRainRate
      load = c.load.target
      timeScale = keyboard.clock.timeScale
    }
  }

  /// A scene where every key has something to do: a grid larger than its window (pan),
  /// zoomed in a notch (Home, F), a view focused in the middle (arrows, Tab, Space, X),
  /// one view on (A, K, C), and the style other than the one `command` picks.
  static func fixture(for command: KeyCommand?) -> Fixture {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 30, rows: 20))
    s.handle(.wheel(x: 200, y: 150, dy: 1))
    s.perform(.focusNext)
    for _ in 0..<3 { s.perform(.moveFocus(.right)) }
    s.perform(.moveFocus(.down))
    s.handle(.move(x: 100, y: 100))
    s.toggle(5, cause: .key)
    if case .style(let a) = command { s.setAnimation(a == .fill ? .stroke : .fill) }
    var keyboard = Keyboard()
    if command == .stepOnce || command == .stepTenth {
      keyboard.controls.paused = true  // it steps only paused
    }
    if command == .loadLower { keyboard.controls.load.setTarget(100, in: s) }  // from a load
    return Fixture(scene: s, keyboard: keyboard)
  }

  struct Fixture {
    var scene: Scene
    var keyboard: Keyboard
  }

  /// The commands the play loop carries out itself, not the controls: quit, F12's
  /// screenshot of the window (`Play.handle`), and stepping back through play's history
  /// (`StepHistoryTests` test it).
  static let loopCommands: Set<KeyCommand> = [.quit, .screenshot, .stepBack, .stepBackTenth]

  @Test func eachKeyIsBoundOnceByItsKeyPressName() {
    let names = KeyTable.keyNames
    #expect(Set(names).count == names.count, "a key bound twice")
    for name in names {
      #expect(name == name.lowercased() && !name.isEmpty, "\(name)")
      #expect(KeyCommand(key: name) != nil, "\(name)")
    }
  }

  /// Listed means handled: every key in the table, pressed through the real dispatch,
  /// changes the scene, the controls or the clock — or is one of the loop's own.
  @Test func everyKeyInTheTableDoesSomething() {
    var loopKeys: Set<String> = []
    for name in KeyTable.keyNames {
      let command = KeyCommand(key: name)
      if let command, Self.loopCommands.contains(command) {
        loopKeys.insert(name)
        continue
      }
      var f = Self.fixture(for: command)
      let before = Snapshot(f.scene, f.keyboard)
      f.keyboard.press(name, on: &f.scene)
      let changed = Snapshot(f.scene, f.keyboard) != before
      #expect(changed, "\(name) (\(String(describing: command))) changed nothing")
    }
    #expect(loopKeys == ["escape", "q", "ctrl+c", "ctrl+q", "f12", ",", "shift+,"])
  }

  /// Handled means listed: a key outside the table does nothing through the dispatch, and
  /// the scene reads no key name at all (not even the table's), so nothing else can bind
  /// one. The names are the table's held with each modifier and keys it leaves free.
  @Test func noKeyOutsideTheTableDoesAnything() {
    let prefixes = ["", "ctrl+", "alt+", "gui+", "shift+", "ctrl+shift+", "alt+shift+"]
    let free = [
      "g", "f2", "f11", "j", "+", "keypad *", "keypad /", "page up", "end", "delete",
      "backspace", "left shift", "insert", "/",
    ]
    let table = Set(KeyTable.keyNames)
    for name in Set(prefixes.flatMap { p in (KeyTable.keyNames + free).map { p + $0 } }) {
      var f = Self.fixture(for: nil)
      let before = Snapshot(f.scene, f.keyboard)
      f.scene.handle(.key(name))
      let readByScene = Snapshot(f.scene, f.keyboard) != before
      #expect(!readByScene, "the scene acted on \(name)")
      guard !table.contains(name) else { continue }
      #expect(f.keyboard.press(name, on: &f.scene) == nil, "\(name) is bound")
      let changed = Snapshot(f.scene, f.keyboard) != before
      #expect(!changed, "\(name), not in the table, changed something")
    }
  }

  /// No source file but the key table's names a key event: a key handled by name
  /// anywhere else (`input == .key("f12")`) would bypass the table.
  @Test func onlyTheKeyTableNamesKeys() throws {
    let sources = Self.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var checked = 0
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift", url.lastPathComponent != "KeyTable.swift" else {
        continue
      }
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(!text.contains(".key(\""), "\(url.lastPathComponent) names a key")
      checked += 1
    }
    #expect(checked > 100, "the sources were found")
  }

  @Test func helpListsEveryBindingAndTheModifierRule() {
    let lines = KeyTable.helpLines()
    for b in KeyTable.bindings {
      let label = b.label.filter { $0 != "`" }
      #expect(lines.contains { $0.hasPrefix(label + "  ") }, "\(b.label) in help")
    }
    #expect(lines.allSatisfy { $0.count <= KeyTable.helpWidth }, "wrapped")
    #expect(lines.last == KeyTable.modifierNote)
    let help = LaunchOptions.helpText()
    #expect(help.contains("\n  " + lines[1] + "\n") && help.contains(KeyTable.modifierNote))
    #expect(!help.contains("`"), "code spans show plain in a terminal")
  }

  @Test func markdownHasARowPerBinding() {
    let rows = KeyTable.markdown().split(separator: "\n")
    #expect(rows.count == KeyTable.bindings.count + 2)
    #expect(rows[0] == "| key | action |" && rows[1] == "| --- | --- |")
    for (row, b) in zip(rows.dropFirst(2), KeyTable.bindings) {
      #expect(row == "| \(b.label) | \(b.help) |")
    }
  }

  /// `tickplay keys` lists the keys, then the gamepad's buttons under their heading; with
  /// `--markdown`, the README's two tables.
  @Test func tickplayKeysPrintsTheListOrTheMarkdown() throws {
    let list = KeyTable.helpLines() + ["", PadTable.heading] + PadTable.helpLines()
    #expect(try KeyTable.listing([]) == list.joined(separator: "\n") + "\n")
    #expect(
      try KeyTable.listing(["--markdown"]) == KeyTable.markdown() + "\n" + PadTable.markdown())
    #expect(throws: UsageError("keys: unknown argument '--html' (tickplay keys [--markdown])")) {
      try KeyTable.listing(["--markdown", "--html"])
    }
  }

  /// The README's key table is `tickplay keys --markdown`'s output, row for row. On a
  /// difference the failure prints the table to paste.
  @Test func theReadmeKeyTableIsTheGeneratedOne() throws {
    let readme = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("| key | action |") }, "README has no key table")
    let table = lines[start...].prefix { $0.hasPrefix("|") }
    let written = table.joined(separator: "\n") + "\n"
    let expected = KeyTable.markdown()
    #expect(
      written == expected,
      "README.md's key table differs from `tickplay keys --markdown`; paste this:\n\(expected)")
  }

  /// The package's root: this file is Tests/TickAppTests/KeyTableTests.swift.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}
