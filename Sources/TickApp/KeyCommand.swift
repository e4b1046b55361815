import TickScene

/// What a key does in `play`, free of SDL so it can be tested; `KeyTable` binds keys to
/// these, and `Controls.apply` carries them out.
public enum KeyCommand: Hashable, Sendable {
  /// 1–9 pick a style, 0 picks none.
  case style(AnimationStyle)
  /// T: the next timing curve.
  case cycleTiming
  /// D: the next deselect mode.
  case cycleDeselect
  /// S: slow motion (×0.1) on or off; it scales the clock's time, not the frame rate.
  case toggleSlowMotion
  /// P: pause or resume.
  case togglePause
  /// `.`: one fixed step while paused.
  case stepOnce
  /// Shift+`.`: a tenth of a second of fixed steps while paused.
  case stepTenth
  /// `,`: one fixed step back while paused (`StepHistory`).
  case stepBack
  /// Shift+`,`: a tenth of a second back while paused.
  case stepBackTenth
  /// A: toggle every view.
  case toggleAll
  /// R: rain on or off; `[` and `]` halve and double its rate.
  case toggleRain
  case rainSlower
  case rainFaster
  /// W: a wave of toggles spreading from the pointer.
  case wave
  /// `-` and `=`: halve and double the load (`--load`); from 0, `=` starts at 1,000.
  case loadLower
  case loadHigher
  /// L: find the largest load that holds 60 fps, live (`bench limit`'s search); L again
  /// stops it.
  case findLimit
  /// K: checkerboard.
  case checkerboard
  /// C alone: clear every view (Ctrl+C quits).
  case clear
  /// F1 or `?`: the help overlay on or off.
  case toggleHelp
  /// M: the next render path (direct, atlas, compose, auto).
  case cyclePath
  /// H: show or hide the HUD.
  case toggleHUD
  /// Esc, Q, Ctrl+C or Ctrl+Q: quit the way SIGINT does (summary, `--screenshot`, and
  /// `--record` and `--events` written).
  case quit

  /// Something the scene does itself: its view (F, Home, Shift+arrows) and the keyboard
  /// focus (arrows, Tab, Space, Enter, X).
  case scene(SceneKey)
  /// F12: save what the window shows (the play loop's, which owns the window).
  case screenshot

  /// The command bound to a key, by its name as `InputEvent.keyPress` gives it (SDL's
  /// lower-case name after any `ctrl+`, `alt+`, `gui+` or `shift+`); nil for unbound keys.
  /// The bindings are `KeyTable.bindings`.
  public init?(key: String) {
    guard let command = KeyTable.command(forKey: key) else { return nil }
    self = command
  }

  /// The command an input runs: a key's by the key table, a gamepad button's press by the
  /// pad table (`PadTable`); nil for any other input (the scene's: pointer, touch, window,
  /// the D-pad and sticks), and for keys and buttons neither table binds.
  public init?(input: InputEvent) {
    switch input {
    case .key(let name):
      self.init(key: name)
    case .padButton(let button, pressed: true):
      guard let command = PadTable.command(for: button) else { return nil }
      self = command
    default:
      return nil
    }
  }
}
