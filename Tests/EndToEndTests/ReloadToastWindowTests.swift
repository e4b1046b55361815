import Foundation
import TestSupport
import Testing
import TickSDL

extension OnTheXDisplay {
  /// `play --style FILE` where the file extends a base file: every save of either file
  /// shows a toast naming the file saved — applied, even when the bytes are the same, or
  /// not applied and why — seen in the window the X server shows and on stderr.
  @Suite struct ReloadToastWindowTests {
    typealias X = OnTheXDisplay

    /// A row of the 400×300 window below the grid's last row (215–265) and inside the
    /// toast's box (about 240–280): white without a toast, dark under one.
    static let toastRow = 275

    /// The width of the dark box across the window's centre on `toastRow`; 0 when none.
    static func toastWidth(_ img: RGBAImage) -> Int {
      func dark(_ x: Int) -> Bool {
        let p = img.pixel(x, toastRow)
        return p.r < 100 && p.g < 100 && p.b < 100
      }
      let c = img.width / 2
      guard dark(c) else { return 0 }
      let left = (0...c).reversed().first { !dark($0) } ?? -1
      let right = (c..<img.width).first { !dark($0) } ?? img.width
      return right - left - 1
    }

    /// A toast as wide as "base.json applied" (17 characters at about 8 px, in its
    /// padding), with room for another font's widths.
    static func shortToast(_ img: RGBAImage) -> Bool { (100...260).contains(toastWidth(img)) }
    /// A toast cut to the window's width: a refused save's reason.
    static func longToast(_ img: RGBAImage) -> Bool { toastWidth(img) > 330 }

    @Test(X.needed) func everySaveShowsAToastNamingTheFileSaved() throws {
      let dir = Tickplay.temporaryDirectory("reload-toast")
      let base = dir.appendingPathComponent("base.json")
      let mine = dir.appendingPathComponent("mine.json")
      let stroke = try Tickplay.builtInStyleText("stroke")
      let own = #"{"extends": "base.json", "duration": 0.4}"#
      try Data(stroke.utf8).write(to: base)
      try Data(own.utf8).write(to: mine)
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "all", "--style", mine.path],
        name: "reload-toast")
      try w.move(5, 5)
      let live = LiveReloadTests()
      try w.waitForFrame("green discs, no toast at launch") {
        live.discs($0, (0x2e, 0xcb, 0x94)) && Self.toastWidth($0) == 0
      }

      // A save of the base: the style changes, and the toast names the base.
      try Data(stroke.replacingOccurrences(of: "#2ecb94", with: "#d03030").utf8).write(to: base)
      try w.waitForFrame("red discs and a short toast") {
        live.discs($0, (0xd0, 0x30, 0x30)) && Self.shortToast($0)
      }
      #expect(waitUntil(timeout: 10) { w.app.stderr.contains("tickplay: base.json applied\n") })
      try w.waitForFrame("the toast gone") { Self.toastWidth($0) == 0 }

      // The same bytes saved again: nothing changes on screen but the toast.
      try Data(own.utf8).write(to: mine)
      try w.waitForFrame("a short toast for a save that changes nothing") {
        live.discs($0, (0xd0, 0x30, 0x30)) && Self.shortToast($0)
      }
      #expect(waitUntil(timeout: 10) { w.app.stderr.contains("tickplay: mine.json applied\n") })
      try w.waitForFrame("the toast gone again") { Self.toastWidth($0) == 0 }

      // A broken base: the last good style stays, the toast says why, cut to the window.
      let broken = stroke.replacingOccurrences(
        of: "\"fill\": \"#2ecb94\"", with: "\"fill\": \"red\"")
      let line =
        broken.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("\"red\"") }! + 1
      try Data(broken.utf8).write(to: base)
      try w.waitForFrame("a long toast and the error panel") {
        live.discs($0, (0xd0, 0x30, 0x30)) && Self.longToast($0) && live.overlay($0)
      }
      let refused = "tickplay: base.json not applied: line \(line): key \"box.fill\": expected"
      #expect(waitUntil(timeout: 10) { w.app.stderr.contains(refused) }, "\(w.app.stderr)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
