/// What a key asks of the scene itself: its view of the grid, and the keyboard focus.
///
/// The scene reads no key names: the key table (TickApp's `KeyTable`) names the keys and
/// hands the scene these through `Scene.perform(_:cause:)`.
public enum SceneKey: Hashable, Sendable {
  /// A way across the grid, as the arrow keys point.
  public enum Direction: Hashable, Sendable, CaseIterable {
    case left, right, up, down
  }

  /// Back to the launch view (`Scene.resetView`).
  case resetView
  /// The whole grid in the area beside the HUD (`Scene.fitView`).
  case fitView
  /// The focus ring to the next view in grid order, wrapping round (the first if none).
  case focusNext
  /// The focus ring to the previous view, wrapping round (the first if none).
  case focusPrevious
  /// The focus ring one view over, stopping at the grid's edge (the first if none).
  case moveFocus(Direction)
  /// The view moves a cell the way it points (the grid the other way).
  case pan(Direction)
  /// A wheel notch in or out about the focused view while it is on screen, else the
  /// middle of the grid's area (`Scene.zoomCentre`): the gamepad's shoulder buttons.
  case zoomIn, zoomOut
  /// The focused view toggles.
  case toggleFocused
  /// The focused (or else hovered) view goes to mixed, and from mixed to off.
  case toggleMixed
}
