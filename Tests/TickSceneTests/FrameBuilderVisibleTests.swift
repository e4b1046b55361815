import SceneFixtures
import Testing
import TickGeometry
import TickScene

/// A frame built incrementally draws the visible animating views as a full build draws
/// them, and nothing for the views off screen, however many of them animate.
@Suite struct FrameBuilderVisibleTests {
  /// A 40 × 40 grid of 20-px cells in a 200 × 150 window, panned so that views lie off
  /// screen on every side; a checkerboard is on.
  static func scene() -> Scene {
    var s = Scene.checkerboard(columns: 40, rows: 40, window: 200, 150)
    s.setLayout(s.layout.panned(dx: -300, dy: -300))
    _ = s.takeChanges()  // the first frame, drawn whole
    return s
  }

  /// Toggles the views `which` picks, at three phases, the last toggles interrupting some
  /// of the first (views drawn as geometry beside the sprites of fresh ones); then one step,
  /// so nothing is at its first frame.
  static func animate(_ s: inout Scene, _ which: (Int) -> Bool) {
    for phase in 0..<3 {
      for c in 0..<s.count where which(c) && c % (phase + 2) == 0 {
        s.toggle(c, cause: .click)
      }
      s.advance(steps: 7)
    }
  }

  static func visible(_ s: Scene) -> [Int] {
    s.layout.visibleRows.flatMap { r in s.layout.visibleColumns.map { r * s.layout.columns + $0 } }
  }

  @Test(arguments: [false, true])
  func theIncrementalFrameDrawsTheVisibleViewsAsAFullOne(withSheet: Bool) {
    var s = Self.scene()
    let l = s.layout
    #expect(l.visibleRows.lowerBound > 0 && l.visibleRows.upperBound < l.rows)
    #expect(l.visibleColumns.lowerBound > 0 && l.visibleColumns.upperBound < l.columns)
    // Every view animates, on screen and off.
    for c in 0..<s.count { s.toggle(c, cause: .click) }
    Self.animate(&s) { _ in true }
    let visible = Self.visible(s)
    #expect(visible.allSatisfy { s.isAnimating($0) })
    let sheet = withSheet ? SpriteSheet(key: s.spriteKey) : nil
    var builder = FrameBuilder()
    var incremental = DrawList()
    var full = DrawList()
    let present = Double(s.step)
    let changes = s.takeChanges()
    builder.build(
      s, changes: SceneChanges(), full: true, present: present, sheet: sheet, into: &full)
    builder.build(
      s, changes: changes, full: false, present: present, sheet: sheet, into: &incremental)
    #expect(full.fullRedraw && !incremental.fullRedraw)
    #expect(incremental.sprites == full.sprites)
    #expect(incremental.mesh.vertices == full.mesh.vertices)
    #expect(incremental.mesh.indices == full.mesh.indices)
    // Each view drawn as geometry is cleared first, as much of it as the window shows; a
    // sprite covers its rect.
    let geometry = visible.filter { c in
      sheet.flatMap { s.sprite(c, atStep: present, in: $0) } == nil
    }
    #expect(incremental.clears == geometry.map { l.inWindow(l.paintRect(of: $0)) })
    #expect(geometry.contains { l.inWindow(l.paintRect(of: $0)) != l.paintRect(of: $0) })
    #expect(!withSheet || (!incremental.sprites.isEmpty && !geometry.isEmpty))
  }

  @Test func anOffScreenAnimationAddsNothing() {
    var onScreen = Self.scene()
    var everywhere = Self.scene()
    let l = onScreen.layout
    Self.animate(&onScreen) { c in c % 3 == 0 && l.isVisible(c) }
    Self.animate(&everywhere) { c in c % 3 == 0 }
    #expect(everywhere.animatingCount > 3 * onScreen.animatingCount)
    // A view that changes and settles at once, on screen; in one scene, another off screen.
    let changed = Self.visible(onScreen).first {
      onScreen.isSelected($0) && !onScreen.isAnimating($0)
    }
    let offScreen = 2  // on (the checkerboard), never animated, and above the window
    #expect(!l.isVisible(offScreen) && everywhere.isSelected(offScreen))
    onScreen.setDeselect(.instant)
    everywhere.setDeselect(.instant)
    onScreen.toggle(changed ?? 0, cause: .click)
    everywhere.toggle(changed ?? 0, cause: .click)
    everywhere.toggle(offScreen, cause: .click)
    #expect(changed != nil && !everywhere.isAnimating(offScreen))
    var lists: [DrawList] = []
    for var scene in [onScreen, everywhere] {
      var builder = FrameBuilder()
      var list = DrawList()
      scene.advance(steps: 1)
      builder.build(scene: &scene, present: Double(scene.step), into: &list)
      lists.append(list)
    }
    #expect(!lists[0].isEmpty)
    #expect(lists[0].clears == lists[1].clears && lists[0].sprites == lists[1].sprites)
    #expect(lists[0].mesh.vertices == lists[1].mesh.vertices)
    #expect(lists[0].mesh.indices == lists[1].mesh.indices)
  }
}
