import Testing

@testable import TickScene

/// A scene in a window with a dock, a grid as large as the launch window holds, Home and
/// pan limits.
@Suite struct SceneWindowTests {
  func filling(_ w: Int, _ h: Int, dock: Dock = .none) -> Scene {
    var s = Scene(layout: GridLayout(windowWidth: w, windowHeight: h, cell: 50, gap: 10))
    s.setWindow(width: w, height: h, dock: dock)
    return s
  }

  @Test func aDockIsAreaTheGridIsNotLaidOutIn() {
    let s = filling(1280, 800, dock: .right(width: 300, fallback: 22))
    #expect(s.layout.windowWidth == 980 && s.layout.windowHeight == 800)
    #expect(s.windowWidth == 1280 && s.windowHeight == 800)
    // The 21 columns the whole window holds, left where they were: the first 16 whole in
    // the area left of the panel, the 17th cut by its edge.
    #expect(s.layout.columns == 21 && s.layout.originX == 10)
    #expect(s.layout.visibleColumns == 0..<17)
  }

  @Test func aClickOnTheDockHitsNoViewPannedUnderIt() {
    var s = filling(1280, 800, dock: .right(width: 300, fallback: 22))
    s.perform(.pan(.left))  // the grid moves right: its last column under the panel
    let hidden = s.layout.rect(of: s.layout.columns - 1)
    #expect(hidden.x + hidden.width > 980, "the premise: the last column is under the panel")
    let (x, y) = (Float(hidden.x + hidden.width - 5), Float(hidden.y + 25))
    s.handle(.press(x: x, y: y, button: .left))
    s.handle(.release(x: x, y: y, button: .left))
    #expect(s.selectedCount == 0 && s.drainEvents().isEmpty)
  }

  @Test func aResizeMovesTheGridAndKeepsItsViews() {
    var s = filling(400, 300)
    #expect(s.layout.columns == 6 && s.layout.rows == 4)
    s.setState(7, .on, cause: .click)  // column 1, row 1
    s.setState(23, .mixed, cause: .click)  // column 5, row 3
    s.handle(.resize(width: 640, height: 480))
    #expect(s.layout.columns == 6 && s.layout.rows == 4 && s.count == 24)
    #expect(s.layout.originX == (640 - 350) / 2 && s.layout.originY == (480 - 230) / 2)
    #expect(s.state(7) == .on && s.state(23) == .mixed && s.selectedCount == 1)
    #expect(s.isAnimating(7), "the running animation carries on")
    #expect(s.takeChanges().everything)
    s.handle(.resize(width: 200, height: 150))
    #expect(s.count == 24 && s.state(7) == .on && s.state(23) == .mixed)
    s.advance(steps: 200)
    #expect(s.animatingCount == 0)
  }

  @Test func anExplicitGridKeepsItsViews() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    s.handle(.resize(width: 800, height: 600))
    #expect(s.count == 24)
  }

  @Test func homeUndoesZoomAndPan() {
    var s = filling(400, 300)
    let home = s.layout
    s.handle(.wheel(x: 100, y: 100, dy: 3))
    s.perform(.pan(.left))
    #expect(s.layout != home)
    s.perform(.resetView)
    #expect(s.layout == home)
  }

  @Test func panningKeepsPartOfTheGridInTheWindow() {
    var s = filling(400, 300)
    s.handle(.press(x: 200, y: 150, button: .right))
    s.handle(.move(x: 5000, y: -5000))
    #expect(s.layout.visibleCount > 0)
    for _ in 0..<50 { s.perform(.pan(.right)) }
    #expect(s.layout.visibleCount > 0)
    let l = s.layout
    #expect(l.originX + l.columns * l.pitch - l.gap >= l.pitch && l.originY <= 300 - l.pitch)
  }

  @Test func paintSetsEveryViewToThePressedOnesNewState() {
    var s = filling(400, 300)
    s.setState(1, .on, cause: .click)
    s.setState(3, .on, cause: .click)
    let centre = { (c: Int) -> (Float, Float) in
      let r = s.layout.rect(of: c)
      return (Float(r.x + 25), Float(r.y + 25))
    }
    let (x0, y0) = centre(0)
    s.handle(.press(x: x0, y: y0, button: .left))
    for c in 1...4 {
      let (x, y) = centre(c)
      s.handle(.move(x: x, y: y))
    }
    s.handle(.release(x: centre(4).0, y: centre(4).1, button: .left))
    // View 0, the pressed one, went off → on; every view the drag reached is on too.
    #expect((0...4).map { s.state($0) } == [.on, .on, .on, .on, .on])
    // Only the views that changed fired events.
    #expect(s.drainEvents().map(\.cell) == [1, 3, 0, 2, 4])
  }
}
