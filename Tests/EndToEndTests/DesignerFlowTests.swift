import Foundation
import TestSupport
import Testing
import TickSDL

extension OnTheXDisplay {
  /// A designer's round trip, every step seen in a real window the X server captures: a
  /// style that extends `bounce` is opened, one key is changed and saved (the window
  /// restyles and a toast names the file), the animation is stepped forward and back
  /// (the same frames both ways), and the style is exported as WebP, whose every frame
  /// checked is exactly what `render` draws at that moment.
  @Suite struct DesignerFlowTests {
    typealias X = OnTheXDisplay

    /// Bounce's own fill, and the one the designer saves.
    static let bounceFill = (0x2e, 0xcb, 0x94)
    static let savedFill = (0xd0, 0x30, 0x30)
    /// The style the designer starts from: bounce, nothing changed.
    static let extendsBounce = #"{"extends": "bounce"}"#
    /// One key changed.
    static let oneKeyChanged = ##"{"extends": "bounce", "box": {"fill": "#d03030"}}"##
    /// Export frames compared with render: held off, entering, overshooting, held on,
    /// leaving, and the last.
    static let exportFramesChecked = [0, 18, 24, 40, 75, 82, 109]

    @Test(X.needed, .enabled(if: AnimatedImageDecoder.available, "needs Pillow (python3-pil)"))
    func extendSaveStepBackAndExport() throws {
      let dir = Tickplay.temporaryDirectory("designer")
      let style = dir.appendingPathComponent("pop.json")
      try Data(Self.extendsBounce.utf8).write(to: style)
      let w = try openAndSave(style, in: dir)
      try stepForwardAndBack(w)
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      try exportEqualsRender(style, in: dir)
    }

    /// Opens the style in play, saves one changed key, and expects the window restyled and
    /// a toast naming the file.
    func openAndSave(_ style: URL, in dir: URL) throws -> PlayWindow {
      let recording = dir.appendingPathComponent("live.txt").path
      // The direct path: paused frames compared exactly draw nothing from a sprite
      // cache that may land between two captures (as `StepBackTests` explains).
      let w = try PlayWindow(
        [
          "--window", "400x300", "--hud", "off", "--select", "all", "--deselect", "animate",
          "--path", "direct", "--style", style.path, "--record", recording,
        ], name: "designer")
      try w.move(5, 5)
      let live = LiveReloadTests()
      try w.waitForFrame("bounce's green discs") { live.discs($0, Self.bounceFill) }
      try Data(Self.oneKeyChanged.utf8).write(to: style)
      try w.waitForFrame("the saved red discs and a toast") {
        live.discs($0, Self.savedFill) && ReloadToastWindowTests.shortToast($0)
      }
      #expect(waitUntil(timeout: 10) { w.app.stderr.contains("tickplay: pop.json applied\n") })
      return w
    }

    /// Paused, A turns every view off, animated; 12 steps into the exit, then 12 more with
    /// Shift+`.`, back a tenth with Shift+`,` and on 12 with `.` show the frames seen
    /// there before, exactly.
    func stepForwardAndBack(_ w: PlayWindow) throws {
      try w.key("p")
      let paused = try OnScreenEqualsRenderTests.pausedFrame(w)
      try w.key("a")
      try w.waitForRecorded(" key a")
      let twelve = Array(repeating: "period", count: 12)
      try w.xdotool(["key", "--window", w.id] + twelve)
      try w.waitForFrame("12 steps into the exit, toasts faded") { img in
        img != paused && StepBackTests.toastsFaded(img)
      }
      let before = try StepBackTests.settled(w)
      try w.key("shift+period")
      try w.waitForRecorded(" key shift+.")
      try w.waitForFrame("a tenth on, toasts faded") { img in
        img != before && StepBackTests.toastsFaded(img)
      }
      let after = try StepBackTests.settled(w)
      try w.key("shift+comma")
      try w.waitForFrame("back a tenth: the frame before", timeout: 15) { $0 == before }
      try w.xdotool(["key", "--window", w.id] + twelve)
      try w.waitForFrame("on 12 again: the frame after", timeout: 15) { $0 == after }
    }

    /// Exports the saved style as WebP and expects the frames checked to equal render's.
    func exportEqualsRender(_ style: URL, in dir: URL) throws {
      let webp = dir.appendingPathComponent("pop.webp").path
      let r = try Tickplay.run(["export", "--style", style.path, "--cell", "40", "--out", webp])
      #expect(r.status == 0, "\(r.stderr)")
      let frames = dir.appendingPathComponent("frames")
      try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
      let decoded = try AnimatedImageDecoder.decode(
        webp, tickMilliseconds: ExportTimeline.tickMilliseconds, into: frames)
      #expect(decoded.summary == ["WEBP", "60", "60", "\(ExportTimeline.frameCount)", "0"])
      let view = ["--style", style.path, "--window", "60x60", "--grid", "1x1", "--cell", "40"]
      let exact = ImageDiff(channelTolerance: 0, pixelBudget: 0)
      for k in Self.exportFramesChecked {
        let rendered = try ExportTimeline.render(frame: k, view, in: dir)
        let diff = exact.compare(try decoded.frame(k), golden: rendered)
        #expect(diff?.differing == 0, "frame \(k): \(diff?.differing ?? -1) pixels differ")
      }
      // The saved fill is what was exported: the held-on frame's disc is red.
      let on = try decoded.frame(40)
      #expect(LiveReloadTests().near(on.pixel(30, 18), Self.savedFill), "\(on.pixel(30, 18))")
    }
  }
}
