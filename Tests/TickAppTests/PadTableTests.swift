import Foundation
import Testing
import TickAnimation
import TickScene

@testable import TickApp
@testable import TickCommandLine

/// The gamepad's table, beside the keys': every button it binds does something through the
/// real dispatch (`KeyCommand(input:)`, then `Controls.apply`), no other button or release
/// runs a command, and help, `tickplay keys`, the README and docs/reference.md list what it binds.
@Suite struct PadTableTests {
  typealias Snapshot = KeyTableTests.Snapshot

  @Test func eachButtonIsBoundOnce() {
    let buttons = PadTable.buttons
    #expect(Set(buttons).count == buttons.count, "a button bound twice")
    for b in buttons {
      #expect(KeyCommand(input: .padButton(b, pressed: true)) == PadTable.command(for: b))
    }
  }

  /// Listed means handled: every bound button's press, through the real dispatch, changes
  /// the scene, the controls or the clock.
  @Test func everyBoundButtonDoesSomething() throws {
    for b in PadTable.buttons {
      let command = try #require(KeyCommand(input: .padButton(b, pressed: true)))
      var f = KeyTableTests.fixture(for: command)
      let before = Snapshot(f.scene, f.keyboard)
      f.keyboard.controls.apply(command, scene: &f.scene, clock: &f.keyboard.clock)
      #expect(Snapshot(f.scene, f.keyboard) != before, "\(b) (\(command)) changed nothing")
    }
  }

  /// A release runs nothing, and neither does a button the table leaves free; the D-pad is
  /// the scene's, which steers by it (`PadTests`), so it names no command either.
  @Test func releasesAndFreeButtonsRunNoCommand() {
    let bound = Set(PadTable.buttons)
    for b in PadButton.allCases {
      #expect(KeyCommand(input: .padButton(b, pressed: false)) == nil, "\(b) released")
      if !bound.contains(b) {
        #expect(KeyCommand(input: .padButton(b, pressed: true)) == nil, "\(b)")
      }
    }
    let free = PadButton.allCases.filter { !bound.contains($0) }
    #expect(free == [.guide, .leftStick, .dpadUp, .dpadDown, .dpadLeft, .dpadRight])
    for input in [InputEvent.padAxis(.leftX, value: 1), .finger(.down, id: 1, x: 5, y: 5)] {
      #expect(KeyCommand(input: input) == nil)
    }
  }

  @Test func theButtonsTheIssueAsksForDoWhatItSays() {
    #expect(PadTable.command(for: .a) == .scene(.toggleFocused))
    #expect(PadTable.command(for: .b) == .clear)
    #expect(PadTable.command(for: .x) == .toggleRain)
    #expect(PadTable.command(for: .leftShoulder) == .scene(.zoomOut))
    #expect(PadTable.command(for: .rightShoulder) == .scene(.zoomIn))
    #expect(PadTable.command(for: .start) == .togglePause)
    #expect(PadTable.command(for: .back) == .toggleHelp)
  }

  @Test func helpListsEveryBindingWrapped() {
    let lines = PadTable.helpLines()
    for b in PadTable.bindings {
      let label = KeyTable.plain(b.label)
      #expect(lines.contains { $0.hasPrefix(label + "  ") }, "\(b.label) in help")
    }
    #expect(lines.allSatisfy { $0.count <= KeyTable.helpWidth }, "wrapped")
    #expect(lines.joined(separator: " ").contains(PadTable.touchNote))
    let steering = lines.joined(separator: " ")
    #expect(steering.contains("after 0.4 s, 8 views a second") && steering.contains("25 %"))
    let help = LaunchOptions.helpText()
    #expect(help.contains("\n" + PadTable.heading + "\n  " + lines[0] + "\n"))
    let overlay = Controls(seed: 0, rain: nil).helpLines(
      scene: KeyTableTests.fixture(for: nil).scene, path: "auto", seed: 0, timeScale: 1)
    let brief = PadTable.briefLines()
    #expect(overlay.contains(brief[0]) && overlay.contains(lines[lines.count - 1]))
    #expect(brief.allSatisfy { $0.count <= KeyTable.helpWidth } && brief.count <= 4)
    for b in PadTable.bindings {
      #expect(brief.joined(separator: " ").contains("\(b.label): \(b.brief)"), "\(b.label)")
    }
  }

  @Test func markdownHasARowPerBinding() {
    let rows = PadTable.markdown().split(separator: "\n")
    #expect(rows.count == PadTable.bindings.count + 2)
    #expect(rows[0] == "| button | action |" && rows[1] == "| --- | --- |")
    for (row, b) in zip(rows.dropFirst(2), PadTable.bindings) {
      #expect(row == "| \(b.label) | \(b.help) |")
    }
  }

  /// docs/reference.md's gamepad table is the second table `tickplay keys --markdown` prints, row
  /// for row. On a difference the failure prints the table to paste.
  @Test func theReferenceButtonTableIsTheGeneratedOne() throws {
    let readme = try String(
      contentsOf: KeyTableTests.packageRoot.appendingPathComponent("docs/reference.md"),
      encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("| button | action |") },
      "docs/reference.md has no button table")
    let written = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n") + "\n"
    let expected = PadTable.markdown()
    #expect(
      written == expected,
      "docs/reference.md's button table differs from `tickplay keys --markdown`; paste this:\n\(expected)"
    )
  }
}
