import TickScene

/// What a key does in `play`, free of SDL so it can be tested and listed in help.
public enum KeyCommand: Equatable, Sendable {
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
  /// A: toggle every view.
  case toggleAll
  /// R: rain on or off; `[` and `]` halve and double its rate.
  case toggleRain
  case rainSlower
  case rainFaster
  /// W: a wave of toggles spreading from the pointer.
  case wave
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

  /// The command bound to a key, by its name as `InputEvent.keyPress` gives it (SDL's
  /// lower-case name after any `ctrl+`, `alt+`, `gui+` or `shift+`); nil for unbound keys.
  /// A key held with Ctrl, Alt or Super is bound only as Ctrl+C and Ctrl+Q.
  public init?(key: String) {
    switch key {
    case "escape", "q", "ctrl+c", "ctrl+q": self = .quit
    case "a": self = .toggleAll
    case "r": self = .toggleRain
    case "[": self = .rainSlower
    case "]": self = .rainFaster
    case "w": self = .wave
    case "k": self = .checkerboard
    case "c": self = .clear
    case "h": self = .toggleHUD
    case "m": self = .cyclePath
    case "f1", "?": self = .toggleHelp
    case "t": self = .cycleTiming
    case "d": self = .cycleDeselect
    case "s": self = .toggleSlowMotion
    case "p": self = .togglePause
    case ".", "keypad .": self = .stepOnce
    case "0", "keypad 0": self = .style(.none)
    default:
      let digit = key.hasPrefix("keypad ") ? String(key.dropFirst(7)) : key
      guard let n = Int(digit), (1...9).contains(n) else { return nil }
      self = .style(AnimationStyle.allCases[n - 1])
    }
  }

  /// The key list `--help` and the README show.
  public static let help = """
    click      toggle a view
    1–9, 0     animation style: 1 stroke, 2 fill, 3 bounce, 4 flat, 5 one-stroke, 6 fade,
               7 expand, 8 spiral, 9 dot, 0 none
    T          next timing curve (linear, ease-in, ease-out, ease-in-out, default, spring)
    D          next deselect mode (instant, reverse, animate)
    S          slow motion ×0.1 on/off
    P          pause/resume; .  one step while paused
    A          toggle every view
    R          random rain on/off (--rain RATE); [ and ] halve and double its rate
    W          a wave of toggles spreading from the pointer
    K, C       checkerboard; clear (C alone: Ctrl+C quits)
    drag       paint: the pressed view toggles, every view reached takes its new state
    arrows,Tab move the focus ring; Space, Enter toggle the focused view
    X          the focused (or hovered) view to mixed and back
    right or middle drag  pan (also Shift+arrows); wheel zooms about the pointer
    F          the whole grid in view (below 4 px a view, a fraction of a pixel each)
    Home       back to the launch view: first zoom, no pan (--fit: the whole grid)
    H          HUD: full panel, compact strip, off
    F12        save what the window shows
    F1, ?      this help
    M          next render path: direct, atlas, compose, auto
    Esc, Q, Ctrl+C, Ctrl+Q  quit (summary, --screenshot, --record, --events written)
    Keys held with Ctrl, Alt or Super do nothing else.
    """
}
