import Foundation
import TestSupport
import Testing
import TickCommandLine
import TickFiles
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// The README's record-and-render example, run as a user would: a default session in a
  /// real window, recorded, then `render --replay` at the time it quit gives the frame the
  /// window showed last, the HUD aside (render draws none, but keeps its dock free).
  @Suite struct RenderReplayWindowTests {
    typealias X = OnTheXDisplay

    /// Pixels that may differ by more than `channelTolerance`: none were seen; a few spare
    /// for the rasteriser's rounding of an edge drawn into a store or straight to the window.
    static let pixelBudget = 16
    static let channelTolerance = 8

    @Test(X.needed) func renderReplayOfARecordedDefaultSessionIsTheWindowsLastFrame() throws {
      let dir = Tickplay.temporaryDirectory("render-replay")
      let recording = dir.appendingPathComponent("session.txt").path
      let shot = dir.appendingPathComponent("window.png").path
      let w = try PlayWindow(["--record", recording, "--screenshot", shot], name: "render-replay")
      let launched = Scene(
        options: try LaunchOptions.parse([]), softwareRenderer: true)
      let layout = launched.layout
      try w.waitForFrame("the first frame") { X.ringed($0, 0, in: layout) }
      for cell in [0, 37, layout.count - 1] {
        let c = X.centre(cell, in: layout)
        try w.click(c.x, c.y)
      }
      // The compact HUD (and its toast): the grid, centred, is fitted above the strip. The
      // pointer leaves the views, which it would tint.
      try w.key("h")
      try w.move(2, 2)
      var docked = launched
      docked.setDock(HUDMode.compact.dock)
      let compact = docked.layout
      let area = ViewArea(width: compact.windowWidth, height: compact.windowHeight)
      try w.waitForFrame("three views filled, the toast gone", timeout: 20) { img in
        [0, 37, layout.count - 1].allSatisfy { X.filled(img, $0, in: compact) }
          && OverlaysFitTests.darkBox(img, area) == nil
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")

      let script = try String(contentsOfFile: recording, encoding: .utf8)
      #expect(script.contains("\n0 window 1280 800\n0 hud full\n"), "\(script)")
      let quit = try #require(script.split(separator: "\n").last { $0.hasSuffix(" key escape") })
      let time = String(quit.split(separator: " ")[0])
      let out = dir.appendingPathComponent("at-quit.png").path
      let r = try Tickplay.run(["render", "--replay", recording, "--time", time, "--out", out])
      #expect(r.status == 0, "\(r.stderr)")

      let window = try RGBAImage(contentsOf: shot)
      let rendered = try RGBAImage(contentsOf: out)
      #expect(window.width == rendered.width && window.height == rendered.height)
      var differing = 0
      for y in 0..<area.height {
        for x in 0..<area.width {
          let (p, q) = (window.pixel(x, y), rendered.pixel(x, y))
          let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
          if d > Self.channelTolerance { differing += 1 }
        }
      }
      #expect(differing <= Self.pixelBudget, "\(differing) pixels differ; \(dir.path)")
    }
  }
}
