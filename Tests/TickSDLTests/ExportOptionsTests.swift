import Foundation
import TestSupport
import Testing

/// Every option `export --help` lists does what it says: given a value other than its
/// default, the GIF (or, for the render path, the line export writes) changes; `--threads`
/// alone must leave it byte for byte as it was. The options it does not list are refused
/// (`OptionTableTests`).
@Suite struct ExportOptionsTests {
  /// A value for each option export takes, other than its default.
  static let samples: [String: String] = [
    "animation": "bounce", "deselect": "reverse", "duration": "0.2", "timing": "ease-in",
    "shape": "square", "style": "dot", "fill-color": "#ff0000", "tick-color": "#000000",
    "ring-color": "#0000ff", "background": "#eeeeee", "aa": "off", "hz": "30", "cell": "24",
    "gap": "4", "style-rows": "stroke,dot", "group": "0,0,1x1,keep", "path": "direct",
    "renderer": "software", "threads": "3",
  ]

  @Test func everyOptionExportListsChangesTheGIF() throws {
    let dir = Tickplay.temporaryDirectory("export-options")
    // The options `export --help` lists: its lines that start with the option.
    let help = try Tickplay.run(["export", "--help"]).stdout
    let listed = help.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  --") else { return nil }
      return String(line.dropFirst(4).prefix { $0 != " " && $0 != "," })
    }
    let own: Set = ["out", "scene", "help", "version"]
    #expect(Set(listed).subtracting(own) == Set(Self.samples.keys), "samples out of date")
    let names = ["default"] + Self.samples.keys.sorted()
    let results = Results(count: names.count)
    DispatchQueue.concurrentPerform(iterations: names.count) { i in
      let gif = dir.appendingPathComponent("\(names[i]).gif").path
      let extra = i == 0 ? [] : ["--\(names[i])", Self.samples[names[i]]!]
      // Small cells, but for the cell's own trial: twice, --cell would be refused.
      let base = ["export"] + (names[i] == "cell" ? [] : ["--cell", "20"])
      let r = try? Tickplay.run(base + extra + ["--out", gif])
      results.set(i, Outcome(result: r, gif: FileManager.default.contents(atPath: gif)))
    }
    let all = results.all
    let plain = try #require(all[0].gif, "\(all[0].result?.stderr ?? "")")
    for (name, outcome) in zip(names, all).dropFirst() {
      #expect(outcome.result?.status == 0, "--\(name): \(outcome.result?.stderr ?? "")")
      let changed = outcome.gif != nil && outcome.gif != plain
      // The render path draws the same picture by design; export names it.
      let named = outcome.result?.stderr.contains("direct path") == true
      if name == "threads" {
        #expect(outcome.gif != nil && outcome.gif == plain, "--threads changed the GIF")
      } else {
        #expect(
          name == "path" ? named : changed, "--\(name) \(Self.samples[name]!) changed nothing")
      }
    }
  }
}

/// What one export gave: its run and its GIF's bytes.
private struct Outcome: Sendable {
  var result: Tickplay.Result?
  var gif: Data?
}

/// Outcomes filled in from several threads.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Outcome]
  init(count: Int) { values = Array(repeating: Outcome(), count: count) }
  func set(_ i: Int, _ o: Outcome) { lock.withLock { values[i] = o } }
  var all: [Outcome] { lock.withLock { values } }
}
