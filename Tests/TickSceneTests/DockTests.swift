import Testing

@testable import TickScene

@Suite struct DockTests {
  @Test func rightPanelGivesWayToTheStripThenToNothing() {
    let d = Dock.right(width: 300, fallback: 22)
    #expect(d.margins(width: 1280, height: 800) == (300, 0))
    #expect(d.margins(width: 599, height: 800) == (0, 22))
    #expect(d.margins(width: 50, height: 50) == (0, 22))
    #expect(d.margins(width: 50, height: 43) == (0, 0))
    #expect(Dock.none.margins(width: 10, height: 10) == (0, 0))
  }

  /// The views never lose more than half the window to a dock.
  @Test func neverTakesMoreThanHalf() {
    for w in stride(from: 1, through: 900, by: 7) {
      for h in stride(from: 1, through: 200, by: 3) {
        for d in [Dock.right(width: 300, fallback: 22), .bottom(height: 22)] {
          let m = d.margins(width: w, height: h)
          #expect(2 * m.right <= w && 2 * m.bottom <= h)
        }
      }
    }
  }
}
