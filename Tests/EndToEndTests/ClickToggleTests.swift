import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// A real window under Xvfb, real xdotool clicks, and screenshots taken by the X server.
  ///
  /// Needs `DISPLAY`, `xdotool` and ImageMagick's `import`; `tools/test` provides all three
  /// and sets `TICKPLAY_REQUIRE_E2E=1`, which turns their absence into a failure instead of
  /// a skip.
  @Suite(.serialized) struct ClickToggleTests {
    @Test(
      .enabled(
        if: OnTheXDisplay.environment["TICKPLAY_REQUIRE_E2E"] == "1",
        "runs under TICKPLAY_REQUIRE_E2E=1 (tools/test), where a missing tool fails"))
    func endToEndNeedsItsTools() {
      #expect(
        OnTheXDisplay.available, "TICKPLAY_REQUIRE_E2E=1 but DISPLAY, xdotool or import is missing")
    }

    func isFill(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
      abs(Int(p.r) - 0x2e) < 8 && abs(Int(p.g) - 0xcb) < 8 && abs(Int(p.b) - 0x94) < 8
    }

    func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
      p.r > 245 && p.g > 245 && p.b > 245
    }

    @Test(OnTheXDisplay.needed) func clickSelectsThenClears() throws {
      let dir = Tickplay.temporaryDirectory("e2e")
      let final = dir.appendingPathComponent("final.png").path
      // PlayWindow finds this run's window by its process, and starts play again should
      // the X server refuse the first connection.
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--events", "--screenshot", final], name: "e2e")
      let app = w.app
      defer { app.waitForExit(timeout: 5) }
      let wid = w.id

      // Cell 2 of the default 6×4 grid in a 400×300 window.
      let layout = GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)
      let rect = layout.rect(of: 2)
      let cx = rect.x + 25
      let cy = rect.y + 25
      try w.move(1, 1)
      try w.waitForFrame("the first frame") { OnTheXDisplay.ringed($0, 2, in: layout) }
      try shell(["xdotool", "mousemove", "--window", wid, "\(cx)", "\(cy)", "click", "1"])
      // Move off the grid so the hover tint does not colour the screenshots.
      try shell(["xdotool", "mousemove", "--window", wid, "1", "1"])
      let on = app.waitForLine(timeout: 10) { $0.contains("\"new\":\"on\"") }
      try #require(on != nil, "no value event after the click: \(app.stdout) \(app.stderr)")
      #expect(on!.contains("\"cell\":2") && on!.contains("\"cause\":\"click\""))

      // The 0.5 s animation has finished: the disc is filled, and the tick's corner,
      // (0.45, 0.70) of the view, is white and so is its far end.
      try w.waitForFrame("view 2 filled, its whole tick drawn") { shot in
        isFill(shot.pixel(rect.x + 25, rect.y + 10))
          && isWhite(shot.pixel(rect.x + 22, rect.y + 35))
          && isWhite(shot.pixel(rect.x + 39, rect.y + 18))
      }

      try shell(["xdotool", "mousemove", "--window", wid, "\(cx)", "\(cy)", "click", "1"])
      try shell(["xdotool", "mousemove", "--window", wid, "1", "1"])
      let off = app.waitForLine(timeout: 10) { $0.contains("\"new\":\"off\"") }
      try #require(off != nil, "no event after the second click")
      try w.waitForFrame("view 2 cleared") { isWhite($0.pixel(rect.x + 25, rect.y + 10)) }
      let lines = app.stdout.split(separator: "\n")
      #expect(lines.count == 2, "one event per real change: \(lines)")

      try shell(["xdotool", "key", "--window", wid, "Escape"])
      #expect(app.waitForExit(timeout: 10) == 0)
      // --screenshot saved the last frame on exit: the cleared view.
      let last = try RGBAImage(contentsOf: final)
      #expect(last.width == 400 && last.height == 300)
      #expect(isWhite(last.pixel(rect.x + 25, rect.y + 10)))
    }

    @Test(OnTheXDisplay.needed) func framesLimitExitsWithAScreenshot() throws {
      let dir = Tickplay.temporaryDirectory("frames")
      let shot = dir.appendingPathComponent("shot.png").path
      let r = try Tickplay.run(
        [
          "play", "--window", "320x200", "--select", "checker", "--frames", "5", "--hud", "off",
          "--screenshot", shot,
        ])
      #expect(r.status == 0, "\(r.stderr)")
      let img = try RGBAImage(contentsOf: shot)
      let layout = GridLayout(windowWidth: 320, windowHeight: 200, cell: 50, gap: 10)
      let c0 = layout.rect(of: 0)
      let c1 = layout.rect(of: 1)
      #expect(img.width == 320 && img.height == 200)
      #expect(isFill(img.pixel(c0.x + 25, c0.y + 10)))
      #expect(isWhite(img.pixel(c1.x + 25, c1.y + 10)))
    }
  }
}
