import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// What a user sees after live changes equals a fresh headless render of the same state.
  ///
  /// A real window is driven with xdotool (wheel zoom, right-drag pan, drag-paint, keys
  /// that switch the style and the path, a resize, rain and a wave), recorded with
  /// `--record`, then paused with P and captured by the X server (`import -window`), not
  /// by the app. `render --replay` of the recording, at the scene time the run was paused
  /// at, must give the same picture.
  @Suite struct OnScreenEqualsRenderTests {
    typealias X = OnTheXDisplay

    /// One live session: launch options, and what the user does.
    struct Scenario: CustomStringConvertible, Sendable {
      var name: String
      var options: [String]
      var actions: @Sendable (PlayWindow) throws -> Void
      var description: String { name }
    }

    static let scenarios: [Scenario] = [
      Scenario(name: "zoom and pan", options: ["--select", "random:0.3", "--seed", "4"]) { w in
        try w.move(200, 150)
        try w.wheel(up: true, at: (200, 150))
        try w.wheel(up: true, at: (120, 90))
        try w.drag(from: (300, 200), to: (240, 160), button: 3)  // pan
        try w.wheel(up: false, at: (60, 200))
        try w.click(X.centre(8).x, X.centre(8).y)
      },
      Scenario(
        name: "square, style and path switches, resize",
        options: ["--shape", "square", "--select", "checker"]
      ) { w in
        try w.key("3")
        try w.click(X.centre(1).x, X.centre(1).y)
        try w.key("m")  // compose → … the next path
        try w.drag(from: X.centre(12), to: X.centre(15), button: 1)  // drag-paint
        try w.xdotool(["windowsize", w.id, "330", "260"])
        try w.waitForRecorded(" resize 330 260")  // the keys go to the resized window
        try w.key("m", "5")
        try w.move(100, 120)
      },
      // The compose path puts its frames from shared memory, which the renderer does not
      // see: after a resize there, the renderer's first frames must still fill the window.
      Scenario(
        name: "resize on the compose path, then the direct path",
        options: ["--select", "none"]
      ) { w in
        // Taller: the rows the window gains are where a stale back buffer shows.
        try w.xdotool(["windowsize", w.id, "360", "340"])
        try w.waitForRecorded(" resize 360 340")
        try w.key("m")  // auto (compose here) → direct
        try w.waitForRecorded(" key m")
        try w.click(X.centre(4).x, X.centre(4).y)
      },
      Scenario(
        name: "rain and a wave",
        options: ["--select", "none", "--seed", "11", "--rain", "40", "--animation", "bounce"]
      ) { w in
        try w.move(X.centre(9).x, X.centre(9).y)
        try w.key("w")
        try w.waitForRecorded(" key w")  // the wave is under way before the next keys
        try w.key("bracketright", "k")
        try w.wheel(up: false, at: (200, 150))
      },
    ]

    @Test(X.needed, arguments: scenarios)
    func theWindowShowsWhatRenderDraws(_ scenario: Scenario) throws {
      let dir = Tickplay.temporaryDirectory("onscreen")
      let recording = dir.appendingPathComponent("live.txt").path
      let base = ["--window", "400x300", "--hud", "off"] + scenario.options
      let w = try PlayWindow(base + ["--record", recording], name: "onscreen")
      // The top of view 0's ring (or its disc) is drawn.
      try w.waitForFrame("the first frame") { img in
        (35...38).contains { !Looks.isWhite(img.pixel(X.centre(0).x, $0)) }
      }
      try scenario.actions(w)
      try w.key("p")  // pause: scene time stops, the window keeps showing that step
      let live = try Self.pausedFrame(w)
      try Self.expectRenderDraws(live, of: w, base: base, recording: recording, in: dir)
    }

    /// What the window shows once P (sent) has paused it and every toast has faded.
    ///
    /// P's own toast on screen is the evidence that the paused frame is: play takes P
    /// (and records it) before it draws that frame. Render draws no toasts, so the capture
    /// then waits until they have faded out completely (a box's bottom padding, below the
    /// grid, is background again).
    static func pausedFrame(_ w: PlayWindow) throws -> RGBAImage {
      try w.waitForRecorded(" key p")
      func padding(_ img: RGBAImage) -> Pixel { img.pixel(img.width / 2, img.height - 24) }
      try w.waitForFrame("P's toast") { img in img.height > 24 && padding(img).r < 110 }
      return try w.waitForFrame("the toasts faded", timeout: 5) { img in
        Looks.near(padding(img), 0xff_ffff, tolerance: 1)
      }
    }

    /// Quits `w` (started with `base` and `--record recording`) and expects `render
    /// --replay` of its recording, at the scene time it quit at, to draw `live`.
    static func expectRenderDraws(
      _ live: RGBAImage, of w: PlayWindow, base: [String], recording: String, in dir: URL
    ) throws {
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      let lines = try String(contentsOfFile: recording, encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }
      let quit = try #require(lines.last, "empty recording")
      #expect(quit.hasSuffix(" key escape") && lines.contains { $0.hasSuffix(" key p") })
      let time = String(quit.split(separator: " ")[0])
      let out = dir.appendingPathComponent("render.png").path
      let r = try Tickplay.run(
        ["render"] + base + ["--replay", recording, "--time", time, "--out", out],
        environment: ["SDL_VIDEODRIVER": "offscreen"])
      #expect(r.status == 0, "\(r.stderr)")
      let rendered = try RGBAImage(contentsOf: out)
      // The same state drawn by the same path; the window's framebuffer and the headless
      // canvas may round a blended edge differently.
      let diff = ImageDiff(channelTolerance: 8, pixelBudget: live.width * live.height / 500)
      let outcome = try #require(
        diff.compare(live, golden: rendered),
        "sizes differ: window \(live.width)×\(live.height), render \(rendered.width)×\(rendered.height)"
      )
      if outcome.differing > diff.pixelBudget {
        try? outcome.diffImage.savePNG(to: dir.appendingPathComponent("diff.png").path)
        try? live.savePNG(to: dir.appendingPathComponent("live.png").path)
      }
      #expect(
        outcome.differing <= diff.pixelBudget,
        "\(outcome.differing) pixels differ between the window and render; see \(dir.path)")
    }
  }
}
