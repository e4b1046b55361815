import Foundation
import Testing
import TickCommandLine

/// docs/reference.md's environment table, and `--help`'s ENVIRONMENT section, against the one
/// declaration of the variables tickplay reads (`EnvironmentVariable.table`).
@Suite struct ReadmeEnvironmentTests {
  /// docs/reference.md's environment table (the one whose header is
  /// `| variable | meaning | when unset |`): each row's variable and its "when unset".
  static func readmeRows() throws -> [(name: String, unset: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/reference.md"), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    guard let header = lines.firstIndex(of: "| variable | meaning | when unset |") else {
      return []
    }
    var rows: [(name: String, unset: String)] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3 else { continue }
      rows.append((cells[0].replacingOccurrences(of: "`", with: ""), cells[2]))
    }
    return rows
  }

  @Test func theReadmeListsExactlyTheDeclaredVariablesInOrder() throws {
    let rows = try Self.readmeRows()
    #expect(!rows.isEmpty, "no environment table in docs/reference.md")
    #expect(rows.map(\.name) == EnvironmentVariable.table.map(\.name))
    for (row, variable) in zip(rows, EnvironmentVariable.table) {
      #expect(row.unset == variable.unset, "\(variable.name): docs/reference.md's \"when unset\"")
    }
  }

  @Test func helpShowsEachVariableWithWhatHoldsWhenUnset() {
    let help = LaunchOptions.helpText()
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let section = lines.firstIndex(of: "ENVIRONMENT") else {
      Issue.record("no ENVIRONMENT section in --help")
      return
    }
    let rest = lines[(section + 1)...].prefix { !$0.isEmpty }.joined(separator: " ")
    let words = rest.split(separator: " ").joined(separator: " ")
    for variable in EnvironmentVariable.table {
      #expect(words.contains(variable.name + " " + variable.meaning), "\(variable.name)")
      #expect(words.contains("(unset: \(variable.unset))"), "\(variable.name)")
    }
    #expect(
      LaunchOptions.helpText(for: .render).contains("ENVIRONMENT") == false,
      "a subcommand's help lists only its options")
  }

  @Test func aValueIsReadThroughItsDeclarationByName() {
    let environment = [
      "TICKPLAY_CHECK_FRAMES": "3", "TICKPLAY_SCREENSHOT_DIR": "",
      "TICKPLAY_BACKGROUND_SHEETS": "1",
    ]
    let lookUp = { (name: String) in environment[name] }
    #expect(EnvironmentVariable.checkFrames.value(from: lookUp) == "3")
    #expect(EnvironmentVariable.checkDirectory.value(from: lookUp) == nil)
    #expect(EnvironmentVariable.screenshotDirectory.value(from: lookUp) == nil, "empty is unset")
    #expect(EnvironmentVariable.backgroundSheets.isOn(in: lookUp))
    #expect(!EnvironmentVariable.checkFrames.isOn(in: lookUp), "only 1 switches on")
    #expect(Set(EnvironmentVariable.table.map(\.name)).count == EnvironmentVariable.table.count)
  }

  /// Every `TICKPLAY_…` name the sources mention is declared, and none is read by
  /// `getenv` directly: the declaration is the one way in.
  @Test func theSourcesNameOnlyDeclaredVariablesAndReadNoneDirectly() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let declared = Set(EnvironmentVariable.table.map(\.name))
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
    var mentioned: Set<String> = []
    for file in files ?? [] where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("getenv(\"TICKPLAY_"), "\(file) reads a variable directly")
      var rest = Substring(text)
      while let r = rest.range(of: "TICKPLAY_") {
        let name = rest[r.lowerBound...].prefix { $0.isUppercase || $0 == "_" }
        mentioned.insert(String(name))
        rest = rest[r.upperBound...]
      }
    }
    #expect(
      mentioned.subtracting(declared).isEmpty, "undeclared: \(mentioned.subtracting(declared))")
    #expect(declared.isSubset(of: mentioned))
  }
}
