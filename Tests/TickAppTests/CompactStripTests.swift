import Testing
import TickScene

@testable import TickApp

/// The compact strip's choice of what fits a window, against width functions standing in
/// for a font: every field at its longest where it fits, then the least important
/// shortened and left out first, and the line within the width down to 320 px.
@Suite struct CompactStripTests {
  /// A monospace font's width: about the HUD's 13-pt DejaVu Sans Mono.
  static func mono(_ text: String) -> Int { text.count * 8 }

  /// A proportional font's width: narrow punctuation and spaces, wide capitals and digits.
  static func proportional(_ text: String) -> Int {
    text.reduce(0) { w, c in
      w + (c == " " || c == "·" || c == "," || c == "." ? 4 : c.isUppercase || c.isNumber ? 9 : 7)
    }
  }

  /// The strip's padding on each side (`HUD.pad`): a window's room is its width less both.
  static let pad = 8

  /// Figures as long as play shows: a million views, a style read from a file, a named
  /// cubic curve, slow motion and pause, the path with the renderer's note.
  static var longest: HUDModel.Figures {
    var f = HUDModel.Figures()
    f.fps = 144
    f.views = 1_000_000
    f.style = "my-own-bounce (my-own-bounce-style.json)"
    f.curve = "cubic-bezier(0.25,0.1,0.25,1)"
    f.deselect = "animate"
    f.timeScale = 0.1
    f.paused = true
    f.frame.path = "direct (auto) — no atlas: the sheet is larger than the renderer allows"
    return f
  }

  @Test func aWideWindowShowsEveryFieldInFull() {
    var f = HUDModel.Figures()
    f.views = 9
    let fields = HUDModel.compactFields(f)
    let full = HUDModel.compactLine(f)
    #expect(full == "0 fps · 9 views · stroke · linear · instant · time ×1 · direct")
    #expect(CompactStrip.fit(fields, width: 2000, measure: Self.mono) == full)
    #expect(CompactStrip.fit(fields, width: Self.mono(full), measure: Self.mono) == full)
  }

  @Test(arguments: [Self.mono, Self.proportional] as [@Sendable (String) -> Int])
  func everyWidthFrom320IsFilledWithoutOverflowing(measure: @Sendable (String) -> Int) {
    let fields = HUDModel.compactFields(Self.longest)
    var previous = ""
    for window in stride(from: 320, through: 2400, by: 4) {
      let room = window - 2 * Self.pad
      let text = CompactStrip.fit(fields, width: room, measure: measure)
      #expect(measure(text) <= room, "\(window) px: \(text)")
      #expect(text.hasPrefix("144 fps · 1,000,000 views"), "\(window) px: \(text)")
      // A wider window never shows less.
      #expect(measure(text) >= measure(previous), "\(window) px: \(text) after \(previous)")
      previous = text
    }
    #expect(previous == HUDModel.compactLine(Self.longest))
  }

  /// A load (`--load`, `=`) is shown beside the fps, and is the last to give way but them.
  @Test func theLoadStaysBesideTheFps() {
    var f = Self.longest
    f.load = 500_000
    f.animating = 499_321
    let fields = HUDModel.compactFields(f)
    #expect(HUDModel.compactLine(f).hasPrefix("144 fps · load 500,000 (499,321 running) · "))
    let narrow = CompactStrip.fit(fields, width: 320 - 2 * Self.pad, measure: Self.mono)
    #expect(narrow == "144 fps · 499,321/500,000 load")
    f.load = 0
    #expect(!HUDModel.compactLine(f).contains("load"))
  }

  @Test func theLeastImportantGiveWayFirstShortenedThenLeftOut() {
    var f = Self.longest
    f.timeScale = 1
    f.paused = false
    let fields = HUDModel.compactFields(f)
    let full = HUDModel.compactLine(f)
    // One character short: deselect has no shorter form, so the curve gives way first,
    // to its name without its arguments; time ×1 stays.
    let short = CompactStrip.fit(fields, width: Self.mono(full) - 8, measure: Self.mono)
    #expect(short.contains("· cubic-bezier ·") && short.contains("time ×1"), "\(short)")
    // Shortened in turn: the curve, time hidden, the path, the style; then left out.
    let shortest = "144 fps · 1,000,000 views · my-own-bounce · cubic-bezier · animate · direct"
    #expect(CompactStrip.fit(fields, width: Self.mono(shortest), measure: Self.mono) == shortest)
    let lessDeselect = "144 fps · 1,000,000 views · my-own-bounce · cubic-bezier · direct"
    #expect(
      CompactStrip.fit(fields, width: Self.mono(shortest) - 8, measure: Self.mono)
        == lessDeselect)
    #expect(CompactStrip.fit(fields, width: 0, measure: Self.mono) == "144 fps")
  }

  /// A field added to the strip needs a place in the give-way list; fps is never left out.
  @Test func everyFieldHasAPlaceInTheGiveWayList() {
    #expect(Set(CompactStrip.givesWay) == Set(CompactField.Kind.allCases))
    #expect(CompactStrip.givesWay.count == CompactField.Kind.allCases.count)
    #expect(CompactStrip.givesWay.last == .fps)
    #expect(
      Set(HUDModel.compactFields(Self.longest).map(\.kind)) == Set(CompactField.Kind.allCases))
  }

  @Test func formsAreCutBeforeEachMark() {
    #expect(
      CompactField.cut("compose (auto) — no sheet", before: [" — ", " ("])
        == ["compose (auto) — no sheet", "compose (auto)", "compose"])
    #expect(CompactField.cut("direct", before: [" — ", " ("]) == ["direct"])
    #expect(CompactField.cut("spring(300,20)", before: ["("]) == ["spring(300,20)", "spring"])
    #expect(CompactField(.fps, []).forms == [""])
  }

  @Test func aLongToastIsCutWithAnEllipsis() {
    let text = "pop.json not applied: line 3: key \"box.fill\": expected a colour"
    #expect(CompactStrip.truncated(text, width: 1000, measure: Self.mono) == text)
    let cut = CompactStrip.truncated(text, width: 200, measure: Self.mono)
    #expect(cut == "pop.json not applied: li…", "\(cut)")
    #expect(Self.mono(cut) <= 200)
    // No space before the ellipsis.
    #expect(CompactStrip.truncated("ab cd", width: 32, measure: Self.mono) == "ab…")
    #expect(CompactStrip.truncated("abcdef", width: 4, measure: Self.mono) == "…")
  }
}
