import TickAnimation
import TickFiles
import TickFrame
import TickScene

/// Every key `play` binds, each once: the table drives the dispatch (`command(forKey:)`,
/// behind `KeyCommand(key:)`), the help overlay and `--help`'s key list (`helpLines`),
/// and the README's key table (`markdown()`, printed by `tickplay keys --markdown`).
///
/// Key names are `InputEvent.keyPress`'s: SDL's lower-case name after any `ctrl+`, `alt+`,
/// `gui+` or `shift+`. A key held with Ctrl, Alt or Super has a name of its own, so it
/// never runs what the key alone does; only Ctrl+C and Ctrl+Q are bound.
public enum KeyTable {
  public static let bindings: [KeyBinding] = [
    KeyBinding("click", "toggle a view"),
    KeyBinding("1–9, 0", styleHelp, styleKeys),
    KeyBinding("T", "next timing curve: " + timingNames, keys: ["t": .cycleTiming]),
    KeyBinding(
      "D", "next deselect mode: " + names(DeselectMode.allCases.map(\.rawValue)),
      keys: ["d": .cycleDeselect]),
    KeyBinding(
      "S", "slow motion ×0.1 on/off (it scales the clock's time, not the frame rate)",
      keys: ["s": .toggleSlowMotion]),
    KeyBinding("P", "pause/resume", keys: ["p": .togglePause]),
    KeyBinding(
      "`.`, `,`",
      "while paused: one fixed step forward, back; with Shift, a tenth of a second "
        + "(back as far as the last \(StepHistory.horizonSeconds) s)",
      keys: [
        ".": .stepOnce, "keypad .": .stepOnce, "shift+.": .stepTenth, ",": .stepBack,
        "shift+,": .stepBackTenth,
      ]),
    KeyBinding(
      "arrows, Tab", "move the keyboard focus ring (Shift+Tab: back)",
      SceneKey.Direction.allCases.map { KeyBinding.Press("\($0)", .scene(.moveFocus($0))) }
        + [.init("tab", .scene(.focusNext)), .init("shift+tab", .scene(.focusPrevious))]),
    KeyBinding(
      "Space, Enter", "toggle the focused view",
      keys: [
        "space": .scene(.toggleFocused), "return": .scene(.toggleFocused),
        "keypad enter": .scene(.toggleFocused),
      ]),
    KeyBinding(
      "X", "set the focused (or hovered) view to mixed, and back to off",
      keys: ["x": .scene(.toggleMixed)]),
    KeyBinding(
      "A, K, C", "toggle every view; checkerboard; clear (C alone: Ctrl+C quits)",
      keys: ["a": .toggleAll, "k": .checkerboard, "c": .clear]),
    KeyBinding(
      "R, `[`, `]`", "random rain on/off (`--rain RATE`); halve / double its rate",
      keys: ["r": .toggleRain, "[": .rainSlower, "]": .rainFaster]),
    KeyBinding("W", "a wave of toggles spreading from the pointer", keys: ["w": .wave]),
    KeyBinding(
      "`-`, `=`", "halve / double the load: animations kept running (`--load N`; from off, 1,000)",
      keys: [
        "-": .loadLower, "=": .loadHigher, "keypad -": .loadLower, "keypad +": .loadHigher,
      ]),
    KeyBinding(
      "L",
      "find the limit: the largest load whose frames' p95 stays within "
        + Decimals.text(LimitSearch.defaultBudget, places: 1)
        + " ms, live, as `bench limit` does (L again stops)", keys: ["l": .findLimit]),
    KeyBinding(
      "drag",
      "paint: the pressed view toggles, and every view the drag reaches takes its new state"),
    KeyBinding(
      "right/middle drag, Shift+arrows", "pan (part of the grid always stays in the window)",
      SceneKey.Direction.allCases.map { KeyBinding.Press("shift+\($0)", .scene(.pan($0))) }),
    KeyBinding(
      "F", "fit: show the whole grid, centred beside the HUD",
      keys: ["f": .scene(.fitView)]),
    KeyBinding(
      "Home", "back to the launch view (the first zoom, no pan; with `--fit`, the fit)",
      keys: ["home": .scene(.resetView)]),
    KeyBinding("wheel", wheelHelp),
    KeyBinding(
      "M", "next render path: " + names(RenderPath.allCases.map(\.rawValue)),
      keys: ["m": .cyclePath]),
    KeyBinding(
      "H", "HUD: full panel, compact strip, off (in turn)", keys: ["h": .toggleHUD]),
    KeyBinding(
      "F1, ?",
      "help; in a window too small for it, again for its next page, and after the last it closes",
      keys: ["f1": .toggleHelp, "?": .toggleHelp]),
    KeyBinding(
      "F12",
      "save what the window shows as `tickplay-DATE-TIME.png` (or in "
        + "`TICKPLAY_SCREENSHOT_DIR`)",
      keys: ["f12": .screenshot]),
    KeyBinding(
      "Esc, Q, Ctrl+C, Ctrl+Q",
      "quit, all alike, as SIGINT, SIGTERM and SIGHUP do: the summary line, `--screenshot`, "
        + "`--record` and `--events` written",
      keys: ["escape": .quit, "q": .quit, "ctrl+c": .quit, "ctrl+q": .quit]),
  ]

  /// What the table says of keys held with a modifier, after the list.
  public static let modifierNote =
    "Keys held with Ctrl, Alt or Super do nothing but Ctrl+C and Ctrl+Q; Shift+A is A."

  /// The command bound to the key named `key`; nil for a key the table does not bind.
  public static func command(forKey key: String) -> KeyCommand? { commands[key] }

  /// Every bound key name, in table order (each once: `KeyTableTests` checks it).
  public static var keyNames: [String] { bindings.flatMap { $0.presses.map(\.key) } }

  /// The table as a lookup. A key bound twice would keep its first binding; a test
  /// checks there is none.
  private static let commands: [String: KeyCommand] = Dictionary(
    bindings.flatMap(\.presses).map { ($0.key, $0.command) }, uniquingKeysWith: { a, _ in a })

  // MARK: - Derived help

  /// The digits pick the styles in their order, then 0 none; the keypad's digits too.
  private static var styleKeys: [KeyBinding.Press] {
    let styles = AnimationStyle.allCases.filter { $0 != .none }
    var presses: [KeyBinding.Press] = []
    for (i, style) in styles.enumerated() {
      presses += [.init("\(i + 1)", .style(style)), .init("keypad \(i + 1)", .style(style))]
    }
    return presses + [.init("0", .style(.none)), .init("keypad 0", .style(.none))]
  }

  private static var styleHelp: String {
    let styles = AnimationStyle.allCases.filter { $0 != .none }
    let numbered = styles.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }
    return "animation style: " + (numbered + ["0 none"]).joined(separator: ", ")
  }

  /// T's cycle by name, without a spring's parameters.
  private static var timingNames: String {
    names(TimingCurve.cycle.map { String($0.argument.prefix { $0 != "(" }) })
  }

  private static var wheelHelp: String {
    let cells = Scene.zoomLimits
    return "zoom about the pointer: cells of \(cells.upperBound) px down to "
      + "\(cells.lowerBound), then smaller than a pixel until the whole grid fits"
  }

  private static func names(_ all: [String]) -> String { all.joined(separator: ", ") }
}
