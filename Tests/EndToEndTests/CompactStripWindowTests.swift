import Foundation
import TestSupport
import Testing

@testable import TickSDL

extension OnTheXDisplay {
  /// The compact strip in narrow windows, as the X server shows it: the text's right
  /// edge inside the window at 500 and 320 px with long settings, and the whole line in
  /// a wide window.
  @Suite struct CompactStripWindowTests {
    typealias X = OnTheXDisplay

    /// The window's height, and the strip's top in it (`HUDMode.stripHeight`, 22).
    static let height = 300
    static let stripTop = 278

    /// Settings that make the strip's line long: a style file with a long name, a long
    /// curve and deselect mode.
    static func arguments(_ width: Int, style: String) -> [String] {
      [
        "--window", "\(width)x\(height)", "--style", style, "--timing", "ease-in-out",
        "--deselect", "reverse",
      ]
    }

    /// The columns where the strip shows text (light pixels on its dark background).
    static func textColumns(_ img: RGBAImage) -> ClosedRange<Int>? {
      var columns: [Int] = []
      for x in 0..<img.width
      where (stripTop..<img.height).contains(where: { img.pixel(x, $0).r > 100 }) {
        columns.append(x)
      }
      guard let first = columns.first, let last = columns.last else { return nil }
      return first...last
    }

    static func strip(_ img: RGBAImage) -> Bool {
      HUDDockTests.isDock(img.pixel(img.width - 1, img.height - 1))
        && HUDDockTests.isDock(img.pixel(img.width - 1, stripTop + 1))
    }

    @Test(X.needed, arguments: [500, 320])
    func theStripFitsANarrowWindow(width: Int) throws {
      let dir = Tickplay.temporaryDirectory("compact-strip-\(width)")
      let style = dir.appendingPathComponent("a-rather-long-style-name.json")
      try Data(try Tickplay.builtInStyleText("stroke").utf8).write(to: style)
      let w = try PlayWindow(Self.arguments(width, style: style.path), name: "strip-\(width)")
      try w.move(5, 5)
      let img = try w.waitForFrame("the strip with its text") {
        Self.strip($0) && Self.textColumns($0) != nil
      }
      let text = Self.textColumns(img)!
      // Inside the strip's padding on both sides, and filling most of it.
      #expect(text.lowerBound >= Int(HUD.pad), "\(text)")
      #expect(text.upperBound < width - Int(HUD.pad), "the text overflows: \(text)")
      #expect(text.upperBound > width * 2 / 3, "the strip shows too little: \(text)")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }

    /// In a wide window (H: from the panel to the strip) nothing is cut.
    @Test(X.needed) func aWideWindowShowsTheWholeLine() throws {
      let dir = Tickplay.temporaryDirectory("compact-strip-wide")
      let style = dir.appendingPathComponent("a-rather-long-style-name.json")
      try Data(try Tickplay.builtInStyleText("stroke").utf8).write(to: style)
      let w = try PlayWindow(Self.arguments(1280, style: style.path), name: "strip-wide")
      try w.move(5, 5)
      try w.key("h")
      // "N fps · 24 views · stroke (a-rather-long-style-name.json) · ease-in-out ·
      // reverse · time ×1 · compose (auto)": over 100 characters, about 8 px each.
      try w.waitForFrame("the whole line in the strip") { img in
        Self.strip(img) && (Self.textColumns(img)?.upperBound ?? 0) > 750
      }
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
