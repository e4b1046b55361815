import CSDL2TTF
import Foundation
import TestSupport
import Testing

@testable import TickSDL

/// The HUD shows a change in the frame it happens: a replayed A and a screenshot at the
/// same step show the new counts in the HUD's panel, whenever its timing figures were
/// last refreshed. Deterministic: the screenshot is the frame of the key's own step, and
/// the line compared holds only counts.
@Suite struct HUDSameFrameTests {
  /// The full panel docks in a window this wide; 2-s animations still run at 0.5 s.
  static let options = ["--window", "800x400", "--duration", "2"]
  /// The panel's left edge and its text's first line (`HUDMode.panelWidth`, `HUD.pad`).
  static let panelX = 800 - 300
  /// The panel's "selected N  animating N" line (`HUDModel.lines`).
  static let countsLine = 3

  /// The screenshots `play` takes at `times` (seconds of scene time) of a replay, each
  /// after a press of A at the same time when `pressing`; headless (offscreen: the HUD
  /// is drawn as in a window), started with `extra`.
  static func shots(_ name: String, _ extra: [String], at times: [Double], pressing: Bool)
    throws -> [RGBAImage]
  {
    let dir = Tickplay.temporaryDirectory("hud-same-frame-\(name)")
    let pngs = times.indices.map { dir.appendingPathComponent("shot-\($0).png").path }
    var script = ""
    for (t, png) in zip(times, pngs) {
      script += (pressing ? "\(t) key a\n" : "") + "\(t) screenshot \"\(png)\"\n"
    }
    script += "\(times.last! + 0.1) quit\n"
    let path = dir.appendingPathComponent("script.txt").path
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let r = try Tickplay.run(
      ["play"] + options + extra + ["--replay", path],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
    try #require(r.status == 0, "\(r.stderr)")
    return try pngs.map { try RGBAImage(contentsOf: $0) }
  }

  /// The HUD font's line pitch: the panel's text is one label, its lines this far apart.
  static func lineSkip() throws -> Int {
    if TTF_WasInit() == 0 { try #require(TTF_Init() == 0) }
    let path = try #require(FontLocator.file(matching: "monospace"))
    let font = try #require(TTF_OpenFont(path, HUD.pointSize))
    defer { TTF_CloseFont(font) }
    return Int(TTF_FontLineSkip(font))
  }

  /// The pixels of the panel's text line `line`, row by row.
  static func panelLine(_ img: RGBAImage, _ line: Int, skip: Int) -> [UInt8] {
    let top = Int(HUD.pad) + line * skip
    var out: [UInt8] = []
    for y in top..<top + skip {
      for x in panelX..<img.width {
        let p = img.pixel(x, y)
        out += [p.r, p.g, p.b]
      }
    }
    return out
  }

  /// A pressed at six steps in a row, 0.05 s apart, each with a screenshot at its step:
  /// each frame shows its own counts — every view selected and animating after an odd
  /// number of presses, none after an even one (deselect is instant) — though the timing
  /// figures refresh only every 0.25 s of wall time.
  @Test func aReplayedAShowsItsCountsInTheFrameOfItsStep() throws {
    let skip = try Self.lineSkip()
    let times = (0..<6).map { 0.5 + Double($0) * 0.05 }
    let pressed = try Self.shots("pressed", [], at: times, pressing: true)
    // Every view selected and animating from the start, and none: the counts at 0.5 s.
    let all = try Self.shots("all", ["--select", "all", "--animate"], at: [0.5], pressing: false)
    let none = try Self.shots("none", [], at: [0.5], pressing: false)
    let allLine = Self.panelLine(all[0], Self.countsLine, skip: skip)
    let noneLine = Self.panelLine(none[0], Self.countsLine, skip: skip)
    let differ = allLine != noneLine
    #expect(allLine.contains { $0 > 128 } && differ, "the line shows counts")
    for (k, shot) in pressed.enumerated() {
      // Compared first, so a failure names the press, not the pixels.
      let shows = Self.panelLine(shot, Self.countsLine, skip: skip)
      let right = shows == (k % 2 == 0 ? allLine : noneLine)
      #expect(right, "the counts after press \(k + 1) show in the frame of its step")
      // The line above, "visible N  cell 50 px", never changes.
      let above = Self.panelLine(shot, Self.countsLine - 1, skip: skip)
      let same = above == Self.panelLine(none[0], Self.countsLine - 1, skip: skip)
      #expect(same, "press \(k + 1): the visible line stays")
    }
  }
}
