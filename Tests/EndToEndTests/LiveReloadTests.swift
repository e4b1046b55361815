import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// `play --style FILE`: saving the file restyles the running window; a broken save keeps
  /// the last good style and shows the error, with its line and column, until it is fixed.
  @Suite struct LiveReloadTests {
    typealias X = OnTheXDisplay

    /// Whether `p` is within 24 levels of `c`.
    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int)) -> Bool {
      abs(Int(p.r) - c.0) < 24 && abs(Int(p.g) - c.1) < 24 && abs(Int(p.b) - c.2) < 24
    }

    /// Whether every view's disc shows `c`, away from the middle (where an overlay goes).
    func discs(_ img: RGBAImage, _ c: (Int, Int, Int)) -> Bool {
      [0, 5, 18, 23].allSatisfy { cell in
        let p = X.discPoint(cell)
        return near(img.pixel(p.x, p.y), c)
      }
    }

    /// The error overlay's dark panel covers the window's centre.
    func overlay(_ img: RGBAImage) -> Bool {
      let p = img.pixel(img.width / 2, img.height / 2)
      return p.r < 60 && p.g < 60 && p.b < 60
    }

    @Test(X.needed) func savingTheStyleFileRestylesTheWindow() throws {
      let dir = Tickplay.temporaryDirectory("live-reload")
      let styleURL = dir.appendingPathComponent("mine.json")
      let original = try Tickplay.builtInStyleText("stroke")
      func save(_ text: String) throws {
        // Written in place, as an editor that truncates and rewrites does.
        try Data(text.utf8).write(to: styleURL)
      }
      try save(original)
      let w = try PlayWindow(
        [
          "--window", "400x300", "--hud", "off", "--select", "all", "--style", styleURL.path,
        ], name: "live-reload")
      try w.move(5, 5)
      try w.waitForFrame("the file's green discs") { discs($0, (0x2e, 0xcb, 0x94)) }

      try save(original.replacingOccurrences(of: "#2ecb94", with: "#d03030"))
      try w.waitForFrame("red discs after the save") {
        discs($0, (0xd0, 0x30, 0x30)) && !overlay($0)
      }

      // A broken save: the discs stay red, and the error shows until the file is fixed.
      let broken = original.replacingOccurrences(
        of: "\"fill\": \"#2ecb94\"", with: "\"fill\": \"red\"")
      let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
      let line = lines.firstIndex { $0.contains("\"red\"") }! + 1
      let column =
        lines[line - 1].distance(
          from: lines[line - 1].startIndex, to: lines[line - 1].range(of: "\"fill\"")!.lowerBound)
        + 1
      try save(broken)
      try w.waitForFrame("the error overlay") { overlay($0) && discs($0, (0xd0, 0x30, 0x30)) }
      let message = "mine.json:\(line):\(column): key \"box.fill\": expected #rrggbb"
      // Printed before the panel is drawn, but read from the pipe on another thread.
      waitUntil(timeout: 10) { w.app.stderr.contains(message) }
      #expect(w.app.stderr.contains(message), "\(w.app.stderr)")

      try save(original.replacingOccurrences(of: "#2ecb94", with: "#3050d0"))
      try w.waitForFrame("blue discs, no overlay, once fixed") {
        discs($0, (0x30, 0x50, 0xd0)) && !overlay($0)
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
