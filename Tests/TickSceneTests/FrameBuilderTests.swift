import Testing
import TickGeometry
import TickScene

/// The scene against a recording draw list: what each frame asks the renderer to repaint.
@Suite struct FrameBuilderTests {
  @Test func onlyChangedAndAnimatingCellsAreRepainted() {
    var scene = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), hz: 120)
    var builder = FrameBuilder()
    var list = DrawList()

    builder.build(scene: &scene, present: 0, into: &list)
    #expect(list.fullRedraw && list.clears.isEmpty)
    #expect(list.mesh.triangleCount > scene.count * 16)  // a ring per cell

    builder.build(scene: &scene, present: 0, into: &list)
    #expect(list.isEmpty)  // nothing changed: nothing to draw

    scene.toggle(4, cause: .click)
    for frame in 0..<3 {
      scene.advance(steps: 2)
      builder.build(scene: &scene, present: Double(scene.step), into: &list)
      #expect(!list.fullRedraw)
      #expect(list.clears == [scene.layout.paintRect(of: 4)], "frame \(frame)")
    }
    scene.advance(steps: 60)
    builder.build(scene: &scene, present: Double(scene.step), into: &list)
    #expect(list.clears == [scene.layout.paintRect(of: 4)])  // the settled final look
    builder.build(scene: &scene, present: Double(scene.step), into: &list)
    #expect(list.isEmpty)
  }

  @Test func tickGrowsWithStrokeEnd() {
    var scene = Scene(
      layout: GridLayout(windowWidth: 60, windowHeight: 60, cell: 50, gap: 10), hz: 120)
    scene.toggle(0, cause: .click)
    var builder = FrameBuilder()
    var counts: [Int] = []
    for present in [0.0, 15, 30, 45, 60] {
      var mesh = Mesh()
      builder.drawCell(0, scene: scene, present: present, into: &mesh)
      counts.append(mesh.vertices.count)
    }
    var disc = Mesh()
    Fill.disc(center: Point(30, 30), radius: 23.5, color: .white, into: &disc)
    #expect(counts[0] == disc.vertices.count)  // strokeEnd 0: the fill alone
    #expect(counts[1] > counts[0])
    #expect(counts[3] > counts[1])  // past the corner: a join appears
  }
}

/// Regression for issue 10 (one wheel notch blanked the compose window): the builder
/// dropped the frame's sheet when the cell size or shape changed, so the full redraw went
/// out as one frame's overlay geometry instead of sprites.
@Suite struct FrameBuilderKeepsNoFrameStateTests {
  func scene(shape: BoxShape = .circle) -> Scene {
    var style = TickStyle()
    style.shape = shape
    var s = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style,
      hz: 120)
    s.applyInitialSelection(.checker, animate: false)
    return s
  }

  @Test(arguments: [BoxShape.circle, .square])
  func aZoomedFullRedrawUsesTheNewSheet(shape: BoxShape) {
    var s = scene(shape: shape)
    var b = FrameBuilder()
    var list = DrawList()
    b.build(scene: &s, present: 0, into: &list, sheet: SpriteSheet(key: s.spriteKey))
    #expect(list.fullRedraw && list.sprites.count == s.layout.visibleCount && list.mesh.isEmpty)
    s.handle(.wheel(x: 5, y: 5, dy: 1))  // in a gap: nothing hovered
    #expect(s.layout.cell != 50)
    b.build(scene: &s, present: 0, into: &list, sheet: SpriteSheet(key: s.spriteKey))
    #expect(list.fullRedraw)
    #expect(list.sprites.count == s.layout.visibleCount && list.mesh.isEmpty)
  }

  @Test func anUsedBuilderBuildsWhatANewOneBuilds() {
    var s = scene()
    var used = FrameBuilder()
    var list = DrawList()
    for notch in [1, 1, -1] as [Float] {
      used.build(scene: &s, present: 0, into: &list)
      s.handle(.wheel(x: 5, y: 5, dy: notch))
    }
    s.toggle(3, cause: .click)
    s.advance(steps: 10)
    let changes = s.takeChanges()
    var fresh = FrameBuilder()
    var a = DrawList()
    var b = DrawList()
    used.build(s, changes: changes, full: false, present: 10, into: &a)
    fresh.build(s, changes: changes, full: false, present: 10, into: &b)
    #expect(a.fullRedraw && a.clears == b.clears && a.sprites == b.sprites)
    #expect(a.mesh.vertices.count == b.mesh.vertices.count && a.mesh.indices == b.mesh.indices)
  }

  /// The plain tick's templates carry a settled view's disc once one is drawn, and change
  /// with the style: through fills animating (the tick alone), settled views (disc and tick
  /// in one copy) and new tick and fill colours, a used builder writes exactly the vertices
  /// and indices a new one does.
  @Test func tickTemplatesFollowTheStyleAndTheSettledDisc() {
    var s = scene()
    var used = FrameBuilder()
    var list = DrawList()
    var style = s.style
    // Every view toggled: their fills animate, then settle; then a new tick colour, then a
    // new fill colour.
    for i in 0..<s.count { s.toggle(i, cause: .click) }
    for stage in 0..<5 {
      switch stage {
      case 0, 1: s.advance(steps: 2)
      case 2: s.advance(steps: 200)
      case 3:
        style.tickColor = Color(r: 0x20, g: 0x40, b: 0x60)
        s.setStyle(style)
      default:
        style.fillColor = Color(r: 0xc0, g: 0x30, b: 0x30)
        s.setStyle(style)
      }
      let present = Double(s.step)
      used.build(scene: &s, present: present, into: &list)
      var fresh = FrameBuilder()
      var again = DrawList()
      fresh.build(s, changes: SceneChanges(), full: true, present: present, into: &again)
      used.build(s, changes: SceneChanges(), full: true, present: present, into: &list)
      #expect(list.mesh.vertices == again.mesh.vertices, "stage \(stage)")
      #expect(list.mesh.indices == again.mesh.indices, "stage \(stage)")
      #expect(list.mesh.triangleCount > s.layout.visibleCount * 8)
    }
  }
}
