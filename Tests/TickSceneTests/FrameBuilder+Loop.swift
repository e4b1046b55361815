import TickScene

extension FrameBuilder {
  /// One frame as the play loop builds it: take the scene's changes, then build from them
  /// into a target that is not stale.
  mutating func build(
    scene: inout Scene, present: Double, into list: inout DrawList,
    sheet: SpriteSheet? = nil, overlaysEveryFrame: Bool = false
  ) {
    let changes = scene.takeChanges()
    build(
      scene, changes: changes, full: false, present: present, sheet: sheet,
      overlays: overlaysEveryFrame, into: &list)
  }
}
