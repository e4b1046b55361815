import Testing
import TickAnimation
import TickGeometry
import TickScene

@testable import TickCommandLine
@testable import TickFiles

/// `"extends"`: a style file that gives only what it changes over a built-in style or
/// another file, chains of files, cycles refused with the chain named, and errors that
/// name the file they are in.
@Suite struct StyleExtendsTests {
  /// Files in memory, by path; what `read` was asked for, in order.
  final class Files {
    var contents: [String: String]
    var read: [String] = []

    init(_ contents: [String: String]) { self.contents = contents }

    func bytes(_ path: String) throws(UsageError) -> [UInt8] {
      read.append(path)
      guard let text = contents[path] else {
        throw UsageError("cannot read \(path): No such file or directory")
      }
      return Array(text.utf8)
    }
  }

  func parse(_ file: String, in files: Files) throws(UsageError) -> StyleFile {
    try StyleFile.parse(
      try files.bytes(file), file: file, name: LaunchOptions.styleName(file),
      readingFilesWith: files.bytes)
  }

  func failure(_ file: String, in files: Files) -> String {
    do {
      _ = try parse(file, in: files)
      return ""
    } catch {
      return error.message
    }
  }

  static func builtIn(_ a: AnimationStyle) -> StyleFile {
    var style = TickStyle()
    style.animation = a
    return StyleFile(style)
  }

  @Test(arguments: AnimationStyle.allCases)
  func extendingABuiltInChangesOnlyWhatTheFileGives(style: AnimationStyle) throws {
    let files = Files([
      "pop.json": ##"{"extends": "\##(style.rawValue)", "box": {"fill": "#ff6a3d"}}"##
    ])
    let pop = try parse("pop.json", in: files)
    var expected = Self.builtIn(style)
    expected.fillColor = Color(r: 0xff, g: 0x6a, b: 0x3d)
    // The name is the file's own, not the base's.
    expected.definition.name = "pop"
    #expect(pop == expected)
  }

  @Test func aChainOfFilesMergesLookByLookAndTrackByTrack() throws {
    let files = Files([
      "styles/base.json": #"""
      {"extends": "bounce", "duration": 0.8, "looks": {"off": {"markEnd": 0.5}},
       "enter": {"markScale": {"length": 0.5, "curve": "ease-out"}}}
      """#,
      "styles/top.json": #"{"extends": "base.json", "mark": {"width": 0.1}}"#,
    ])
    let top = try parse("styles/top.json", in: files)
    let bounce = Self.builtIn(.bounce)
    // Each file of the chain was read, found beside the file that names it.
    #expect(files.read == ["styles/top.json", "styles/base.json"])
    #expect(top.duration == 0.8)
    #expect(top.markWidth == 0.1)
    #expect(top.fillColor == bounce.fillColor)
    #expect(top.definition.off[.markEnd] == 0.5)
    // The other properties of off, and every other track, are bounce's.
    #expect(top.definition.off[.fillScale] == bounce.definition.off[.fillScale])
    #expect(top.definition.enter[.fillScale] == bounce.definition.enter[.fillScale])
    #expect(top.definition.enter[.markScale] != bounce.definition.enter[.markScale])
    #expect(top.definition.name == "top")
  }

  @Test func aCycleIsRefusedWithTheChainNamed() {
    let files = Files([
      "a.json": #"{"extends": "b.json"}"#,
      "b.json": #"{"extends": "c.json"}"#,
      "c.json": #"{"extends": "a.json"}"#,
    ])
    #expect(
      failure("a.json", in: files)
        == #"c.json:1:2: key "extends": the styles extend each other in a cycle: "#
        + "a.json → b.json → c.json → a.json")
    let selfish = Files(["s.json": #"{"extends": "s.json"}"#])
    #expect(failure("s.json", in: selfish).hasSuffix("in a cycle: s.json → s.json"))
  }

  @Test func badBasesSayWhereAndWhy() {
    let files = Files([
      "typo.json": #"{"extends": "bonuce"}"#,
      "number.json": #"{"extends": 3}"#,
      "twice.json": #"{"extends": "fade", "duration": 1, "duration": 2}"#,
      "bad-base.json": #"{"extends": "bad.json"}"#,
      "bad.json": #"{"extends": "fade", "box": {"fill": "red"}}"#,
    ])
    #expect(failure("typo.json", in: files).hasSuffix("(did you mean bounce?)"))
    #expect(failure("number.json", in: files).contains(#"key "extends": expected a built-in"#))
    #expect(failure("twice.json", in: files).contains(#"key "duration": appears twice"#))
    // The error is in the base, and names it.
    #expect(failure("bad-base.json", in: files).hasPrefix(#"bad.json:1:29: key "box.fill""#))
  }

  @Test func withoutFilesOnlyABuiltInCanBeExtended() throws {
    let fade = try StyleFile.parse(Array(#"{"extends": "fade"}"#.utf8), file: "f.json", name: "f")
    #expect(fade.definition.off == Self.builtIn(.fade).definition.off)
    do {
      _ = try StyleFile.parse(Array(#"{"extends": "g.json"}"#.utf8), file: "f.json", name: "f")
      Issue.record("a file base was read without a way to read files")
    } catch {
      #expect(error.message.contains("only a built-in style can be extended here"))
    }
  }

  @Test func aSceneFilesInlineStyleExtendsAFileBesideTheScene() throws {
    let files = Files([
      "scenes/demo.json": #"{"cell": 40, "style": {"extends": "pop.json"}}"#,
      "scenes/pop.json": #"{"extends": "dot", "duration": 0.7}"#,
    ])
    let o = try LaunchOptions.parse(
      ["render", "--scene", "scenes/demo.json", "--out", "x.png"], readingFilesWith: files.bytes)
    #expect(o.style.duration == 0.7)
    #expect(o.style.definition.off == Self.builtIn(.dot).definition.off)
    #expect(files.read.contains("scenes/pop.json"))
  }
}
