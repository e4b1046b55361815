import SceneFixtures
import Testing
import TickFrame
import TickGeometry
import TickScene

/// Differential: a target drawn a share of its rows a frame (`FrameBuilder.buildShare`, as
/// the presenter draws the store of a path switched to), while views toggle, animate and
/// settle, then drawn into by the frame that shows it, holds exactly the frame drawn from
/// scratch.
@Suite struct FrameBuilderShareTests {
  /// Executes `list` into `pixels` as a backing store does: a full redraw's clear, the
  /// clears, then the mesh blended (no sprites: the direct path).
  static func execute(_ list: DrawList, into pixels: inout [UInt32], width: Int) {
    let c = list.background
    let background =
      UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)  // ARGB8888
    if list.fullRedraw {
      for i in pixels.indices { pixels[i] = background }
    }
    for r in list.clears {
      for y in r.y..<(r.y + r.height) {
        for x in r.x..<(r.x + r.width) { pixels[y * width + x] = background }
      }
    }
    let all = PixelRect(x: 0, y: 0, width: width, height: pixels.count / width)
    Rasterizer.draw(list.mesh, into: &pixels, width: width, clip: all)
  }

  /// `scene` drawn from scratch at its step.
  static func fresh(_ scene: Scene) -> [UInt32] {
    var builder = FrameBuilder()
    var list = DrawList()
    builder.build(
      scene, changes: SceneChanges(), full: true, present: Double(scene.step), into: &list)
    var pixels = [UInt32](repeating: 0, count: scene.windowWidth * scene.windowHeight)
    execute(list, into: &pixels, width: scene.windowWidth)
    return pixels
  }

  /// How many pixels differ between two frames of the same size.
  static func differing(_ a: [UInt32], _ b: [UInt32]) -> Int {
    zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }

  /// Shares of `rowsPerShare` rows, `steps` steps apart, with views toggled in rows already
  /// drawn and in rows still to come every frame: some start animating, some (toggled
  /// twice) change back, earlier ones settle; with `.instant`, views turned off change at
  /// once without animating.
  @Test(arguments: [1, 2, 3], [DeselectMode.animate, .instant])
  func sharesEndAsTheFreshFrame(rowsPerShare: Int, deselect: DeselectMode) {
    var scene = Scene.checkerboard(columns: 12, rows: 10, window: 300, 260)
    var style = scene.style
    style.deselect = deselect
    scene.setStyle(style)
    var builder = FrameBuilder()
    var list = DrawList()
    var pixels = [UInt32](repeating: 0, count: 300 * 260)
    let rows = scene.layout.visibleRows
    #expect(rows.count == 10)
    _ = scene.takeChanges()
    var done = 0
    var frame = 0
    while done < rows.count {
      // A view in a drawn row and one further on, and now and then one toggled back.
      let columns = scene.layout.columns
      scene.toggle((frame * 5) % (max(done, 1) * columns), cause: .click)
      scene.toggle((frame * 7 + 3) % scene.count, cause: .click)
      if frame % 3 == 2 { scene.toggle((frame * 5) % (max(done, 1) * columns), cause: .click) }
      scene.advance(steps: 9)
      let changes = scene.takeChanges()
      let first = rows.lowerBound + done
      let adding = first..<min(rows.upperBound, first + rowsPerShare)
      builder.buildShare(
        scene, changes: changes, drawn: rows.lowerBound..<(rows.lowerBound + done),
        adding: adding, present: Double(scene.step), into: &list)
      #expect(list.fullRedraw == (done == 0), "only the first share clears the target")
      Self.execute(list, into: &pixels, width: 300)
      done += adding.count
      frame += 1
    }
    #expect(scene.animatingCount > 0, "views are animating when the last row is in")
    // The frame that shows the target draws into it as into any other.
    scene.advance(steps: 9)
    builder.build(scene: &scene, present: Double(scene.step), into: &list)
    Self.execute(list, into: &pixels, width: 300)
    #expect(Self.differing(pixels, Self.fresh(scene)) == 0)
  }
}
