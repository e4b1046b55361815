import Testing
import TickScene

/// A layout below the smallest whole cell: base pixels shown `scale` window pixels wide.
/// Everything that maps between the window and the grid agrees with the scaled rects.
@Suite struct GridLayoutScaleTests {
  /// A 300 × 200 grid of 4-px cells with 1-px gaps in a 400 × 300 window, at `scale`,
  /// with its origin at (`x`, `y`) base pixels.
  func layout(scale: Double, x: Int = -37, y: Int = 11) -> GridLayout {
    GridLayout(
      windowWidth: 400, windowHeight: 300, cell: 4, gap: 1, columns: 300, rows: 200,
      originX: x, originY: y, scale: scale)
  }

  /// The window pixels a column's cell covers on screen: `[left, right)`.
  func cellSpan(_ l: GridLayout, column c: Int) -> (left: Double, right: Double) {
    let x = l.originX + c * l.pitch
    return (Double(x) * l.scale, Double(x + l.cell) * l.scale)
  }

  /// The column whose scaled cell holds window x: nil in a gap or outside, and `.some(nil)`
  /// when x is too near an edge for the answer not to depend on the last bit of rounding.
  func column(at x: Double, in l: GridLayout) -> Int?? {
    for c in 0..<l.columns {
      let (a, b) = cellSpan(l, column: c)
      if abs(x - a) < 1e-3 || abs(x - b) < 1e-3 { return .some(nil) }
      if x >= a && x < b { return .some(c) }
    }
    return .none
  }

  @Test(arguments: [0.8, 0.37])
  func aWindowPointHitsTheCellWhoseScaledRectHoldsIt(scale: Double) {
    let l = layout(scale: scale)
    // Columns and rows are alike (the same arithmetic): test x along one row's middle.
    let row = 5
    let y = Float((Double(l.originY + row * l.pitch) + 2) * scale)
    var hits = 0
    for k in 0..<4000 {
      let x = Double(k) * 0.1 + 0.013
      guard case .some(let expected) = column(at: x, in: l) else {
        #expect(l.cellIndex(atX: Float(x), y: y) == nil, "x \(x)")
        continue
      }
      guard let expected else { continue }
      #expect(l.cellIndex(atX: Float(x), y: y) == row * l.columns + expected, "x \(x)")
      hits += 1
    }
    #expect(hits > 1000, "the premise: most points are over cells")
  }

