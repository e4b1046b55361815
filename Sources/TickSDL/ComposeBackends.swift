import TickGeometry
import TickScene
import TickThreads

/// The compose path: the window's pixels kept in memory (`Compositor`); changed views are
/// copied in from the sheet's pixels, and the changed rows put into the window from shared
/// memory, or uploaded for the renderer. Its pointer feedback is drawn over the window.
final class ComposeBackend: PathBackend {
  private var frame = KeptTarget<Compositor>()

  var composes: Bool { true }
  var drawsSprites: Bool { true }

  func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<Compositor> {
    try frame.prepare(on: screen)
  }

  func build(
    _ frame: PathFrame, into target: Compositor, with builder: inout FrameBuilder,
    list: inout DrawList
  ) {
    builder.build(
      frame.scene, changes: frame.changes, full: frame.full, present: frame.present,
      sheet: frame.sheet?.sheet(for: .compose), overlays: true, into: &list)
  }

  func execute(_ list: DrawList, of frame: PathFrame, on target: Compositor) throws(SDLError)
    -> PathCost
  {
    try target.present(list, atlas: frame.sheet)
    return PathCost(
      cells: list.views, compose: target.composeSeconds, bytesUploaded: target.bytesUploaded)
  }

  func release() { frame.release() }
}

/// The overview (views smaller than their whole-pixel sprites), on any path: every view at
/// the level of detail of its size (`OverviewPainter`), resampled into the compose path's
/// frame, which is streamed whole, or only the grid's pixels while the background round it
/// stays. The frame is the compose path's, so that zooming out and in on that path keeps
/// one; the other paths keep nothing between overview frames, and their frame after an
/// overview is drawn from scratch.
final class OverviewBackend: PathBackend {
  private let compose: ComposeBackend
  private let painter: OverviewPainter
  /// The part of the frame `build` painted that may differ from the last frame painted;
  /// nil for all of it.
  private var repainted: PixelRect?
  /// What the frame kept holds when it was painted with nothing animating; nil when it
  /// was not, or may since have been drawn over.
  private var settled: Settled?

  /// The inputs of an overview frame besides the views' values: with the same, and no
  /// view changed or animating, the frame painted is the frame painted last.
  struct Settled: Equatable {
    var layout: GridLayout
    var width: Int
    var height: Int
    var background: Color
    var sheet: ObjectIdentifier?
    var drawnSprites: Int
  }

  /// A frame with nothing to paint: no view animating or changed, nothing else changed,
  /// and the kept frame painted from the same inputs and not drawn into since (the
  /// presenter calls every overview frame `full`: the overview paints everything, so it
  /// judges its frame itself). At 16 million views an idle fitted overview otherwise
  /// repaints every view every frame (15–35 ms).
  private func isUnchanged(_ frame: PathFrame, _ inputs: Settled, _ target: Compositor) -> Bool {
    !frame.changes.everything && frame.changes.cells.isEmpty
      && frame.scene.animatingCount == 0 && settled == inputs && target.holdsLastRepaint
  }

  init(drawingInto compose: ComposeBackend, pool: WorkerPool) {
    self.compose = compose
    painter = OverviewPainter(pool: pool)
  }

  var composes: Bool { true }
  var drawsSprites: Bool { true }

  func prepare(on screen: Screen) throws(SDLError) -> PreparedTarget<Compositor> {
    try compose.prepare(on: screen)
  }

  func build(
    _ frame: PathFrame, into target: Compositor, with builder: inout FrameBuilder,
    list: inout DrawList
  ) {
    list.reset()
    list.fullRedraw = true
    let inputs = Settled(
      layout: frame.scene.layout, width: target.width, height: target.height,
      background: frame.scene.style.background, sheet: frame.sheet.map(ObjectIdentifier.init),
      drawnSprites: frame.sheet?.sheet.available ?? 0)
    if isUnchanged(frame, inputs, target) {
      repainted = Self.nothing
      return
    }
    repainted = target.repaint { pixels in
      painter.paint(
        frame.scene, present: frame.present, atlas: frame.sheet, frame: pixels,
        width: target.width, height: target.height)
    }
    settled = frame.scene.animatingCount == 0 ? inputs : nil
  }

  /// The part of the frame a frame with nothing to paint changes: none.
  static let nothing = PixelRect(x: 0, y: 0, width: 0, height: 0)

  func execute(_ list: DrawList, of frame: PathFrame, on target: Compositor) throws(SDLError)
    -> PathCost
  {
    try target.presentRepaint(changed: repainted)
    let drawn = repainted == Self.nothing ? 0 : frame.scene.layout.visibleCount
    return PathCost(cells: drawn, bytesUploaded: target.bytesUploaded)
  }

  /// The frame is the compose path's, let go when another path draws (which also makes
  /// the next overview frame a full one, painted).
  func release() { settled = nil }
}
