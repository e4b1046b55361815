/// Input as the scene sees it, free of SDL: TickSDL translates window events into these.
public enum InputEvent: Equatable, Sendable {
  /// Which mouse button.
  public enum Button: Equatable, Sendable {
    case left, middle, right
  }

  case press(x: Float, y: Float, button: Button)
  case release(x: Float, y: Float, button: Button)
  case move(x: Float, y: Float)
  /// The wheel turned by `dy` notches (positive: away from the user) over (`x`, `y`).
  case wheel(x: Float, y: Float, dy: Float)
  /// The window's drawable area is now `width × height` pixels.
  case resize(width: Int, height: Int)
  /// A key, by SDL's lower-case name such as `"a"`, `"space"`, `"escape"`, with the
  /// modifiers held before it (`keyPress(_:modifiers:)`): `"ctrl+c"`, `"shift+left"`.
  case key(String)
  /// A finger touched the screen (`down`), moved on it or left it (`up`) at (`x`, `y`)
  /// window pixels; `id` tells apart the fingers down at once (SDL's finger id).
  case finger(FingerPhase, id: Int64, x: Float, y: Float)
  /// A gamepad button went down (`pressed`) or up.
  case padButton(PadButton, pressed: Bool)
  /// A gamepad stick or trigger moved to `value`: −1…1 on a stick's axis (right and down
  /// positive), 0…1 for a trigger.
  case padAxis(PadAxis, value: Float)
  case quit

  /// The `.key` event for the key SDL names `base` (lower-case) pressed with `modifiers`;
  /// nil for a key with no name.
  ///
  /// Ctrl, Alt and Super (`gui`) always name themselves, in that order and then Shift:
  /// `"ctrl+c"`, `"ctrl+shift+c"`, `"alt+c"`. So a key held with one of them never
  /// triggers what the key alone does (Ctrl+C quits, C clears). Shift alone names only the
  /// keys it changes the meaning of: arrows (pan), Tab (focus back), `.` and `,` (a tenth
  /// of a second's steps), and it makes `/`
  /// a `?` (a US layout's); with a letter or digit it is ignored, so Shift+A is A.
  public static func keyPress(_ base: String, modifiers: KeyModifiers) -> InputEvent? {
    guard !base.isEmpty else { return nil }
    var prefix = ""
    if modifiers.contains(.ctrl) { prefix += "ctrl+" }
    if modifiers.contains(.alt) { prefix += "alt+" }
    if modifiers.contains(.gui) { prefix += "gui+" }
    guard modifiers.contains(.shift) else { return .key(prefix + base) }
    if !prefix.isEmpty || shiftNamed.contains(base) { return .key(prefix + "shift+" + base) }
    return .key(base == "/" ? "?" : base)
  }

  /// The keys Shift alone gives a meaning of their own.
  static let shiftNamed: Set<String> = ["left", "right", "up", "down", "tab", ".", ","]
}

/// The modifier keys held with a key press (either side's).
public struct KeyModifiers: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let shift = KeyModifiers(rawValue: 1)
  public static let ctrl = KeyModifiers(rawValue: 2)
  public static let alt = KeyModifiers(rawValue: 4)
  /// The Super, Windows or Command key.
  public static let gui = KeyModifiers(rawValue: 8)
}
