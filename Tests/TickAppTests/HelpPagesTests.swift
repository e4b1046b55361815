import Testing
import TickAnimation
import TickApp
import TickScene

/// The help and a refused file's error laid out for a box of the window: no row wider than
/// the box, no page taller, nothing dropped, and the terminal's key list as it was.
@Suite struct HelpPagesTests {
  static func help(width: Int) -> [String] {
    Controls(seed: 1, rain: nil).helpLines(
      scene: Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10)),
      path: "compose (auto)", seed: 1, timeScale: 1, width: width)
  }

  /// The words of `lines`, in order: what wrapping must keep.
  static func words(_ lines: [String]) -> [Substring] {
    lines.flatMap { $0.split(separator: " ") }
  }

  /// 22 columns: a 200-px window; 37: 320 px; 59: 800 × 600 beside the panel.
  @Test(arguments: [22, 37, 59, KeyTable.helpWidth])
  func everyRowFitsItsWidthAndNoWordIsLost(width: Int) {
    let lines = Self.help(width: width)
    let wide = lines.filter { $0.count > width }
    #expect(wide.isEmpty, "\(wide)")
    let full = Self.help(width: 1000)
    #expect(Self.words(lines).joined() == Self.words(full).joined())
  }

  @Test func aNarrowBoxPutsTheKeyOnARowOfItsOwn() {
    let lines = Self.help(width: 22)
    let i = try! #require(lines.firstIndex(of: "click"))
    #expect(lines[i + 1] == "  toggle a view")
  }

  @Test(arguments: [2, 6, 38, 200])
  func pagesHoldTheirRowsAndEveryLineOnce(rows: Int) {
    let lines = Self.help(width: 37)
    let pages = HelpPages.pages(lines, rows: rows)
    #expect(pages.allSatisfy { $0.count <= rows })
    if pages.count == 1 {
      #expect(pages[0] == lines)
    } else {
      #expect(pages.flatMap { $0.dropLast() } == lines)
      #expect(pages.last?.last == HelpPages.footer(page: pages.count - 1, of: pages.count))
      #expect(pages[0].last == "page 1/\(pages.count) · F1: next")
    }
  }

  @Test func f1TurnsThePagesThenCloses() {
    var c = Controls(seed: 1, rain: nil)
    var scene = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    var clock = FixedStepClock(hz: 60)
    c.helpPageCount = 3
    var seen: [Int?] = []
    for _ in 0..<4 {
      c.apply(.toggleHelp, scene: &scene, clock: &clock)
      seen.append(c.helpPage)
    }
    #expect(seen == [0, 1, 2, nil])
  }

  /// The error panel: its file:line:col first, no row wider than the box, and as many
  /// rows as it has, the last an ellipsis where the error is longer.
  @Test func theErrorPanelFitsItsBox() {
    let error =
      "/home/someone/styles/a-long-name.json:12:15: key \"duration\": expected a number "
      + "of seconds from 0.01 to 60, got a string"
    let lines = ReloadErrorText.lines(error, columns: 22, rows: 5)
    #expect(lines.count == 5 && lines.last == "…")
    #expect(lines.allSatisfy { $0.count <= 22 }, "\(lines)")
    let all = ReloadErrorText.lines(error, columns: 22)
    #expect(all.count > 5 && all.joined().contains("a-long-name.json:12:15:"))
  }
}
