import Testing
import TickCommandLine
import TickFiles
import TickScene

/// A scene launched from the command line has the view count the user chose (`--grid`, or
/// as many as fit beside the launch HUD): H, a resize or a zoom never changes it, and
/// never drops or resets a view's state.
@Suite struct SceneWindowCountTests {
  /// The scene `args` describe, launched with the HUD in `hud` mode (as a recording's
  /// `hud` line starts it, for the compact strip, which no option starts with).
  func scene(_ args: [String], hud: HUDMode) throws -> Scene {
    var o = try LaunchOptions.parse(args)
    o.replayedHUD = hud
    #expect(o.launchHUD == hud)
    return Scene(options: o, softwareRenderer: false)
  }

  func states(_ s: Scene) -> [ViewState] { (0..<s.count).map { s.state($0) } }

  /// Without `--grid`, the grid is as many views as fit beside the launch HUD, all of them
  /// wholly shown; H keeps them all shown in every mode (at a smaller cell where a mode
  /// leaves less room), and back in the launch mode gives the first cell size back.
  @Test(arguments: ["1280x800", "800x600", "640x400", "320x240", "200x150", "1600x300"])
  func everyViewIsShownAtLaunchAndAfterEveryH(size: String) throws {
    for launch in HUDMode.allCases {
      var s = try scene(["--window", size, "--select", "random:0.5", "--seed", "3"], hud: launch)
      let before = states(s)
      #expect(s.layout.showsWhole && s.layout.cell == 50, "\(size), launched \(launch)")
      var hud = launch
      for _ in 0..<6 {
        hud = HUDMode.allCases[(HUDMode.allCases.firstIndex(of: hud)! + 1) % 3]
        s.setDock(hud.dock)
        #expect(s.layout.showsWhole, "\(size), launched \(launch), then \(hud)")
        if hud == launch { #expect(s.layout.cell == 50, "\(size): back in \(launch)") }
      }
      #expect(states(s) == before && s.drainEvents().isEmpty, "H changes no value")
    }
    // 980 × 800 beside the panel: 16 × 13 views of 50 px; the whole window without a HUD.
    #expect(try scene([], hud: .full).count == 16 * 13)
    #expect(try scene([], hud: .off).count == 21 * 13)
    #expect(try scene([], hud: .compact).count == 21 * 12)
  }

  /// H keeps a whole grid whole: one the window showed in full is fitted beside the new
  /// dock, at a smaller cell, and given its cell back when the dock leaves room, unless a
  /// zoom came between.
  @Test func hKeepsAWholeGridWholeAndGivesItsCellBack() throws {
    var s = try scene(["--window", "1280x800", "--grid", "20x12"], hud: .off)
    #expect(s.layout.showsWhole && s.layout.cell == 50)
    s.setDock(HUDMode.full.dock)
    #expect(s.layout.showsWhole && s.layout.cell < 50 && s.count == 240)
    s.setDock(HUDMode.off.dock)
    #expect(s.layout.showsWhole && s.layout.cell == 50)
    s.setDock(HUDMode.full.dock)
    let fitted = s.layout.cell
    s.handle(.wheel(x: 100, y: 100, dy: -1))  // a zoom out: the user's cell size now
    let zoomed = s.layout.cell
    #expect(zoomed < fitted)
    s.setDock(HUDMode.off.dock)
    #expect(s.layout.cell == zoomed, "no zoom the user did not ask for")
    // A grid larger than the window is not the HUD's to fit.
    var big = try scene(["--window", "1280x800", "--grid", "40x40"], hud: .off)
    big.setDock(HUDMode.full.dock)
    #expect(big.layout.cell == 50 && !big.layout.showsWhole)
  }

  /// `--fit` shows the whole grid from the start, beside the HUD, and keeps the count.
  @Test func fitShowsTheWholeGridBesideTheHUD() throws {
    for hud in [HUDMode.full, .compact, .off] {
      let s = try scene(["--grid", "1000x1000", "--fit"], hud: hud)
      #expect(s.count == 1_000_000 && s.layout.isOverview, "\(hud)")
      #expect(s.layout.visibleCount == 1_000_000, "\(hud)")
      #expect(s.layout.screenX(ofColumn: 1000) <= Double(s.layout.windowWidth), "\(hud)")
      #expect(s.layout.screenY(ofRow: 1000) <= Double(s.layout.windowHeight), "\(hud)")
    }
    // A grid that fits at whole cells is fitted at the largest, in the 980 px beside the
    // panel: 27-px cells with 5-px gaps (30 × 32 + 5 = 965); 28 px (30 × 34 + 6) do not.
    let small = try scene(["--grid", "30x20", "--fit"], hud: .full)
    #expect(small.layout.cell == 27 && small.layout.scale == 1 && small.count == 600)
  }
}
