import TickScene

/// Whether the cell size has rested after a zoom long enough for a sheet of the new size
/// to be worth building: until then the presenter draws the last sheet of the same style,
/// scaled, so that a wheel turned notch after notch never builds a sheet per notch.
///
/// Play times the rest on the wall clock: the stand-in is a stop-gap for the eye, and in
/// slow motion (scene time at ×0.1) or a pause, scene time would keep it on screen ten
/// times longer, or for good. A headless render has no wall clock worth the name (it
/// draws only the frames it saves, as fast as it can), so it times the rest in scene time,
/// and every run decides alike.
public struct ZoomRest {
  /// Which clock times the rest.
  public enum Clock: Sendable {
    case scene
    case wall
  }

  /// How long the size must rest, in seconds: about nine frames, longer than the two
  /// frames between wheel notches turned in a run, short enough not to be seen as a wait.
  static let seconds = 0.15

  /// The cell size whose rest the wall clock is timing, and when it was first seen.
  private var timed: Size?
  private var timedSince = 0.0

  /// The layout's size, which a zoom changes (a pan or a style does not).
  private struct Size: Equatable {
    var cell: Int
    var gap: Int
    var scale: Double
  }

  /// Whether `scene`'s cell size has rested: it never changed, or it changed `seconds`
  /// ago by `clock` (the wall clock reads `now`, in seconds).
  mutating func hasRested(_ scene: Scene, clock: Clock, now: Double) -> Bool {
    guard let changed = scene.sizeChangedAtStep else { return true }
    switch clock {
    case .scene:
      return Double(scene.step - changed) >= Self.seconds * Double(scene.hz)
    case .wall:
      let l = scene.layout
      let size = Size(cell: l.cell, gap: l.gap, scale: l.scale)
      if size != timed {
        timed = size
        timedSince = now
      }
      return now - timedSince >= Self.seconds
    }
  }
}
