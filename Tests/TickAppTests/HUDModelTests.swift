import Testing
import TickScene

@testable import TickApp
@testable import TickCommandLine

@Suite struct HUDModelTests {
  @Test func lastSecondCountsFramesAndPercentiles() {
    var m = HUDModel()
    // 90 frames of 10 ms, then 10 of 30 ms, all within the last second.
    for i in 0..<100 {
      m.record(frame: i < 90 ? 0.010 : 0.030, at: 10 + Double(i) * 0.009)
    }
    let s = m.lastSecond(at: 10.9)
    #expect(s.fps == 100)
    #expect(s.p50 == 0.010)
    #expect(s.p99 == 0.030)
    // A second later the old frames no longer count.
    #expect(m.lastSecond(at: 12.5).fps == 0)
  }

  @Test func graphKeepsTheLast240Frames() {
    var m = HUDModel()
    for i in 0..<300 { m.record(frame: Double(i), at: Double(i)) }
    #expect(m.recorded == 300)
    #expect(m.frameTimes[m.graphIndex] == 60)  // the oldest kept
  }

  @Test func linesFormatFigures() {
    var f = HUDModel.Figures()
    f.fps = 60
    f.p50 = 0.0123
    f.views = 1_000_000
    f.frame.bytesUploaded = 3 << 20
    f.timeScale = 0.1
    f.paused = true
    let lines = HUDModel.lines(f)
    #expect(lines[0] == "60 fps  p50 12.3 ms p99 0.0 ms")
    #expect(lines[1] == "views 1,000,000")
    #expect(lines[7].hasSuffix("up 3.0 MB"))
    #expect(lines[12] == "deselect instant" && lines[13] == "time ×0.10  paused")
    // 34 characters of the 13-pt monospace font fill the 300-px panel inside its padding
    // (a 35-character line was seen wrapping).
    #expect(lines.allSatisfy { $0.count <= 34 }, "each line fits the 300-px panel: \(lines)")
  }

  /// The visible count and, beside it, a view's size on screen: whole pixels, or a
  /// fraction of one in an overview; the longest fits the panel.
  @Test func showsTheCellSizeBesideTheVisibleCount() {
    var f = HUDModel.Figures()
    f.visible = 1_000_000
    f.cell = 0.8
    #expect(HUDModel.lines(f)[2] == "visible 1,000,000  cell 0.8 px")
    f.cell = 0.3699
    #expect(HUDModel.lines(f).allSatisfy { $0.count <= 34 })
    let texts = [12, 0.8, 0.37, 0.047_99, 2.56, 1.25, 3.999].map(HUDModel.cellText)
    #expect(texts == ["12 px", "0.8 px", "0.37 px", "0.048 px", "2.6 px", "1.3 px", "4 px"])
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 1000, rows: 1000))
    scene.fitView()
    var m = HUDModel()
    m.refresh(at: 0, scene: scene, frame: HUDModel.FrameReport(), timeScale: 1, paused: false)
    #expect(m.lines[2] == "visible 1,000,000  cell 0.24 px", "\(m.lines[2])")
  }

  @Test func showsTheLiveSettings() {
    var scene = Scene(layout: GridLayout(windowWidth: 200, windowHeight: 200, cell: 50, gap: 10))
    scene.setAnimation(.bounce)
    scene.setTiming(.easeOut)
    scene.setDeselect(.reverse)
    var m = HUDModel()
    var frame = HUDModel.FrameReport()
    frame.path = "compose (auto)"
    m.refresh(at: 0, scene: scene, frame: frame, timeScale: 0.1, paused: false)
    #expect(m.lines.contains("style bounce") && m.lines.contains("curve ease-out"))
    #expect(m.lines.contains("deselect reverse") && m.lines.contains("time ×0.10"))
    #expect(m.lines.contains("path compose (auto)"))
    #expect(
      m.compactLine == "0 fps · 9 views · bounce · ease-out · reverse · time ×0.10 · compose (auto)"
    )
  }
}

