import TickFiles
import TickScene

/// Every gamepad button `play` binds, each once, beside the keys' table (`KeyTable`): the
/// table drives the dispatch (`KeyCommand(input:)`), the help overlay and `--help`
/// (`helpLines`), and docs/reference.md's gamepad table (`markdown()`, printed by
/// `tickplay keys --markdown` after the keys').
///
/// A button runs a key's command, so it does what that key does, toast and history
/// included. The D-pad and the sticks are the scene's (`Scene.handlePad`, `Scene.stepPad`):
/// their rows have no presses.
public enum PadTable {
  public static let bindings: [PadBinding] = [
    PadBinding("D-pad, left stick", steeringHelp, brief: "focus"),
    PadBinding(
      "A", "toggle the focused view", brief: "toggle", [.init(.a, .scene(.toggleFocused))]),
    PadBinding("B", "clear every view", brief: "clear", [.init(.b, .clear)]),
    PadBinding("X", "random rain on/off", brief: "rain", [.init(.x, .toggleRain)]),
    PadBinding(
      "Y", "set the focused view to mixed, and back to off", brief: "mixed",
      [.init(.y, .scene(.toggleMixed))]),
    PadBinding(
      "LB, RB", "zoom out, in: a wheel notch about the focused view (else the middle)",
      brief: "zoom out, in",
      [.init(.leftShoulder, .scene(.zoomOut)), .init(.rightShoulder, .scene(.zoomIn))]),
    PadBinding(
      "right stick", "pan, faster the further it is pushed; pressed in: fit the whole grid",
      brief: "pan (pressed in: fit)", [.init(.rightStick, .scene(.fitView))]),
    PadBinding("Start", "pause/resume", brief: "pause", [.init(.start, .togglePause)]),
    PadBinding("Back", "help", brief: "help", [.init(.back, .toggleHelp)]),
  ]

  /// The list's heading in `--help`, `tickplay keys` and the help overlay.
  public static let heading = "GAMEPAD AND TOUCH (play)"

  /// What the help says of the buttons' names, before the list.
  public static let positionNote =
    "Buttons by position, as on an Xbox pad: A is the bottom face button (Cross on a "
    + "PlayStation pad)."

  /// What the help says of touch, after the list.
  public static let touchNote =
    "Touch: a tap toggles a view, a drag paints (several fingers at once, each its own "
    + "stroke), two fingers pinch to zoom and pan."

  /// The command bound to `button`; nil for a button the table does not bind.
  public static func command(for button: PadButton) -> KeyCommand? {
    bindings.lazy.flatMap(\.presses).first { $0.button == button }?.command
  }

  /// Every bound button, in table order (each once: `PadTableTests` checks it).
  public static var buttons: [PadButton] { bindings.flatMap { $0.presses.map(\.button) } }

  /// The list as `--help` and the help overlay show it: `positionNote`, each binding's
  /// label and help wrapped as the keys' are, then `touchNote`.
  public static func helpLines() -> [String] {
    var lines = KeyTable.wrappedText(positionNote)
    for binding in bindings {
      lines += KeyTable.wrapped(KeyTable.plain(binding.label), KeyTable.plain(binding.help))
    }
    return lines + KeyTable.wrappedText(touchNote)
  }

  /// The buttons for the help overlay, where the keys take most of the launch window: one
  /// paragraph of each binding's label and `brief`, then `touchNote`, wrapped as the keys'
  /// help is, to `width` columns.
  public static func briefLines(width: Int = KeyTable.helpWidth) -> [String] {
    let buttons = bindings.map { "\($0.label): \($0.brief)" }.joined(separator: "; ")
    return KeyTable.wrappedText("Gamepad: " + buttons + ".", width: width)
      + KeyTable.wrappedText(touchNote, width: width)
  }

  /// docs/reference.md's gamepad table, in Markdown, ending in a newline.
  public static func markdown() -> String {
    var text = "| button | action |\n| --- | --- |\n"
    for binding in bindings { text += "| \(binding.label) | \(binding.help) |\n" }
    return text
  }

  /// The D-pad's and left stick's row, from the scene's constants.
  private static var steeringHelp: String {
    "move the focus ring; held, it moves on after "
      + Decimals.text(Scene.focusRepeatDelay, places: 1) + " s, "
      + "\(Int(Scene.focusRepeatRate)) views a second (the stick past a dead zone of "
      + "\(Int(Scene.stickDeadZone * 100)) %)"
  }
}
