import Foundation
import Testing
import TickApp

/// The README's option table against the option table the parser uses.
@Suite struct ReadmeOptionsTests {
  /// The `--name`s in the first column of the README's option table (the table whose
  /// header is `| option | values | default |`).
  static func readmeOptions() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    guard let header = lines.firstIndex(of: "| option | values | default |") else { return [] }
    var names: Set<String> = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let first = line.split(separator: "|").first ?? ""
      for word in first.split(whereSeparator: { " `/,".contains($0) }) where word.hasPrefix("--") {
        names.insert(String(word.dropFirst(2)))
      }
    }
    return names
  }

  @Test func theReadmeListsEveryOptionAndNoOther() throws {
    let listed = try Self.readmeOptions()
    let declared = Set(LaunchOptions.table.map(\.name))
    #expect(!listed.isEmpty, "no option table in README.md")
    #expect(declared.subtracting(listed).isEmpty, "options missing from the README")
    #expect(listed.subtracting(declared).isEmpty, "README options that do not exist")
  }
}
