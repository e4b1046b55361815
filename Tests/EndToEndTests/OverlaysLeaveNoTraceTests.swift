import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// A frame copies into the window only what changed and what was drawn over it
  /// (`Screen.copyFrame`): whatever an overlay covered must come back exactly once it is
  /// gone. The help box and its toasts are drawn over a still grid and taken away again,
  /// on every path, and the window, captured by the X server, must then show exactly what
  /// it showed before.
  @Suite struct OverlaysLeaveNoTraceTests {
    typealias X = OnTheXDisplay

    /// Each path, and the compose path's frames both put from shared memory (its default
    /// on X11) and drawn by the renderer.
    static let routes: [(path: String, byRenderer: Bool)] = [
      ("compose", false), ("compose", true), ("atlas", false), ("direct", false),
    ]

    /// More pages than the help takes in the 400×300 window.
    static let mostPages = 40

    @Test(X.needed, arguments: routes.indices)
    func helpAndToastsLeaveTheGridAsItWas(route: Int) throws {
      let (path, byRenderer) = Self.routes[route]
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "checker", "--path", path],
        name: "overlays-\(path)",
        environment: byRenderer ? ["TICKPLAY_PRESENT_BY_RENDERER": "1"] : [:])
      // The pointer rests on the background, so that no view shows hover feedback.
      try w.move(2, 2)
      // View 0 is selected (checker): its disc is drawn, and nothing animates.
      let before = try w.waitForFrame("the still grid") { img in
        Looks.isFill(img.pixel(X.centre(0).x, X.centre(0).y))
      }
      try w.key("F1")
      try w.waitForFrame("the help box over the grid") { img in
        img.pixel(200, 150).r < 110
      }
      let exact = ImageDiff(channelTolerance: 0, pixelBudget: 0)
      // F1 turns the help's pages (this window holds several) and closes it after the last.
      var shown = try w.screenshot()
      for _ in 0..<Self.mostPages where shown.pixel(200, 150).r < 110 {
        try w.key("F1")
        let previous = shown
        shown = try w.waitForFrame("the next page, or the help closed") { img in
          (exact.compare(img, golden: previous)?.differing ?? 1) != 0
        }
      }
      // The toasts fade over about two seconds; every pixel then is as before.
      let after = try w.waitForFrame("the grid as before the help", timeout: 15) { img in
        (exact.compare(img, golden: before)?.differing ?? 1) == 0
      }
      #expect(after.width == before.width && after.height == before.height)
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
