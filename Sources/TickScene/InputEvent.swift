/// Input as the scene sees it, free of SDL: TickSDL translates window events into these.
public enum InputEvent: Equatable, Sendable {
  /// Which mouse button.
  public enum Button: Equatable, Sendable {
    case left, middle, right
  }

  case press(x: Float, y: Float, button: Button)
  case release(x: Float, y: Float, button: Button)
  case move(x: Float, y: Float)
  /// A key, by a lower-case name such as `"a"`, `"space"`, `"escape"`.
  case key(String)
  case quit
}
