/// Where the pointer and the keyboard focus are, and what a drag under way is doing: the
/// scene's input state, apart from its model of views.
///
/// Each is a view index, or -1 for none. `Scene.handle` changes them and marks the views
/// they leave and enter as changed, since each is drawn with its own feedback.
public struct Pointer: Sendable {
  /// The view under the pointer.
  public internal(set) var hovered = -1
  /// The view a left press went down on, until it is released or the drag reaches another
  /// view. It shows dimmed; releasing over it toggles it, releasing where there is no view
  /// cancels (touch-up-inside).
  public internal(set) var pressed = -1
  /// Whether a left drag has reached a view other than the pressed one: it then paints.
  /// The pressed view toggles, and every view the drag reaches is set to the state it took.
  public internal(set) var painting = false
  /// The view with keyboard focus, until the keyboard is first used -1.
  public internal(set) var focused = -1
  /// The last view a paint drag painted.
  var lastPainted = -1
  /// The state the pressed view took when the paint began (or, for a press in a gap, the
  /// first view reached): every view the drag reaches is set to it, as checkbox lists and
  /// paint tools do.
  var paintState: ViewState?
  /// Whether the left button is down (a press landed in or out of a view).
  var leftDown = false
  /// Where a right- or middle-button pan drag last was, while one is under way.
  var panFrom: (x: Float, y: Float)?

  public init() {}
}
