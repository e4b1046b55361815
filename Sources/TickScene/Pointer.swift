import TickGeometry

/// Where the pointer and the keyboard focus are, and what the drags, fingers and gamepad
/// under way are doing: the scene's input state, apart from its model of views.
///
/// `hovered`, `pressed` and `focused` are view indices, nil for none. `Scene.handle`
/// changes them and marks the views they leave and enter as changed, since each is drawn
/// with its own feedback.
public struct Pointer: Sendable {
  /// The view under the pointer.
  public internal(set) var hovered: Int?
  /// The view shown pressed (dimmed): the press of the latest stroke — the mouse's left
  /// button or a finger — until that stroke is released or reaches another view.
  /// Releasing over it toggles it, releasing where there is no view cancels
  /// (touch-up-inside).
  public internal(set) var pressed: Int?
  /// Whether the mouse's left drag has reached a view other than the pressed one: it then
  /// paints. The pressed view toggles, and every view the drag reaches is set to the
  /// state it took.
  public var painting: Bool { mouse?.painting ?? false }
  /// The view with keyboard focus; nil until the keyboard or gamepad is first used.
  public internal(set) var focused: Int?
  /// The left button's stroke, while the button is down (it landed in or out of a view).
  var mouse: Stroke?
  /// Where a right- or middle-button pan drag last was, while one is under way.
  var panFrom: Point?
  /// The fingers on the screen and what each does.
  var touches = Touches()
  /// The gamepad's D-pad and sticks, and the focus moves and pan they drive.
  var pad = PadState()

  public init() {}
}

/// One press and what its drag does: the mouse's left button, or one finger. Each stroke
/// paints on its own, so several fingers paint at once without taking each other's state.
struct Stroke: Sendable, Equatable {
  /// The view the stroke went down on, until it is released or reaches another view; nil
  /// for a press in a gap or outside the grid.
  var pressed: Int?
  /// Whether the stroke has reached a view other than the pressed one: it then paints.
  var painting = false
  /// The last view this stroke painted.
  var lastPainted: Int?
  /// The state the pressed view took when the paint began (or, for a press in a gap, the
  /// first view reached): every view the stroke reaches is set to it, as checkbox lists
  /// and paint tools do.
  var paintState: ViewState?
}
