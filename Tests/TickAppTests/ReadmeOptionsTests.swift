import Foundation
import Testing
import TickCommandLine

/// The reference's option table (docs/reference.md) against the option table the parser uses.
@Suite struct ReadmeOptionsTests {
  /// The `--name`s in the first column of docs/reference.md's option table (the table whose
  /// header is `| option | values | default |`).
  static func readmeOptions() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/reference.md"), encoding: .utf8)
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
    #expect(!listed.isEmpty, "no option table in docs/reference.md")
    #expect(declared.subtracting(listed).isEmpty, "options missing from docs/reference.md")
    #expect(listed.subtracting(declared).isEmpty, "docs/reference.md options that do not exist")
  }
}