/// The HUD's text in the frame a change happens: what it shows besides the timings is
/// compared every frame, and a refresh without timings keeps them as they were.
@Suite struct HUDShownTests {
  static func scene() -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
  }

  static func shown(_ scene: Scene, paused: Bool = false) -> HUDModel.Shown {
    HUDModel.Shown(
      scene: scene, timeScale: 1, paused: paused, path: .direct, requested: .auto, note: nil)
  }

  @Test func aToggleAllAStyleOrAPauseChangesWhatIsShown() {
    var scene = Self.scene()
    let before = Self.shown(scene)
    #expect(Self.shown(scene) == before, "nothing changed, nothing to refresh")
    StressDriver.toggleAll(&scene)
    #expect(Self.shown(scene) != before)
    let toggled = Self.shown(scene)
    scene.advance(steps: 1)
    #expect(Self.shown(scene) == toggled, "a step that ends nothing changes nothing shown")
    scene.setAnimation(.bounce)
    #expect(Self.shown(scene) != toggled)
    #expect(Self.shown(scene, paused: true) != Self.shown(scene))
  }

  @Test func aRefreshWithoutTimingsTakesTheCountsAndKeepsTheTimings() {
    var scene = Self.scene()
    var m = HUDModel()
    for i in 0..<30 { m.record(frame: 0.010, at: 0.5 + Double(i) / 100) }
    var frame = HUDModel.FrameReport()
    frame.triangles = 1234
    frame.path = "direct"
    m.refresh(at: 1, scene: scene, frame: frame, timeScale: 1, paused: false)
    #expect(m.figures.fps == 30 && m.figures.frame.triangles == 1234)
    StressDriver.toggleAll(&scene)
    for i in 0..<30 { m.record(frame: 0.020, at: 1.5 + Double(i) / 100) }
    frame.triangles = 99
    frame.path = "atlas (auto)"
    m.refresh(at: 2, scene: scene, frame: frame, timeScale: 1, paused: false, timings: false)
    #expect(m.figures.selected == scene.count && m.figures.animating == scene.count)
    #expect(m.lines[3] == "selected \(scene.count)" && m.lines[4] == "animating \(scene.count)")
    #expect(m.figures.fps == 30 && m.figures.p50 == 0.010 && m.figures.frame.triangles == 1234)
    #expect(m.figures.frame.path == "atlas (auto)", "the path is a setting, not a timing")
    m.refresh(at: 2, scene: scene, frame: frame, timeScale: 1, paused: false)
    #expect(m.figures.p50 == 0.020 && m.figures.frame.triangles == 99)
  }

  /// The panel's lines at their longest figures — a million views, all of them animating,
  /// eight-digit triangle counts, a slow frame, a path switching, paused slow motion — fit
  /// its width, so that no line wraps.
  @Test func everyLineFitsThePanelAtItsLongestFigures() {
    var f = HUDModel.Figures()
    let most = LaunchOptions.maxViews
    (f.fps, f.p50, f.p99) = (999, 0.9999, 0.9999)
    (f.views, f.visible, f.cell) = (most, most, 0.048)
    (f.selected, f.animating, f.load) = (most, most - 1, most)
    // About 60 triangles a view on screen, at most (`bench tessellate`: 37–115 a view).
    f.frame.triangles = 99_999_999
    f.frame.vertices = 99_999_999
    f.frame.bytesUploaded = 999_999_999_999
    f.frame.timings.build = 0.9999
    f.frame.timings.compose = 0.9999
    f.frame.timings.submit = 0.9999
    f.frame.path = "compose (auto) — switching to direct"
    f.frame.renderer = "opengl, put via X SHM"
    (f.timeScale, f.paused, f.deselect) = (0.1, true, "animate")
    // 34 characters fill the panel inside its padding (`linesFormatFigures`).
    let columns = 34
    let long = HUDModel.lines(f).filter { $0.count > columns }
    #expect(long.isEmpty, "wider than \(columns) characters: \(long)")
  }
}
