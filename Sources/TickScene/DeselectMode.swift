/// What deselecting a view does (`--deselect`).
public enum DeselectMode: String, CaseIterable, Sendable {
  /// Clears at once, as the seed does.
  case instant
  /// Plays the on animation backwards from the live progress.
  case reverse
  /// Plays the style's own off animation.
  case animate
}
