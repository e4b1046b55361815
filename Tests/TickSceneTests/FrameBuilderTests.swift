import Testing
import TickGeometry
import TickScene

/// The scene against a recording draw list: what each frame asks the renderer to repaint.
@Suite struct FrameBuilderTests {
  @Test func onlyChangedAndAnimatingCellsAreRepainted() {
    var scene = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), hz: 120)
    var builder = FrameBuilder(cellSize: 50)
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
    var builder = FrameBuilder(cellSize: 50)
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
