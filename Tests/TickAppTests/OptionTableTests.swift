import Testing

@testable import TickApp

/// Every option in `LaunchOptions.table` round-trips through help, the parser and a scene
/// file, so an option added to the table works everywhere or this fails.
@Suite struct OptionTableTests {
  /// A value each option accepts, for options whose default is not one.
  static let examples: [String: String] = [
    "grid": "3x2", "style-rows": "stroke,dot", "views": "100", "animating": "10",
    "hud": "off", "rain": "60", "group": "0,0,2x1,keep", "aa": "off", "frames": "3",
    "screenshot": "s.png", "trace": "t.json", "scene": "s.json", "replay": "r.txt",
    "record": "r.txt", "out": "a.png",
  ]

  /// The value to give `option` in these tests ("" for a flag).
  func sample(_ option: LaunchOption) -> String? {
    if option.isFlag { return "" }
    if case .value(let v) = option.defaultValue { return v }
    return Self.examples[option.name]
  }

  /// The subcommand to try `option` with: the first it applies to.
  func command(_ option: LaunchOption) -> [String] {
    let c = option.commands[0]
    return c == .render ? ["render", "--out", "x.png"] : [c.rawValue]
  }

  func parse(_ args: [String]) -> LaunchOptions? { try? LaunchOptions.parse(args) }

  @Test func namesAreUniqueAndEveryOptionHasASample() {
    let names = LaunchOptions.table.map(\.name)
    #expect(Set(names).count == names.count)
    for option in LaunchOptions.table {
      #expect(sample(option) != nil, "\(option.name): add an example to OptionTableTests")
      #expect(!option.commands.isEmpty && !option.help.isEmpty, "\(option.name)")
    }
  }

  @Test func helpListsEachOptionOnceAndEachSubcommandOnlyWhatAppliesToIt() {
    let general = LaunchOptions.helpText()
    for option in LaunchOptions.table {
      let mention = "  " + option.flag + (option.isFlag ? "" : " " + option.placeholder)
      #expect(general.components(mention) == 1, "\(option.name) in --help")
      for c in LaunchOptions.Command.allCases {
        let listed = LaunchOptions.helpText(for: c).components(mention) == 1
        #expect(listed == option.commands.contains(c), "\(option.name) in \(c) --help")
      }
    }
  }

  @Test func everyOptionParsesInBothSpellings() throws {
    for option in LaunchOptions.table where option.name != "help" && option.name != "version" {
      guard let v = sample(option) else { continue }
      let base = command(option)
      let apart = option.isFlag ? [option.flag] : [option.flag, v]
      let together = option.isFlag ? [option.flag] : [option.flag + "=" + v]
      let a = parse(base + apart)
      #expect(a != nil, "\(option.name) \(v)")
      #expect(a == parse(base + together), "\(option.name)")
      // A default changes nothing (checked below); any other sample must change something.
      if case .value = option.defaultValue { continue }
      #expect(a != parse(base), "\(option.name) changed nothing")
    }
  }

  @Test func aDefaultShownInHelpIsTheParsersDefault() {
    for option in LaunchOptions.table {
      guard case .value(let v) = option.defaultValue else { continue }
      var given = parse([option.flag, v])
      given?.commandNamed = false
      #expect(given == LaunchOptions(), "--\(option.name) \(v) is not the default")
    }
  }

  @Test func everySceneKeyGivesWhatItsOptionGives() throws {
    #expect(SceneFile.keys == LaunchOptions.table.filter(\.inSceneFile).map(\.name))
    for option in LaunchOptions.table where option.inSceneFile {
      guard let v = sample(option) else { continue }
      var text = v
      text = text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
      let json = "{\"\(option.name)\": " + (option.isFlag ? "true" : "\"\(text)\"") + "}"
      let args = try SceneFile.arguments(from: Array(json.utf8), file: "s.json")
      let base = command(option)
      #expect(parse(base + args) != nil, "\(json)")
      #expect(
        parse(base + args) == parse(base + (option.isFlag ? [option.flag] : [option.flag, v])),
        "\(json)")
      // A flag takes true or false; any other option refuses them.
      let asBool = try? SceneFile.arguments(
        from: Array("{\"\(option.name)\": false}".utf8), file: "s.json")
      #expect((asBool != nil) == option.isFlag, "\(option.name): false")
    }
  }

  @Test func optionsLimitedToSomeSubcommandsAreRefusedElsewhere() {
    for option in LaunchOptions.table where option.refusedElsewhere {
      let v = sample(option) ?? ""
      for c in LaunchOptions.Command.allCases where !option.commands.contains(c) {
        let args = (c == .render ? ["render", "--out", "x.png"] : [c.rawValue]) + [option.flag, v]
        do {
          _ = try LaunchOptions.parse(args)
          Issue.record("\(args) was accepted")
        } catch {
          #expect(error.message.contains(option.flag) && error.message.contains(c.rawValue))
        }
      }
    }
  }

  @Test func theNewOptionsParse() throws {
    let t = try LaunchOptions.parse(["render", "--out", "a.png", "--trace", "t.json"])
    #expect(t.trace == "t.json")
    #expect(try LaunchOptions.parse(["bench", "interact"]).benchCase == "interact")
    #expect(LaunchOptions.helpText(for: .bench).contains("interact"))
  }
}

extension String {
  /// How many times `s` occurs.
  fileprivate func components(_ s: String) -> Int {
    var n = 0
    var rest = self[...]
    while let r = rest.range(of: s) {
      n += 1
      rest = rest[r.upperBound...]
    }
    return n
  }

  fileprivate func replacingAll(_ a: String, with b: String) -> String {
    split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
  }
}
