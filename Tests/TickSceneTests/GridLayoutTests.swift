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
