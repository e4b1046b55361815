import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// `play --style FILE` while an editor saves the file, in each way editors save: the
  /// window ends on the last save's style, with no error panel, whichever poll lands in
  /// the middle of a save.
  @Suite struct LiveReloadSavesTests {
    typealias X = OnTheXDisplay

    /// Saves in a row of each way, the last one's colour to end on.
    static let savesInARow = 4
    /// An editor's pause between two writes of one save: a poll (every 0.25 s) may land
    /// in it.
    static let pauseMicroseconds: UInt32 = 20_000

    /// The ways editors write a file.
    enum Save: CaseIterable {
      case truncateThenWrite, partialWrites, renameOver
    }

    /// Writes `text` to `url` as an editor saving in the way `kind` does.
    static func write(_ text: String, to url: URL, as kind: Save) throws {
      let bytes = Data(text.utf8)
      switch kind {
      case .truncateThenWrite:
        let h = try FileHandle(forWritingTo: url)
        try h.truncate(atOffset: 0)
        usleep(pauseMicroseconds)
        try h.write(contentsOf: bytes)
        try h.close()
      case .partialWrites:
        let h = try FileHandle(forWritingTo: url)
        try h.truncate(atOffset: 0)
        let third = bytes.count / 3
        for range in [0..<third, third..<2 * third, 2 * third..<bytes.count] {
          try h.write(contentsOf: bytes[range])
          usleep(pauseMicroseconds)
        }
        try h.close()
      case .renameOver:
        try bytes.write(to: url, options: .atomic)
      }
    }

    /// The fills of one way's saves: distinct, the last far from the others' last.
    static let fills: [Save: [(Int, Int, Int)]] = [
      .truncateThenWrite: [
        (0x20, 0xa0, 0xa0), (0xa0, 0x20, 0xa0), (0x60, 0x60, 0x20), (0xd0, 0x30, 0x30),
      ],
      .partialWrites: [
        (0xa0, 0xa0, 0x20), (0x20, 0x20, 0x60), (0x90, 0x60, 0x30), (0x30, 0x50, 0xd0),
      ],
      .renameOver: [
        (0x50, 0x90, 0x50), (0xd0, 0x30, 0x30), (0x30, 0x50, 0xd0), (0xe0, 0x90, 0x10),
      ],
    ]

    static func hex(_ c: (Int, Int, Int)) -> String {
      let digits = Array("0123456789abcdef")
      return "#" + [c.0, c.1, c.2].map { "\(digits[$0 >> 4])\(digits[$0 & 15])" }.joined()
    }

    @Test(X.needed) func everyWayOfSavingEndsOnTheLastSave() throws {
      let dir = Tickplay.temporaryDirectory("live-reload-saves")
      let styleURL = dir.appendingPathComponent("mine.json")
      let stroke = try Tickplay.builtInStyleText("stroke")
      #expect(stroke.contains("#2ecb94"))
      func text(_ fill: (Int, Int, Int)) -> String {
        stroke.replacingOccurrences(of: "#2ecb94", with: Self.hex(fill))
      }
      try Self.write(stroke, to: styleURL, as: .renameOver)
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--select", "all", "--style", styleURL.path],
        name: "live-reload-saves")
      try w.move(5, 5)
      let live = LiveReloadTests()
      try w.waitForFrame("the file's green discs") { live.discs($0, (0x2e, 0xcb, 0x94)) }
      for kind in Save.allCases {
        let fills = Self.fills[kind]!
        #expect(fills.count == Self.savesInARow)
        for fill in fills { try Self.write(text(fill), to: styleURL, as: kind) }
        try w.waitForFrame("\(kind): the last save's \(Self.hex(fills.last!)), no error") {
          live.discs($0, fills.last!) && !live.overlay($0)
        }
      }
      // An error may have shown only while a save was cut short on disk.
      let refused = w.app.stderr.split(separator: "\n").filter { $0.contains("not reloaded") }
      #expect(
        refused.allSatisfy { $0.contains("unexpected end of input") }, "\(w.app.stderr)")
      #expect(try w.netWMName().contains("— stroke (mine.json), linear,"))
      #expect(try w.quit() == 0, "\(w.app.stderr)")
    }
  }
}
