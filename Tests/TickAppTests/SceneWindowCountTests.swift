import Testing
import TickApp
import TickScene

/// A scene launched from the command line has the view count the user chose (`--grid`, or
/// as many as fit the area every HUD mode leaves): the HUD, a resize or a zoom
/// never changes it, and never drops or resets a view's state.
@Suite struct SceneWindowCountTests {
  func scene(_ args: [String], hud: HUDMode) throws -> Scene {
    let o = try LaunchOptions.parse(args)
    return Scene(options: o, softwareRenderer: false, dock: hud.dock)
  }

  func states(_ s: Scene) -> [ViewState] { (0..<s.count).map { s.state($0) } }

  @Test(arguments: [["--window", "1280x800"], ["--window", "640x400", "--cell", "30"]])
  func theHUDNeverChangesTheViewCount(args: [String]) throws {
    let off = try scene(args + ["--select", "random:0.5", "--seed", "3"], hud: .off)
    for hud in [HUDMode.full, .compact] {
      let docked = try scene(args + ["--select", "random:0.5", "--seed", "3"], hud: hud)
      #expect(docked.count == off.count, "\(hud)")
      #expect(states(docked) == states(off), "\(hud): the same views, in the same states")
    }
    let o = try LaunchOptions.parse(args)
    #expect(off.count == o.layout.count)
  }

  /// Without `--grid`, the launch grid is as many views as fit the area every HUD mode
  /// leaves: in each mode, every view is wholly shown at the first cell size.
  @Test(arguments: ["1280x800", "800x600", "640x400", "320x240", "200x150", "1600x300"])
  func theLaunchGridIsWhollyShownInEveryHUDMode(size: String) throws {
    for launch in HUDMode.allCases {
      var s = try scene(["--window", size], hud: launch)
      for hud in HUDMode.allCases + HUDMode.allCases {
        s.setDock(hud.dock)
        #expect(s.layout.showsWhole && s.layout.cell == 50, "\(size), \(launch) then \(hud)")
      }
    }
    // 980 × 778 beside the panel and above the strip: 16 × 12 views of 50 px.
    #expect(try scene([], hud: .full).count == 16 * 12)
  }

  /// H keeps a whole grid whole: one the window showed in full before it is fitted beside
  /// the new dock, at a smaller cell, and a later H gives the cell size back.
  @Test func hKeepsAWholeGridWhole() throws {
    var s = try scene(["--window", "1280x800", "--grid", "20x12"], hud: .off)
    #expect(s.layout.showsWhole && s.layout.cell == 50)
    s.setDock(HUDMode.full.dock)
    #expect(s.layout.showsWhole && s.layout.cell < 50 && s.count == 240)
    let fitted = s.layout.cell
    s.setDock(HUDMode.off.dock)
    #expect(s.layout.showsWhole && s.layout.cell == fitted, "no zoom without the need")
    // A grid panned off its whole view is not the HUD's to fit.
    var big = try scene(["--window", "1280x800", "--grid", "40x40"], hud: .off)
    big.setDock(HUDMode.full.dock)
    #expect(big.layout.cell == 50 && !big.layout.showsWhole)
  }

  @Test func hDockingAndUndockingKeepsEveryState() throws {
    var s = try scene(["--window", "1280x800", "--select", "random:0.3", "--seed", "5"], hud: .off)
    s.setState(s.count - 1, .mixed, cause: .click)  // the last view, the first to go under a dock
    let before = states(s)
    for hud in [HUDMode.full, .compact, .off, .full, .off] {
      s.setWindow(width: 1280, height: 800, dock: hud.dock)
      #expect(states(s) == before, "after H to \(hud)")
    }
    #expect(s.drainEvents().count == 1, "docking changes no value")
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
