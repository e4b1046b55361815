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
  /// What `build` painted, for `execute`.
  private var painted = Painted.frame(changed: nil)

  /// What an overview frame's `build` painted.
  private enum Painted {
    /// The frame, of which `changed` may differ from the last frame painted (nil: all).
    case frame(changed: PixelRect?)
    /// Nothing: the kept frame is this frame (`isUnchanged`).
    case nothing
  }

  /// A frame with nothing to paint: no view changed, nothing else changed, the painter
  /// would paint its last frame again (`OverviewPainter.repaintsLast`: nothing animating
  /// then or now, or the same step and present, as while paused; the same sheet, grid and
  /// background), and nothing has drawn into the kept frame since. (The presenter calls
  /// every overview frame `full`: the overview paints everything, so it judges its frame
  /// itself.) At 16 million views a fitted overview otherwise repaints every view every
  /// frame, idle or paused (15–35 ms).
  private func isUnchanged(_ frame: PathFrame, _ target: Compositor) -> Bool {
    !frame.changes.everything && frame.changes.cells.isEmpty && target.holdsLastRepaint
      && painter.repaintsLast(
        frame.scene, present: frame.present, atlas: frame.sheet, width: target.width,
        height: target.height)
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
    guard !isUnchanged(frame, target) else {
      painted = .nothing
      return
    }
    let changed = target.repaint { pixels in
      painter.paint(
        frame.scene, present: frame.present, atlas: frame.sheet, frame: pixels,
        width: target.width, height: target.height)
    }
    painted = .frame(changed: changed)
  }

  func execute(_ list: DrawList, of frame: PathFrame, on target: Compositor) throws(SDLError)
    -> PathCost
  {
    switch painted {
    case .frame(let changed):
      try target.presentRepaint(changed: changed)
      return PathCost(cells: frame.scene.layout.visibleCount, bytesUploaded: target.bytesUploaded)
    case .nothing:
      // No pixel of the frame changed: only what was drawn over the window is put back.
      try target.presentRepaint(changed: PixelRect(x: 0, y: 0, width: 0, height: 0))
      return PathCost(cells: 0, bytesUploaded: target.bytesUploaded)
    }
  }

  /// The frame is the compose path's, let go when another path draws.
  func release() {}
}