  @Test(arguments: [0.8, 0.37])
  func aCellsScaledPaintRectMapsBackToIt(scale: Double) {
    let l = layout(scale: scale)
    for r in l.visibleRows {
      for c in l.visibleColumns {
        let i = r * l.columns + c
        let p = l.paintRect(of: i)
        #expect(l.screenX(ofColumn: c) == Double(p.x) * scale)
        #expect(l.screenY(ofRow: r) == Double(p.y) * scale)
        // The cell's own centre, half a pitch into its paint rect (gap/2 is 0 here).
        let x = Float(l.screenX(ofColumn: c) + l.screenPitch / 2)
        let y = Float(l.screenY(ofRow: r) + l.screenPitch / 2)
        if x >= 0, y >= 0, x < 400, y < 300 { #expect(l.cellShown(atX: x, y: y) == i) }
      }
    }
  }

  /// Brute force: the cells whose paint rect, scaled, meets the window.
  func visibleOnScreen(_ l: GridLayout) -> Set<Int> {
    var s = Set<Int>()
    for i in 0..<l.count {
      let p = l.paintRect(of: i)
      let (x0, y0) = (Double(p.x) * l.scale, Double(p.y) * l.scale)
      let (x1, y1) = (Double(p.x + p.width) * l.scale, Double(p.y + p.height) * l.scale)
      if x0 < Double(l.windowWidth) && y0 < Double(l.windowHeight) && x1 > 0 && y1 > 0 {
        s.insert(i)
      }
    }
    return s
  }

  func fromRanges(_ l: GridLayout) -> Set<Int> {
    var s = Set<Int>()
    for r in l.visibleRows { for c in l.visibleColumns { s.insert(r * l.columns + c) } }
    return s
  }

  @Test func visibleRangesAreExactlyTheCellsWhoseScaledPaintRectsMeetTheWindow() {
    var rng = SplitMix64(seed: 7)
    var g = layout(scale: 0.37)
    for _ in 0..<60 {
      let expected = visibleOnScreen(g)
      #expect(fromRanges(g) == expected, "\(g)")
      #expect(g.visibleCount == expected.count)
      #expect(Set((0..<g.count).filter { g.isVisible($0) }) == expected)
      let s = [0.8, 0.37, 0.2, 0.113, 0.9999, g.fitScale][Int(rng.next() % 6)]
      g = layout(
        scale: s, x: Int(rng.next() % 3000) - 2000, y: Int(rng.next() % 2000) - 1500)
      if rng.next() % 2 == 0 {
        g = g.resized(width: Int(rng.next() % 400) + 1, height: Int(rng.next() % 300) + 1)
      }
    }
  }

  @Test func aPanOfWindowPixelsMovesTheGridByThatOnScreen() {
    let l = layout(scale: 0.37)
    let p = l.panned(dx: 100, dy: -37)
    // Whole base pixels: within half a base pixel of the asked distance on screen.
    #expect(abs(Double(p.originX - l.originX) * 0.37 - 100) <= 0.5 * 0.37)
    #expect(abs(Double(p.originY - l.originY) * 0.37 + 37) <= 0.5 * 0.37)
    #expect(p.panned(dx: -100, dy: 37) == l)
    #expect(p.scale == l.scale && p.cell == l.cell)
  }

  @Test func zoomingTheScaleKeepsTheCellUnderThePointer() {
    var rng = SplitMix64(seed: 11)
    var l = layout(scale: 0.8)
    for _ in 0..<200 {
      // A cell's centre somewhere in the window.
      let vc = l.visibleColumns
      let vr = l.visibleRows
      let c = vc.lowerBound + Int(rng.next() % UInt64(vc.count))
      let r = vr.lowerBound + Int(rng.next() % UInt64(vr.count))
      let x = Float(Double(l.originX + c * l.pitch + 2) * l.scale)
      let y = Float(Double(l.originY + r * l.pitch + 2) * l.scale)
      let s = Double(rng.next() % 1000 + 1) / 1000
      let z = l.zoomed(toScale: s, around: x, y: y)
      #expect(z.scale == s && z.cell == 4)
      #expect(z.cellIndex(atX: x, y: y) == r * l.columns + c, "\(l) → \(s)")
      l = z.keptInWindow()
      #expect(l.visibleCount > 0)
    }
  }

  @Test func keptInWindowKeepsAPitchOfTheGridOnScreenAtAnyScale() {
    for s in [0.8, 0.37, 0.05] {
      for (x, y) in [(-100_000, 0), (100_000, 50_000), (0, -100_000), (-7, 100_000)] {
        let k = layout(scale: s, x: x, y: y).keptInWindow()
        #expect(k.visibleCount > 0, "\(s) \(x) \(y)")
        // On each axis, a pitch of the grid (less the last base pixel's rounding) shows.
        func shown(_ start: Double, _ end: Double, _ window: Double) -> Double {
          min(end, window) - max(start, 0)
        }
        let x0 = k.screenX(ofColumn: 0)
        let y0 = k.screenY(ofRow: 0)
        let w = shown(x0, x0 + Double(k.columns) * k.screenPitch, 400)
        let h = shown(y0, y0 + Double(k.rows) * k.screenPitch, 300)
        #expect(w >= k.screenPitch - s && h >= k.screenPitch - s, "\(k)")
        #expect(k.keptInWindow() == k)
      }
    }
  }

  @Test func keptWholeShowsAGridThatFitsAllAtOnce() {
    let l = layout(scale: 0.2, x: -900, y: 700)
    #expect(l.visibleCount < l.count, "the premise: part of it is out of sight")
    #expect(l.keptWhole().visibleCount == l.count)
    #expect(layout(scale: 0.8).keptWhole() == layout(scale: 0.8), "too large to show whole")
  }

  @Test func theFitScaleIsTheLargestThatShowsTheWholeGridWithAGapsMargin() {
    let l = layout(scale: 1)
    let s = l.fitScale
    let width = Double(l.columns * l.pitch + l.gap)
    let height = Double(l.rows * l.pitch + l.gap)
    #expect(width * s <= 400 && height * s <= 300)
    #expect(width * s.nextUp > 400 || height * s.nextUp > 300)
    let fitted = l.fitted(cells: 4...400, gap: 1, atCell: 4)
    #expect(fitted.scale == s && fitted.isOverview && fitted.visibleCount == l.count)
    // Centred: the margins either side differ by at most a base pixel.
    let left = fitted.screenX(ofColumn: 0)
    let right = 400 - fitted.screenX(ofColumn: l.columns)
    #expect(abs(left - right) <= 2 * s, "\(left) \(right)")
  }

  @Test func aGridThatFitsIsFittedInWholeCellsAsLargeAsFit() {
    let l = GridLayout(
      windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 30, rows: 20)
    let f = l.fitted(cells: 4...400, gap: 10, atCell: 50)
    // 11-px cells with 2-px gaps: 30 × 13 + 2 = 392 ≤ 400; 12-px cells (414) do not fit.
    #expect(f.cell == 11 && f.gap == 2 && f.scale == 1 && f.fitScale == 1)
    #expect(f.originX == (400 - (30 * 13 - 2)) / 2 && f.originY == (300 - (20 * 13 - 2)) / 2)
    #expect(f.visibleCount == f.count)
  }

  @Test func atScaleOneNothingChanges() {
    let l = GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)
    #expect(!l.isOverview && l.baseWidth == 400 && l.baseHeight == 300)
    #expect(l.screenPitch == 60 && l.screenCell == 50)
    #expect(l.screenX(ofColumn: 2) == Double(l.paintRect(of: 2).x))
    #expect(l.panned(dx: 7, dy: -3) == l.panned(baseDX: 7, baseDY: -3))
  }
}
