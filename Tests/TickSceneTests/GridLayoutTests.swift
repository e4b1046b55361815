import Testing
import TickScene

@Suite struct GridLayoutTests {
  let grid = GridLayout(windowWidth: 1280, windowHeight: 800, cell: 50, gap: 10)

  @Test func defaultGridFillsTheWindowCentred() {
    #expect(grid.columns == 21 && grid.rows == 13)
    #expect(grid.originX == 15 && grid.originY == 15)
    let last = grid.rect(of: grid.count - 1)
    #expect(last.x + last.width == 1280 - 15 && last.y + last.height == 800 - 15)
  }

  @Test func explicitGridIsCentred() {
    let g = GridLayout(windowWidth: 200, windowHeight: 120, cell: 50, gap: 10, columns: 3, rows: 2)
    #expect(g.count == 6)
    #expect(g.originX == 15 && g.originY == 5)
  }

  @Test func hitsCellCentresAndEdges() {
    for cell in [0, 1, 20, 21, 100, grid.count - 1] {
      let r = grid.rect(of: cell)
      let cx = Float(r.x) + 25
      let cy = Float(r.y) + 25
      #expect(grid.cellIndex(atX: cx, y: cy) == cell)
      #expect(grid.cellIndex(atX: Float(r.x), y: Float(r.y)) == cell)
      #expect(grid.cellIndex(atX: Float(r.x) + 49.9, y: Float(r.y) + 49.9) == cell)
    }
  }

  @Test func gapsAndOutsideHitNothing() {
    let r = grid.rect(of: 0)
    #expect(grid.cellIndex(atX: Float(r.x) + 50, y: Float(r.y) + 10) == nil)
    #expect(grid.cellIndex(atX: Float(r.x) + 59.9, y: Float(r.y) + 10) == nil)
    #expect(grid.cellIndex(atX: Float(r.x) + 60, y: Float(r.y) + 10) == 1)
    #expect(grid.cellIndex(atX: Float(r.x) + 10, y: Float(r.y) + 55) == nil)
    #expect(grid.cellIndex(atX: Float(r.x) - 0.1, y: Float(r.y) + 10) == nil)
    #expect(grid.cellIndex(atX: 1279, y: 400) == nil)
    #expect(grid.cellIndex(atX: 5000, y: 400) == nil)
    #expect(grid.cellIndex(atX: 400, y: -3) == nil)
    #expect(grid.cellIndex(atX: .nan, y: 30) == nil)
  }
}

@Suite struct GridViewingTests {
  /// Brute force: the cells whose paint rect meets the window.
  func visible(_ g: GridLayout) -> Set<Int> {
    Set((0..<g.count).filter { g.isVisible($0) })
  }

  func fromRanges(_ g: GridLayout) -> Set<Int> {
    var s = Set<Int>()
    for r in g.visibleRows { for c in g.visibleColumns { s.insert(r * g.columns + c) } }
    return s
  }

  @Test func visibleRangesMatchBruteForceWhileZoomingAndPanning() {
    var g = GridLayout(windowWidth: 300, windowHeight: 200, cell: 20, gap: 4, columns: 40, rows: 30)
    var rng = SplitMix64(seed: 3)
    for _ in 0..<300 {
      #expect(fromRanges(g) == visible(g), "\(g)")
      #expect(g.visibleCount == visible(g).count)
      switch rng.next() % 3 {
      case 0:
        g = g.panned(dx: Int(rng.next() % 301) - 150, dy: Int(rng.next() % 201) - 100)
      case 1:
        g = g.zoomed(
          toCell: Int(rng.next() % 60) + 2, around: Float(rng.next() % 300),
          y: Float(rng.next() % 200))
      default:
        g = g.resized(width: Int(rng.next() % 400) + 50, height: Int(rng.next() % 300) + 50)
      }
      #expect(g.count == 1200)
    }
  }

  @Test func zoomKeepsThePointUnderTheCursor() {
    let g = GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)
    let r = g.rect(of: 8)
    let x = Float(r.x) + 10
    let y = Float(r.y) + 30
    let z = g.zoomed(toCell: 100, around: x, y: y)
    #expect(z.cell == 100 && z.gap == 20)
    #expect(z.cellIndex(atX: x, y: y) == 8)
    let back = z.zoomed(toCell: 50, around: x, y: y)
    #expect(abs(back.originX - g.originX) <= 1 && abs(back.originY - g.originY) <= 1)
  }

  @Test func scrollingBringsACellIntoView() {
    let g = GridLayout(
      windowWidth: 200, windowHeight: 200, cell: 50, gap: 10, columns: 100, rows: 100)
    let s = g.scrolledToShow(99 * 100 + 99)
    let r = s.paintRect(of: 99 * 100 + 99)
    #expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= 200 && r.y + r.height <= 200)
    #expect(s.scrolledToShow(99 * 100 + 99) == s)
  }
}
