/// What changed in a scene since the loop last took its changes (`Scene.takeChanges`).
///
/// The scene reports; it does not know what any renderer holds. Whether a backing store,
/// a composed frame or a frame cache is stale is the renderer's own knowledge, so a
/// renderer may draw everything even when `everything` is false.
public struct SceneChanges: Sendable {
  /// Whether every view may look different: the layout (pan, zoom, resize), the style,
  /// the rows' styles, the groups or the initial selection changed.
  public var everything: Bool
  /// Views whose look may have changed, besides the animating ones (which change every
  /// frame): no duplicates, in no particular order.
  public var cells: [Int32]

  public init(everything: Bool = false, cells: [Int32] = []) {
    self.everything = everything
    self.cells = cells
  }

}
