import Foundation
import Testing
import TickScene

@testable import TickApp
@testable import TickCommandLine
@testable import TickFiles

/// The HUD, its compact strip and the window title name the style in use by its name and
/// the file it was read from.
@Suite struct StyleLabelTests {
  /// A style file named `pop`, bounce's settings in orange.
  static let pop = Array(
    """
    {"name": "pop", "box": {"fill": "#ff6a3d"},
     "looks": {"off": {"outlineAlpha": 1, "outlineEnd": 1, "fillAlpha": 1, "fillScale": 0,
                       "markStart": 0, "markEnd": 1, "markAlpha": 1, "markScale": 0,
                       "markMorph": 1, "markTurn": 0}}}
    """.utf8)

  /// `args` parsed, with `files` as the file system.
  static func options(_ args: [String], _ files: [String: [UInt8]]) throws -> LaunchOptions {
    try LaunchOptions.parse(
      args,
      readingFilesWith: { (path) throws(UsageError) in
        guard let bytes = files[path] else { throw UsageError("cannot read \(path)") }
        return bytes
      })
  }

  /// What the HUD's figures call the style of the scene `o` describes.
  static func hudStyle(_ o: LaunchOptions) -> HUDModel.Figures {
    var m = HUDModel()
    m.refresh(
      at: 1, scene: Scene(options: o, softwareRenderer: false), frame: .init(), timeScale: 1,
      paused: false, styleFile: o.styleFile)
    return m.figures
  }

  @Test func theHUDNamesTheStyleFile() throws {
    let o = try Self.options(["play", "--style", "styles/pop.json"], ["styles/pop.json": Self.pop])
    #expect(o.styleFile == "styles/pop.json")
    let f = Self.hudStyle(o)
    #expect(f.style == "pop (pop.json)")
    #expect(HUDModel.lines(f).contains("style pop (pop.json)"))
    #expect(HUDModel.compactLine(f).contains(" · pop (pop.json) · linear · "))
  }

  @Test func aFileWithNoNameIsNamedAfterTheFile() throws {
    var unnamed = String(decoding: Self.pop, as: UTF8.self)
    unnamed = unnamed.replacingOccurrences(of: "\"name\": \"pop\", ", with: "")
    let o = try Self.options(["play", "--style", "mine.json"], ["mine.json": Array(unnamed.utf8)])
    #expect(Self.hudStyle(o).style == "mine (mine.json)")
  }

  @Test func aSceneFileStyleIsNamedWithItsFile() throws {
    let inline = "{\"cell\": 40, \"style\": \(String(decoding: Self.pop, as: UTF8.self))}"
    let o = try Self.options(["play", "--scene", "demo.json"], ["demo.json": Array(inline.utf8)])
    #expect(o.styleFile == "demo.json")
    #expect(Self.hudStyle(o).style == "pop (demo.json)")
    // A built-in style named after the scene file's wins over it, and has no file.
    let builtIn = try Self.options(
      ["play", "--scene", "demo.json", "--style", "bounce"], ["demo.json": Array(inline.utf8)])
    #expect(builtIn.styleFile == nil)
    #expect(Self.hudStyle(builtIn).style == "bounce")
  }

  @Test func aBuiltInStyleIsNamedAlone() throws {
    #expect(Self.hudStyle(try Self.options(["play"], [:])).style == "stroke")
    #expect(Self.hudStyle(try Self.options(["play", "--style", "fade"], [:])).style == "fade")
  }
}
