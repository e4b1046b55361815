import SceneFixtures
import TickScene

extension Scene {
  /// The scene the frame-builder and sheet-index tests start from: `columns × rows` views
  /// of 20 px with 4-px gaps in a window of `width × height`, every other one on (a
  /// checkerboard, not animated), and deselecting animated, so that toggles give every
  /// transition kind.
  public static func checkerboard(columns: Int, rows: Int, window width: Int, _ height: Int)
    -> Scene
  {
    var style = TickStyle()
    style.deselect = .animate
    var s = Scene(
      layout: GridLayout(
        windowWidth: width, windowHeight: height, cell: 20, gap: 4, columns: columns, rows: rows),
      style: style)
    s.applyInitialSelection(.checker, animate: false)
    return s
  }

  /// A 12 × 6 checkerboard with a radio group, mixed views, fresh animations of every kind
  /// and interrupted ones, and the pointer over a view: every case a sprite index or an
  /// overview's pixel is worked out for.
  public static func mixed() -> Scene {
    var s = Scene.checkerboard(columns: 12, rows: 6, window: 400, 200)
    s.addGroup(RadioGroup(column: 8, row: 2, columns: 3, rows: 2))
    for c in stride(from: 1, to: s.count, by: 5) { s.setState(c, .mixed, cause: .key) }
    s.advance(steps: 70)
    for c in stride(from: 0, to: s.count, by: 3) { s.toggle(c, cause: .click) }
    s.advance(steps: 20)
    for c in stride(from: 0, to: s.count, by: 9) { s.toggle(c, cause: .click) }  // interrupts
    s.toggle(2 * 12 + 9, cause: .click)  // a radio view
    s.advance(steps: 5)
    let r = s.layout.rect(of: 6)
    s.handle(.move(x: Float(r.x) + 5, y: Float(r.y) + 5))
    return s
  }
}
