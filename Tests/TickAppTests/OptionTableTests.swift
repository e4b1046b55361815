import Testing

@testable import TickCommandLine

/// Every option in `LaunchOptions.table` round-trips through help, the parser and a scene
/// file, so an option added to the table works everywhere or this fails.
@Suite struct OptionTableTests {
  /// A value each option accepts, for options whose default is not one.
  static let examples: [String: String] = [
    "grid": "3x2", "style-rows": "stroke,dot", "views": "100", "animating": "10",
    "hud": "off", "rain": "60", "group": "0,0,1x1,keep", "aa": "off", "frames": "3",
    "screenshot": "s.png", "trace": "t.json", "scene": "s.json", "replay": "r.txt",
    "record": "r.txt", "out": "a.png", "style": "s.json", "load": "500", "threads": "2",
  ]

  /// The value to give `option` in these tests ("" for a flag).
  func sample(_ option: LaunchOption) -> String? {
    if option.isFlag { return "" }
    if case .value(let v) = option.defaultValue { return v }
    return Self.examples[option.name]
  }

  /// The subcommand to try `option` with: the first use that takes it.
  func command(_ option: LaunchOption) -> [String] {
    Self.arguments(option.uses[0], trying: option)
  }

  /// The arguments that run `use` and nothing else: its subcommand, its bench case, and
  /// the output file render and export need, unless `trying` is that option itself (given
  /// twice, it would be refused as repeated).
  static func arguments(_ use: LaunchOptions.Use, trying option: LaunchOption? = nil)
    -> [String]
  {
    let command = use.name.split(separator: " ").map(String.init)
    guard option?.name != "out" else { return command }
    switch use {
    case .render: return ["render", "--out", "x.png"]
    case .export: return ["export", "--out", "x.gif"]
    default: return command
    }
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
      for use in LaunchOptions.Use.allCases {
        let listed = LaunchOptions.helpText(for: use).components(mention) == 1
        // `bench --help` lists what any bench case takes.
        let takes =
          use == .bench(nil)
          ? LaunchOptions.Use.allBench.contains(where: option.applies) : option.applies(to: use)
        #expect(listed == takes, "\(option.name) in \(use.name) --help")
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
      let base = command(option)
      #expect(
        parse(base + [option.flag, v]) == parse(base), "--\(option.name) \(v) is not the default")
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

  /// Every use (subcommand, bench case) takes exactly the options its help lists: each
  /// listed one parses, and each other one is refused, naming the option and the use,
  /// rather than ignored. What each listed option does there is checked by the tests of
  /// that subcommand (`RenderOptionsTests`, `ExportCommandTests`, the bench tests).
  @Test func everyUseRefusesEveryOptionItsHelpDoesNotList() {
    for use in LaunchOptions.Use.allCases {
      for option in LaunchOptions.table where option.name != "help" && option.name != "version" {
        guard let v = sample(option) else { continue }
        let args =
          Self.arguments(use, trying: option) + (option.isFlag ? [option.flag] : [option.flag, v])
        do {
          _ = try LaunchOptions.parse(args)
          #expect(option.applies(to: use), "\(args) was accepted")
        } catch {
          #expect(!option.applies(to: use), "\(args): \(error.message)")
          #expect(
            error.message.contains(option.flag + " does not apply to " + use.name),
            "\(args): \(error.message)")
        }
      }
    }
  }

  /// What each use takes, written out: a change to the table shows here, and must be
  /// matched by the subcommand's code (and its tests) doing what the option says.
  static let taken: [LaunchOptions.Use: Set<String>] = {
    let style: Set = [
      "animation", "deselect", "duration", "timing", "shape", "style", "fill-color",
      "tick-color", "ring-color", "background", "aa", "hz", "cell", "gap",
    ]
    let scene = style.union(["window", "grid", "style-rows", "group", "seed"])
    let selection: Set = ["select", "animate", "stagger", "rain"]
    return [
      .play: scene.union(selection).union([
        "path", "renderer", "hud", "frames", "screenshot", "events", "trace", "replay",
        "record", "fit", "load", "threads",
      ]),
      .render: scene.union(selection).union([
        "path", "renderer", "hud", "replay", "out", "time", "fit", "load", "threads",
      ]),
      .export: style.union(["style-rows", "group", "path", "renderer", "out", "threads"]),
      .bench(nil): style.union(["window", "grid"]),
      .bench(.tessellate): ["cell", "aa", "views"],
      .bench(.frame): scene.subtracting(["group"]).union([
        "path", "renderer", "views", "animating", "fit", "threads",
      ]),
      .bench(.soak): scene.union(selection).union(["frames", "time"]),
      .bench(.interact): scene.union(selection).union(["path", "renderer", "threads"]),
      .bench(.compose): ["seed"],
      .bench(.sheets): ["renderer", "hz"],
      .bench(.overview): ["views", "animating", "seed", "fit", "threads"],
      .bench(.history): ["views", "animating", "seed", "threads"],
      .bench(.step): ["views", "animating", "seed", "threads"],
      .bench(.limit): scene.subtracting(["group", "style-rows"]).union([
        "path", "renderer", "budget", "threads",
      ]),
      .bench(.submit): ["window", "views", "frames", "renderer", "seed"],
    ]
  }()

  @Test func eachUseTakesWhatItsCodeUses() {
    let always: Set = ["scene", "help", "version"]
    for use in LaunchOptions.Use.allCases {
      let inTable = Set(LaunchOptions.table.filter { $0.applies(to: use) }.map(\.name))
      #expect(inTable == Self.taken[use, default: []].union(always), "\(use.name)")
    }
  }

  @Test func theNewOptionsParse() throws {
    let t = try LaunchOptions.parse(["play", "--trace", "t.json"])
    #expect(t.trace == "t.json")
    #expect(try LaunchOptions.parse(["bench", "interact"]).benchCase == .interact)
    #expect(LaunchOptions.helpText(for: .bench(nil)).contains("interact"))
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
