import Foundation
import Testing
import TickAnimation
import TickGeometry
import TickScene

@testable import TickCommandLine
@testable import TickFiles

/// Style files: the built-in files give exactly the built-in styles, files round-trip,
/// bad files say where and what is accepted, and flags win over the file.
@Suite struct StyleFileTests {
  static let stylesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "assets/styles")

  func parse(_ json: String, file: String = "s.json") throws(UsageError) -> StyleFile {
    try StyleFile.parse(Array(json.utf8), file: file, name: "s")
  }

  func failure(_ json: String) -> String? {
    do {
      _ = try parse(json)
      return nil
    } catch {
      return error.message
    }
  }

  /// A minimal valid document with `extra` members after the looks.
  func doc(_ extra: String = "") -> String {
    let off = StyleFile.look(AnimationStyle.stroke.look(.off), from: nil).spacedText
    return "{\"looks\": {\"off\": \(off)}\(extra.isEmpty ? "" : ", " + extra)}"
  }

  /// The files are written from the code (`StyleFile.builtIn`, by `tools/styles`): each is
  /// exactly what the code writes, and reads back as the code's style.
  @Test(arguments: AnimationStyle.allCases)
  func eachBuiltInFileGivesExactlyTheBuiltInStyle(style: AnimationStyle) throws {
    let url = Self.stylesDirectory.appendingPathComponent("\(style.rawValue).json")
    let bytes = try [UInt8](Data(contentsOf: url))
    #expect(
      String(decoding: bytes, as: UTF8.self) == StyleFile.builtIn(style),
      "assets/styles/\(style.rawValue).json is not what the code gives: run tools/styles")
    let file = try StyleFile.parse(bytes, file: url.path, name: "unnamed")
    #expect(file.definition == style.definition)
    var fromFile = TickStyle()
    file.apply(to: &fromFile)
    var builtIn = TickStyle()
    builtIn.animation = style
    // Everything but where the looks come from is the default's: colours, widths, shape.
    fromFile.custom = nil
    fromFile.animation = style
    #expect(fromFile == builtIn)
  }

  /// docs/reference.md's table of styles (which points at the code as their one source)
  /// has a row for each built-in style, in the code's order, and no other.
  @Test func theReferenceTableNamesEveryBuiltInStyleInOrder() throws {
    let reference = Self.stylesDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/reference.md")
    let lines = try String(contentsOf: reference, encoding: .utf8).split(separator: "\n")
    let header = "| style | on: what moves | off (`--deselect animate`) |"
    let start = try #require(lines.firstIndex { $0 == header }, "no styles table") + 2
    let rows = lines[start...].prefix { $0.hasPrefix("|") }
    // A row's first cell starts with the style's name in backticks.
    let named = rows.map { $0.split(separator: "`").dropFirst().first.map(String.init) ?? "" }
    #expect(named == AnimationStyle.names)
  }

  /// `assets/styles/` holds a file for each built-in style and no other.
  @Test func theStylesFolderHoldsEveryBuiltInStyleAndNoOther() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.stylesDirectory.path)
    #expect(
      Set(files) == Set(AnimationStyle.names.map { $0 + ".json" }),
      "assets/styles/ is not the code's styles: run tools/styles")
  }

  @Test func aFileWithEverySettingRoundTrips() throws {
    var style = TickStyle()
    style.animation = .dot
    style.shape = .square
    style.fillColor = Color(r: 1, g: 2, b: 3, a: 4)
    style.tickColor = .black
    style.markWidth = 0.1
    style.outlineWidth = 2.5
    style.duration = 0.75
    style.timing = .cubicBezier(x1: 0.1, y1: -0.5, x2: 0.9, y2: 1.5)
    var file = StyleFile(style)
    file.deselect = .reverse
    file.definition.enter = Timing(
      .atStart,
      [
        .markTurn: .span(0, 1, .spring(SpringPair(stiffness: 200, damping: 12))),
        .markScale: .span(
          0.2, 0.5, .fixed(.spring(Spring(stiffness: 90, damping: 5, initialVelocity: 2)))),
      ])
    let back = try parse(file.document.prettyText())
    var named = file
    named.definition.name = "dot"
    #expect(back == named)
  }

  @Test func onAndMixedChangeOnlyWhatTheyName() throws {
    let f = try parse(doc().replacingOccurrences(of: "}}", with: "}, \"on\": {\"fillAlpha\": 1}}"))
    #expect(f.definition.on == AnimationStyle.stroke.look(.off).with([.fillAlpha: 1]))
    #expect(f.definition.mixed == f.definition.on)
    // Properties with no track jump as the transition starts.
    #expect(f.definition.isInstant)
  }

  @Test func badFilesNameTheFileTheKeyItsPlaceAndWhatItAccepts() {
    let cases: [(String, [String])] = [
      ("{\"looks\": 3}", ["s.json:1:2", "\"looks\"", "expected an object", "got 3"]),
      ("{}", ["s.json", "needs \"looks\""]),
      ("{\"looks\": {\"off\": {\"fillAlpha\": 1}}}", ["s.json:1:12", "missing outlineAlpha"]),
      (
        doc("\"colour\": 1"),
        ["unknown key", "\"colour\"", "expected one of extends, name, summary"]
      ),
      (
        doc("\"enter\": {\"markEnd\": {\"length\": 2}}"),
        ["\"enter.markEnd.length\"", "0–1", "got 2"]
      ),
      (
        doc("\"enter\": {\"markEnd\": {\"curve\": \"bouncy\"}}"),
        ["\"enter.markEnd.curve\"", "cubic-bezier(x1,y1,x2,y2)", "spring(", "got \"bouncy\""]
      ),
      (
        doc("\"enter\": {\"markEnd\": {\"delay\": 0.6, \"length\": 0.6}}"),
        ["\"enter.markEnd\"", "at most 1"]
      ),
      (doc("\"enter\": {\"markEnd\": []}"), ["\"enter.markEnd\"", "array of one or two"]),
      (
        doc("\"enter\": {\"markEnd\": [{\"length\": 0.5}, {\"delay\": 0.2, \"length\": 0.1}]}"),
        ["\"enter.markEnd[1].delay\"", "segment 0 ends"]
      ),
      (doc("\"enter\": {\"spin\": {}}"), ["\"enter.spin\"", "markTurn"]),
      (doc("\"box\": {\"shape\": \"star\"}"), ["\"box.shape\"", "circle or square"]),
      (doc("\"mark\": {\"color\": \"white\"}"), ["\"mark.color\"", "#rrggbb"]),
      (doc("\"timing\": \"user\""), ["\"timing\"", "ease-in-out"]),
      (doc("\"name\": \"a\", \"name\": \"b\""), ["appears twice"]),
      ("{\"looks\": {\"off\": }", ["s.json:1:19", "invalid JSON"]),
      ("[]", ["s.json", "expected a JSON object"]),
    ]
    for (json, parts) in cases {
      let message = failure(json)
      #expect(message != nil, "\(json) was accepted")
      for p in parts {
        #expect(message?.contains(p) == true, "\(json): \(message ?? "") lacks \(p)")
      }
    }
  }

  @Test func anErrorOnALaterLineGivesThatLineAndColumn() {
    let json = doc().replacingOccurrences(
      of: "}}", with: "},\n  \"on\": {\n    \"markEnd\": \"1\"}}")
    #expect(failure(json)?.hasPrefix("s.json:3:5: key \"looks.on.markEnd\": expected") == true)
  }

  // MARK: - Through the command line

  func options(_ argv: [String], files: [String: String]) throws(UsageError) -> LaunchOptions {
    try LaunchOptions.parse(
      argv,
      readingFilesWith: { (p) throws(UsageError) in
        guard let text = files[p] else { throw UsageError("cannot read \(p): no such file") }
        return Array(text.utf8)
      })
  }

  @Test func styleLoadsAFileAndFlagsWin() throws {
    let file = doc("\"box\": {\"fill\": \"#112233\", \"shape\": \"square\"}, \"duration\": 2")
    let o = try options(
      ["--style", "dir/pop.json", "--duration", "1"], files: ["dir/pop.json": file])
    #expect(o.style.custom?.name == "pop" && o.style.styleName == "pop")
    #expect(o.style.fillColor == Color(hex: "#112233") && o.style.shape == .square)
    #expect(o.style.duration == 1)
    #expect(o.stylePath == "dir/pop.json")
    // A scene file's flags win too.
    let s = try options(
      ["--scene", "s.json", "--style", "p.json"],
      files: ["p.json": file, "s.json": "{\"shape\": \"circle\"}"])
    #expect(s.style.shape == .circle && s.style.fillColor == Color(hex: "#112233"))
  }

  @Test func aBuiltInNameIsABuiltInStyle() throws {
    let o = try options(["--style", "bounce"], files: [:])
    #expect(o.style.animation == .bounce && o.style.custom == nil && o.stylePath == nil)
  }

  @Test func aSceneFileMayHoldItsStyleInline() throws {
    let scene = "{\"cell\": 40,\n \"style\": \(doc("\"name\": \"inline\""))}"
    let o = try options(["--scene", "s.json"], files: ["s.json": scene])
    #expect(o.cell == 40 && o.style.custom?.name == "inline")
    let bad = scene.replacingOccurrences(of: "\"inline\"", with: "7")
    #expect(throws: UsageError.self) { try options(["--scene", "s.json"], files: ["s.json": bad]) }
    do {
      _ = try options(["--scene", "s.json"], files: ["s.json": bad])
    } catch {
      #expect(error.message.hasPrefix("s.json:2:") && error.message.contains("\"style.name\""))
    }
  }

  @Test func aMissingStyleFileIsAUsageErrorNamingIt() {
    do {
      _ = try options(["--style", "gone.json"], files: [:])
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("--style") && error.message.contains("gone.json"))
    }
  }
}
