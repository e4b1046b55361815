import SceneFixtures
import Testing
import TickFrame
import TickGeometry
import TickScene

/// Differential: the direct path's frames, built with the store's bases
/// (`FrameBuilder.build(_:changes:full:present:keeping:into:)`) and executed as the
/// presenter executes them — the list into a store kept from frame to frame, the store
/// copied to the window, the moving ticks drawn over it — equal the same state drawn from
/// scratch, frame after frame, while views toggle, restart, reverse, are hovered and
/// panned. And the bases save what they are for: a frame in which nothing restarts draws
/// no disc and clears nothing.
@Suite struct StoreBasesTests {
  /// A store kept between frames, and the window it is shown in.
  struct Target {
    var store: [UInt32]
    var window: [UInt32]
    var bases = StoreBases()
    let width: Int

    init(width: Int, height: Int) {
      self.width = width
      store = [UInt32](repeating: 0, count: width * height)
      window = store
    }

    /// Executes `list` as `BackingStore.draw` does: into the store, the store shown,
    /// the overlay over the window.
    mutating func execute(_ list: DrawList) {
      FrameBuilderShareTests.execute(list, into: &store, width: width)
      window = store
      let all = PixelRect(x: 0, y: 0, width: width, height: window.count / width)
      Rasterizer.draw(list.overlay, into: &window, width: width, clip: all)
    }
  }

  /// `scene` drawn from scratch at its step, as the window shows it.
  static func fresh(_ scene: Scene) -> [UInt32] {
    var builder = FrameBuilder()
    var list = DrawList()
    var target = Target(width: scene.windowWidth, height: scene.windowHeight)
    builder.build(
      scene, changes: SceneChanges(), full: true, present: Double(scene.step),
      keeping: &target.bases, into: &list)
    target.execute(list)
    return target.window
  }

  /// Frames of a checkerboard whose views keep toggling: a few every frame, each turned
  /// on, off again mid-way (a reverse, with `.reverse`), or off (the exit, with its fill
  /// fading late); now and then the pointer moves over a view and the grid is panned.
  @Test(arguments: [DeselectMode.animate, .reverse, .instant])
  func everyFrameEqualsTheFreshFrame(deselect: DeselectMode) {
    var scene = Scene.checkerboard(columns: 14, rows: 12, window: 300, 260)
    var style = scene.style
    style.deselect = deselect
    scene.setStyle(style)
    var builder = FrameBuilder()
    var list = DrawList()
    var target = Target(width: 300, height: 260)
    builder.build(
      scene, changes: scene.takeChanges(), full: true, present: 0, keeping: &target.bases,
      into: &list)
    target.execute(list)
    var layered = 0
    for frame in 0..<48 {
      for k in 0..<3 { scene.toggle((frame * 11 + k * 29) % scene.count, cause: .click) }
      if frame % 7 == 3 {
        let r = scene.layout.rect(of: (frame * 5) % scene.count)
        _ = scene.handle(.move(x: Float(r.x + 4), y: Float(r.y + 4)))
      }
      if frame == 30 { _ = scene.handle(.key("right")) }
      scene.advance(steps: 2)
      builder.build(
        scene, changes: scene.takeChanges(), full: false, present: Double(scene.step),
        keeping: &target.bases, into: &list)
      target.execute(list)
      if !list.overlay.isEmpty { layered += 1 }
      let differing = FrameBuilderShareTests.differing(target.window, Self.fresh(scene))
      #expect(differing == 0, "frame \(frame): \(differing) pixels differ")
    }
    #expect(layered > 24, "most frames draw ticks over the window")
  }

  /// Animations that run on with no change: their discs are drawn once, when they start,
  /// then only their ticks, over the window.
  @Test func aSteadyFrameDrawsTicksAlone() {
    var scene = Scene.checkerboard(columns: 10, rows: 8, window: 260, 210)
    scene.applyInitialSelection(.all, animate: true)
    var builder = FrameBuilder()
    var list = DrawList()
    var target = Target(width: 260, height: 210)
    scene.advance(steps: 3)
    builder.build(scene: &scene, keeping: &target.bases, into: &list)
    target.execute(list)
    #expect(target.bases.cells.count == 80, "every view's disc is in the store")
    #expect(!list.mesh.isEmpty && !list.overlay.isEmpty)
    scene.advance(steps: 3)
    builder.build(scene: &scene, keeping: &target.bases, into: &list)
    target.execute(list)
    #expect(list.clears.isEmpty && list.mesh.isEmpty, "no view is drawn into the store again")
    #expect(!list.overlay.isEmpty)
    #expect(list.views == 80, "every view is counted as drawn, by its tick alone")
    #expect(FrameBuilderShareTests.differing(target.window, Self.fresh(scene)) == 0)
  }

  /// A grid larger than the window: nothing drawn reaches past the window, where llvmpipe
  /// would send the whole draw call through its clipping stage.
  @Test(arguments: [false, true])
  func nothingIsDrawnOutsideTheWindow(layered: Bool) {
    var scene = Scene.checkerboard(columns: 30, rows: 30, window: 250, 190)
    scene.applyInitialSelection(.all, animate: true)
    scene.advance(steps: 5)
    var builder = FrameBuilder()
    var list = DrawList()
    var bases = StoreBases()
    if layered {
      builder.build(
        scene, changes: SceneChanges(), full: true, present: Double(scene.step),
        keeping: &bases, into: &list)
    } else {
      builder.build(
        scene, changes: SceneChanges(), full: true, present: Double(scene.step), into: &list)
    }
    #expect(!list.mesh.isEmpty)
    // The vertices the triangles use: a clip may leave the ones it replaced unused.
    var outside: [Point] = []
    for mesh in [list.mesh, list.overlay] {
      for i in mesh.indices {
        let v = mesh.vertices[Int(i)]
        if !(v.x >= 0 && v.x <= 250 && v.y >= 0 && v.y <= 190) { outside.append(v.position) }
      }
    }
    #expect(outside.isEmpty, "\(outside.count) vertices outside, first \(outside.first!)")
  }
}

extension FrameBuilder {
  /// One direct-path frame as the play loop builds it, into a store holding `bases`.
  mutating func build(
    scene: inout Scene, keeping bases: inout StoreBases, into list: inout DrawList
  ) {
    build(
      scene, changes: scene.takeChanges(), full: false, present: Double(scene.step),
      keeping: &bases, into: &list)
  }
}
