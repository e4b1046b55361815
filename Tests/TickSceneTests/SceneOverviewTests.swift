import Testing
import TickScene

/// Zooming below the smallest whole cell, the fit key and Home, in a scene.
@Suite struct SceneOverviewTests {
  /// A million views in a 400 × 300 window at 50-px cells with 10-px gaps.
  func million() -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 1000, rows: 1000))
  }

  /// The scale at which `s`'s grid fits its window at the smallest cell, as zooming
  /// scales the gap.
  func fitScale(_ s: Scene) -> Double {
    let lower = Scene.zoomLimits.lowerBound
    return s.layout.zoomed(toCell: lower, around: 0, y: 0).fitScale
  }

  @Test func wheelingOutAMillionViewsStopsExactlyAtTheScaleThatShowsThemAll() {
    var s = million()
    var notches = 0
    var last = s.layout
    repeat {
      last = s.layout
      s.handle(.wheel(x: 123, y: 87, dy: -1))
      notches += 1
      // Whole cells down to 4 px first; then the scale, never below the fit (of the cell
      // and the gap the zoom has reached).
      #expect(s.layout.scale == 1 || s.layout.cell == Scene.zoomLimits.lowerBound)
      #expect(s.layout.scale >= s.layout.fitScale)
    } while s.layout != last && notches < 100
    let fit = s.layout.fitScale
    #expect(fit < 0.2, "the premise: a million views need cells below a pixel")
    #expect(s.layout.scale == fit && s.layout.cell == Scene.zoomLimits.lowerBound)
    #expect(s.layout.isOverview && s.layout.visibleCount == 1_000_000)
    // The whole grid, on screen: nothing more to see, so a further notch does nothing.
    #expect(s.layout.screenX(ofColumn: 0) >= 0 && s.layout.screenY(ofRow: 0) >= 0)
    #expect(s.layout.screenX(ofColumn: 1000) <= 400 && s.layout.screenY(ofRow: 1000) <= 300)
    s.handle(.wheel(x: 300, y: 200, dy: -5))
    #expect(s.layout == last)
  }

  @Test func zoomingOutAndBackInReturnsToTheSameCellSize() {
    for start in [4, 5] {
      for k: Float in [1, 2, 5, 9] {
        var s = million()
        s.perform(.resetView)
        let l = s.layout.zoomed(toCell: start, around: 0, y: 0)
        s.setLayout(l)
        let before = s.layout
        for _ in 0..<Int(k) { s.handle(.wheel(x: 200, y: 150, dy: -1)) }
        #expect(s.layout.isOverview || start > 4 || k == 0)
        for _ in 0..<Int(k) { s.handle(.wheel(x: 200, y: 150, dy: 1)) }
        #expect(s.layout.cell == before.cell && s.layout.scale == 1, "from \(start), \(k)")
      }
    }
  }

  @Test func oneWheelEventOfManyNotchesCrossesFromCellsToScale() {
    var s = million()
    s.setLayout(s.layout.zoomed(toCell: 5, around: 0, y: 0))
    s.handle(.wheel(x: 200, y: 150, dy: -3))  // 5 → 4 px, then two notches of scale
    #expect(s.layout.cell == 4 && abs(s.layout.scale - 0.64) < 1e-12)
    s.handle(.wheel(x: 200, y: 150, dy: 3))  // two notches back to 1, then 4 → 5 px
    #expect(s.layout.cell == 5 && s.layout.scale == 1)
  }

  @Test func aGridThatFitsAtTheSmallestCellNeverGetsAScale() {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 40, rows: 30))
    for _ in 0..<60 { s.handle(.wheel(x: 200, y: 150, dy: -1)) }
    #expect(s.layout.cell == 4 && s.layout.scale == 1)
  }

  @Test func aPanInAnOverviewFollowsThePointerWithoutDrift() {
    var s = million()
    for _ in 0..<16 { s.handle(.wheel(x: 200, y: 150, dy: -1)) }
    #expect(s.layout.isOverview && s.layout.scale > fitScale(s))
    let before = s.layout
    s.handle(.press(x: 100, y: 100, button: .right))
    // 40 moves of a third of a pixel: 13.3 px, each a fraction of a base pixel or two.
    for k in 1...40 { s.handle(.move(x: 100 - Float(k) / 3, y: 100)) }
    let moved = Double(s.layout.originX - before.originX) * s.layout.scale
    #expect(abs(moved + 40.0 / 3) <= s.layout.scale, "moved \(moved) px")
  }

  @Test func fFitsTheWholeGridAndHomeReturnsToTheLaunchView() {
    var s = million()
    s.perform(.resetView)
    let launch = s.layout
    s.perform(.fitView)
    #expect(s.layout.isOverview && s.layout.visibleCount == 1_000_000)
    #expect(s.layout.scale == fitScale(s))
    s.perform(.resetView)
    #expect(s.layout == launch, "without --fit, Home is the first cell size")
    s.homeFits = true
    s.handle(.wheel(x: 10, y: 10, dy: 4))
    s.perform(.resetView)
    #expect(s.layout.isOverview && s.layout.visibleCount == 1_000_000, "with --fit, the fit")
  }

  @Test func fFitsBesideADockAndInWholeCellsWhenTheyFit() {
    var s = Scene(
      layout: GridLayout(
        windowWidth: 1280, windowHeight: 800, cell: 50, gap: 10, columns: 30, rows: 20))
    s.setWindow(width: 1280, height: 800, dock: .right(width: 300, fallback: 22))
    s.perform(.fitView)
    // 980 px beside the panel: 27-px cells with 5-px gaps (30 × 32 + 5 = 965); 28 px
    // cells (30 × 34 + 6 = 1026) do not fit.
    #expect(s.layout.cell == 27 && s.layout.gap == 5 && s.layout.scale == 1)
    #expect(s.layout.visibleCount == 600 && s.layout.windowWidth == 980)
  }
}
