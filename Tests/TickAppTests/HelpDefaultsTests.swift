import Foundation
import Testing
import TickScene

@testable import TickCommandLine

/// `--help` shows each default as `LaunchOptions()` holds it: the defaults are written once,
/// as the struct's initial values, and the help reads them from there.
@Suite struct HelpDefaultsTests {
  /// Each shown default spelled from the field it comes from, as a user types it. An
  /// option given a default in the table must be added here.
  static func expected(_ d: LaunchOptions) -> [String: String] {
    [
      "window": "\(d.windowWidth)x\(d.windowHeight)", "cell": "\(d.cell)", "gap": "\(d.gap)",
      "select": d.selection == .none ? "none" : "?", "animation": d.style.animation.rawValue,
      "deselect": d.style.deselect.rawValue, "duration": "\(d.style.duration)",
      "timing": d.style.timing.argument, "shape": d.style.shape.rawValue,
      "stagger": "\(Int(d.stagger))", "path": d.path.rawValue,
      "fill-color": d.style.fillColor.hexString, "tick-color": d.style.tickColor.hexString,
      "ring-color": d.style.ringColor.hexString, "background": d.style.background.hexString,
      "renderer": d.renderer.rawValue, "hz": "\(d.hz)", "seed": "\(d.seed)",
      "time": "\(Int(d.time))", "budget": "\(d.budget)",
    ]
  }

  /// The lines of `--help` that describe `option`, joined: its own line and those wrapped
  /// under it.
  func helpEntry(_ option: LaunchOption) -> String {
    let lines = LaunchOptions.helpText().split(separator: "\n").map(String.init)
    let head = "  " + option.flag + (option.isFlag ? "" : " " + option.placeholder)
    guard let i = lines.firstIndex(where: { $0.hasPrefix(head) }) else { return "" }
    let indent = String(repeating: " ", count: LaunchOptions.helpColumn)
    let wrapped = lines[(i + 1)...].prefix { $0.hasPrefix(indent) }
    let words = ([lines[i]] + wrapped).map { $0.trimmingCharacters(in: .whitespaces) }
    return words.joined(separator: " ")
  }

  @Test func helpShowsEachDefaultAsTheStructHoldsIt() {
    let expected = Self.expected(LaunchOptions())
    var shown: Set<String> = []
    for option in LaunchOptions.table {
      guard case .value(let v) = option.defaultValue else { continue }
      shown.insert(option.name)
      #expect(v == expected[option.name], "--\(option.name): help shows \(v)")
      #expect(helpEntry(option).hasSuffix("(\(v))"), "--\(option.name): \(helpEntry(option))")
    }
    #expect(shown == Set(expected.keys), "options with a default shown in help")
  }

  /// The default help shows, given to the option itself, leaves the options as they start.
  @Test func eachShownDefaultSetsWhatTheStructHolds() throws {
    for option in LaunchOptions.table {
      guard case .value(let v) = option.defaultValue else { continue }
      var o = LaunchOptions()
      try option.apply(&o, OptionArgument(option: option.flag, text: v))
      #expect(o == LaunchOptions(), "--\(option.name) \(v) is not the struct's default")
    }
  }

  @Test func secondsAreShownAsAPersonWritesThem() {
    #expect(LaunchOption.Default.seconds(0) == .value("0"))
    #expect(LaunchOption.Default.seconds(0.5) == .value("0.5"))
    #expect(LaunchOption.Default.seconds(90) == .value("90"))
    #expect(LaunchOption.Default.seconds(1e300) == .value("1e+300"))
  }
}
