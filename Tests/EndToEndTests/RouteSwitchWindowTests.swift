import Foundation
import TestSupport
import Testing
import TickSDL

extension OnTheXDisplay {
  /// The compose path puts its frames into the window from shared memory and the renderer
  /// draws nothing meanwhile. A window made taller there, then switched to the direct
  /// path (M), must show the whole grid: the renderer's first frames back once went into
  /// a back buffer of the old size, and the window stayed black where it had grown.
  @Suite struct RouteSwitchWindowTests {
    typealias X = OnTheXDisplay

    /// Whether `img` has a pixel of pure black, which nothing the playground draws is (the
    /// HUD's panel, the toasts and the help are dark greys).
    static func hasBlack(_ img: RGBAImage) -> Bool {
      for y in 0..<img.height {
        for x in 0..<img.width {
          let p = img.pixel(x, y)
          if p.r == 0, p.g == 0, p.b == 0 { return true }
        }
      }
      return false
    }

    @Test(X.needed) func aWindowGrownOnTheComposePathShowsWholeOnTheDirectOne() throws {
      let w = try PlayWindow(["--window", "900x600", "--cell", "30"], name: "route-switch")
      try w.waitForTitle("the compose path") { $0.contains(", compose") }
      try w.waitForFrame("the first frame") { !Self.hasBlack($0) }
      try w.xdotool(["windowsize", w.id, "660", "617"])
      try w.waitForFrame("the taller window") { $0.width == 660 && $0.height == 617 }
      try w.key("m")  // auto (compose here) → direct
      try w.waitForTitle("the direct path shown") { $0.contains(", direct") }
      try w.waitForFrame("the whole grid, no black", timeout: 5) { img in
        img.height == 617 && !Self.hasBlack(img)
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
