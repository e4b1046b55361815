import Testing

@testable import TickScene

/// The window never discards a view's state: docking, resizing and zooming move the grid
/// and keep every view, its value and its animation; a grid larger than its area can be
/// panned to every view, and a smaller one is centred.
@Suite struct ViewStateKeptTests {
  static let dock = Dock.right(width: 300, fallback: 22)

  /// The default 1280×800 window's 21×13 grid, with a seeded selection, a few mixed views
  /// and animations under way.
  static func scene() -> Scene {
    var s = Scene(layout: GridLayout(windowWidth: 1280, windowHeight: 800, cell: 50, gap: 10))
    s.applyInitialSelection(.random(0.4), animate: false, seed: 11)
    for cell in [0, 20, 100, 272] { s.setState(cell, .mixed, cause: .click) }
    for cell in [19, 40, 252] { s.toggle(cell, cause: .click) }  // animating
    s.advance(steps: 10)
    _ = s.drainEvents()
    return s
  }

  struct Snapshot: Equatable {
    var states: [ViewState]
    var animating: [Int]
    init(_ s: Scene) {
      states = (0..<s.count).map { s.state($0) }
      animating = (0..<s.count).filter { s.isAnimating($0) }
    }
  }

  @Test func dockingKeepsEveryViewAndItsState() {
    var s = Self.scene()
    let before = Snapshot(s)
    #expect(s.count == 21 * 13)
    for dock in [Self.dock, .bottom(height: 22), .none, Self.dock, .none] {
      s.setWindow(width: 1280, height: 800, dock: dock)
      #expect(s.count == 21 * 13 && Snapshot(s) == before, "\(dock)")
    }
    #expect(s.drainEvents().isEmpty)
  }

  @Test func resizingSmallerAndBackKeepsEveryState() {
    var s = Self.scene()
    let before = Snapshot(s)
    for (w, h) in [(640, 400), (200, 150), (1, 1), (1600, 1200), (1280, 800)] {
      s.handle(.resize(width: w, height: h))
      #expect(s.count == 21 * 13 && Snapshot(s) == before, "\(w)×\(h)")
      #expect(s.layout.visibleCount > 0, "\(w)×\(h): part of the grid is in the window")
    }
    #expect(s.drainEvents().isEmpty)
  }

  @Test func zoomingAndHomeKeepEveryState() {
    var s = Self.scene()
    let before = Snapshot(s)
    let home = s.layout
    for dy: Float in [3, 3, -10, -10, 5] {
      s.handle(.wheel(x: 300, y: 200, dy: dy))
      #expect(s.count == 21 * 13 && Snapshot(s) == before, "wheel \(dy)")
    }
    s.setWindow(width: 1280, height: 800, dock: Self.dock)
    s.perform(.resetView)
    #expect(s.count == 21 * 13 && Snapshot(s) == before)
    s.setWindow(width: 1280, height: 800, dock: .none)
    s.perform(.resetView)
    #expect(s.layout == home, "Home with nothing docked is the launch layout")
  }

  @Test func aGridLargerThanItsAreaCanBePannedToEveryView() {
    var s = Self.scene()
    s.setWindow(width: 1280, height: 800, dock: Self.dock)
    let l = s.layout
    #expect(l.windowWidth == 980 && l.columns * l.pitch - l.gap > 980)
    #expect(l.originX == 10, "left where it was: only the panel's side is hidden")
    for (key, cell) in [(SceneKey.pan(.left), 0), (.pan(.right), 20)] {
      for _ in 0..<30 { s.perform(key) }
      let r = s.layout.rect(of: cell)
      #expect(r.x >= 0 && r.x + r.width <= 980, "\(key) brings view \(cell) into the area")
    }
  }

  @Test func aGridSmallerThanItsAreaIsCentred() {
    var s = Self.scene()
    s.perform(.pan(.left))  // a pan...
    s.handle(.resize(width: 1600, height: 1000))  // ...then the grid fits: centred again
    #expect(s.layout.originX == (1600 - 1250) / 2 && s.layout.originY == (1000 - 770) / 2)
    s.setWindow(width: 1600, height: 1000, dock: Self.dock)
    #expect(s.layout.originX == (1300 - 1250) / 2, "centred in the area left of the panel")
  }
}
