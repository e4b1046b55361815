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
  /// A key, by SDL's lower-case name such as `"a"`, `"space"`, `"escape"`; arrows and Tab
  /// held with Shift arrive as `"shift+left"`, `"shift+tab"` and so on.
  case key(String)
  case quit
}
