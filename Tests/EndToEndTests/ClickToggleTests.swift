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
    static let environment = ProcessInfo.processInfo.environment
    static let available =
      !(environment["DISPLAY"] ?? "").isEmpty && haveTool("xdotool") && haveTool("import")

    @Test func endToEndNeedsItsTools() {
      if Self.environment["TICKPLAY_REQUIRE_E2E"] == "1" {
        #expect(Self.available, "TICKPLAY_REQUIRE_E2E=1 but DISPLAY, xdotool or import is missing")
      }
    }

    func isFill(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
      abs(Int(p.r) - 0x2e) < 8 && abs(Int(p.g) - 0xcb) < 8 && abs(Int(p.b) - 0x94) < 8
    }

    func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
      p.r > 245 && p.g > 245 && p.b > 245
    }

    func screenshot(_ window: String, _ path: String) throws -> RGBAImage {
      let (status, _) = try shell(["import", "-window", window, path])
      #expect(status == 0, "import failed")
      return try RGBAImage(contentsOf: path)
    }

    @Test(.enabled(if: available)) func clickSelectsThenClears() throws {
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
      usleep(300_000)  // let the first frame reach the screen
      try shell(["xdotool", "mousemove", "--window", wid, "\(cx)", "\(cy)", "click", "1"])
      // Move off the grid so the hover tint does not colour the screenshots.
      try shell(["xdotool", "mousemove", "--window", wid, "1", "1"])
      let on = app.waitForLine(timeout: 10) { $0.contains("\"new\":\"on\"") }
      try #require(on != nil, "no value event after the click: \(app.stdout) \(app.stderr)")
      #expect(on!.contains("\"cell\":2") && on!.contains("\"cause\":\"click\""))

      usleep(900_000)  // the 0.5 s animation has finished
      let shotOn = try screenshot(wid, dir.appendingPathComponent("on.png").path)
      #expect(isFill(shotOn.pixel(rect.x + 25, rect.y + 10)), "disc is not filled")
      // The tick's corner, (0.45, 0.70) of the view, is white and so is its far end.
      #expect(isWhite(shotOn.pixel(rect.x + 22, rect.y + 35)), "tick corner is not drawn")
      #expect(isWhite(shotOn.pixel(rect.x + 39, rect.y + 18)), "tick end is not drawn")

      try shell(["xdotool", "mousemove", "--window", wid, "\(cx)", "\(cy)", "click", "1"])
      try shell(["xdotool", "mousemove", "--window", wid, "1", "1"])
      let off = app.waitForLine(timeout: 10) { $0.contains("\"new\":\"off\"") }
      try #require(off != nil, "no event after the second click")
      usleep(300_000)
      let shotOff = try screenshot(wid, dir.appendingPathComponent("off.png").path)
      #expect(isWhite(shotOff.pixel(rect.x + 25, rect.y + 10)), "view did not clear")
      let lines = app.stdout.split(separator: "\n")
      #expect(lines.count == 2, "one event per real change: \(lines)")

      try shell(["xdotool", "key", "--window", wid, "Escape"])
      #expect(app.waitForExit(timeout: 10) == 0)
      // --screenshot saved the last frame on exit: the cleared view.
      let last = try RGBAImage(contentsOf: final)
      #expect(last.width == 400 && last.height == 300)
      #expect(isWhite(last.pixel(rect.x + 25, rect.y + 10)))
    }

    @Test(.enabled(if: available)) func framesLimitExitsWithAScreenshot() throws {
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
