import Foundation
import TestSupport
import Testing
import TickSDL

extension OnTheXDisplay {
  /// The compose path's two ways to the window show the same picture: its frames put from
  /// shared memory, drawn on the CPU (the default on an X11 display), and its frames drawn
  /// by the renderer (`TICKPLAY_PRESENT_BY_RENDERER=1`). The same still scene, with a
  /// hovered view (geometry over the composed frame) and the help box (a translucent box
  /// and text), is captured by the X server from each.
  @Suite struct SharedRouteTests {
    typealias X = OnTheXDisplay

    /// The window with the help shown over view 7 hovered, as `environment` draws it.
    static func capture(environment: [String: String], name: String) throws -> RGBAImage {
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "checker", "--path", "compose"],
        name: name, environment: environment)
      let hovered = X.centre(7)
      try w.move(hovered.x, hovered.y)
      try w.waitForFrame("the still grid") { img in
        Looks.isFill(img.pixel(X.centre(0).x, X.centre(0).y))
      }
      try w.key("F1")
      // Twice the same picture in a row: the help's toast has faded and nothing moves.
      var last: RGBAImage?
      let exact = ImageDiff(channelTolerance: 0, pixelBudget: 0)
      let still = try w.waitForFrame("the help over a still grid", timeout: 15) { img in
        defer { last = img }
        guard img.pixel(200, 150).r < 110, let last else { return false }
        return (exact.compare(img, golden: last)?.differing ?? 1) == 0
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      return still
    }

    @Test(X.needed) func framesPutFromSharedMemoryLookAsTheRenderersDo() throws {
      let shared = try Self.capture(environment: [:], name: "route-shared")
      let renderer = try Self.capture(
        environment: ["TICKPLAY_PRESENT_BY_RENDERER": "1"], name: "route-renderer")
      // The CPU blends as the renderer does, in 8-bit steps: on llvmpipe here the two are
      // the same bytes; another renderer may round an edge or a glyph one level apart.
      let diff = ImageDiff(
        channelTolerance: 2, pixelBudget: shared.width * shared.height / 1000)
      let outcome = try #require(diff.compare(shared, golden: renderer), "sizes differ")
      if outcome.differing > diff.pixelBudget {
        let dir = Tickplay.temporaryDirectory("shared-route")
        try? outcome.diffImage.savePNG(to: dir.appendingPathComponent("diff.png").path)
        try? shared.savePNG(to: dir.appendingPathComponent("shared.png").path)
        try? renderer.savePNG(to: dir.appendingPathComponent("renderer.png").path)
      }
      #expect(
        outcome.differing <= diff.pixelBudget,
        "\(outcome.differing) pixels differ by more than 2 levels (most \(outcome.maxChannelDelta))"
      )
    }
  }
}
