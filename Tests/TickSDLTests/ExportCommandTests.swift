import Foundation
import TestSupport
import Testing
import TickSDL

/// `tickplay export`: the GIF decoded by an outside decoder (ImageMagick) has the frames,
/// the delays and the pictures `render` draws at the same moments.
@Suite(.serialized) struct ExportCommandTests {
  /// Runs ImageMagick's `name` with `args`; its stdout.
  func magick(_ name: String, _ args: [String]) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [name] + args
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "\(name) \(args)")
    return String(decoding: data, as: UTF8.self)
  }

  static let script = ExportTimeline.toggles
  static let frameCount = ExportTimeline.frameCount

  @Test(arguments: ["bounce", "dot"])
  func framesDelaysAndPicturesMatchRender(style: String) throws {
    let dir = Tickplay.temporaryDirectory("export-\(style)")
    let gif = dir.appendingPathComponent("\(style).gif").path
    let r = try Tickplay.run(["export", "--style", style, "--cell", "40", "--out", gif])
    #expect(r.status == 0, "\(r.stderr)")
    // Every frame: its canvas is the window (40-px cell, 10-px gap round it) and its
    // delay 2 hundredths; the GIF loops forever (loop count 0).
    let info = try magick("identify", ["-format", "%W %H %T\n", gif])
    let lines = info.split(separator: "\n")
    #expect(lines.count == Self.frameCount)
    #expect(lines.allSatisfy { $0 == "60 60 2" }, "\(lines.first ?? "")")
    let verbose = try magick("identify", ["-verbose", gif + "[0]"])
    #expect(verbose.contains("Iterations: 0"))
    // Frame k, whole (coalesced), is render --time k·0.02 of the same script.
    _ = try magick("convert", [gif, "-coalesce", dir.appendingPathComponent("f-%03d.png").path])
    let scriptPath = dir.appendingPathComponent("toggles.txt")
    try Self.script.write(to: scriptPath, atomically: true, encoding: .utf8)
    for k in [0, 20, 25, 35, 60, 75, 80, 109] {
      let png = dir.appendingPathComponent("r-\(k).png").path
      let t = String(format: "%.2f", Double(k) * 0.02)
      let rr = try Tickplay.run([
        "render", "--style", style, "--window", "60x60", "--grid", "1x1", "--cell", "40",
        "--deselect", "animate", "--replay", scriptPath.path, "--time", t, "--out", png,
      ])
      #expect(rr.status == 0, "\(rr.stderr)")
      let frame = try RGBAImage(
        contentsOf: dir.appendingPathComponent(String(format: "f-%03d.png", k)).path)
      let rendered = try RGBAImage(contentsOf: png)
      // One view's frame has fewer than 256 colours: its own palette holds each exactly.
      let diff = ImageDiff(channelTolerance: 0, pixelBudget: 0).compare(frame, golden: rendered)
      #expect(diff != nil, "sizes differ")
      #expect(
        (diff?.differing ?? 1) == 0,
        "\(style) frame \(k): \(diff?.differing ?? 0) pixels differ")
    }
  }

  @Test func aGalleryHasARowPerStyle() throws {
    let gif = Tickplay.temporaryDirectory("export-gallery").appendingPathComponent("g.gif").path
    let r = try Tickplay.run([
      "export", "--style-rows", "stroke,bounce,dot", "--cell", "30", "--gap", "6", "--out", gif,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let first = try magick("identify", ["-format", "%W %H\n", gif]).split(separator: "\n")[0]
    #expect(first == "42 114")  // 36 + 6 wide; 3 × 36 + 6 high
  }

  @Test func aBadStyleFileIsAUsageError() throws {
    let dir = Tickplay.temporaryDirectory("export-bad")
    let style = dir.appendingPathComponent("bad.json")
    try "{\"looks\": {\"off\": {}}}".write(to: style, atomically: true, encoding: .utf8)
    let r = try Tickplay.run([
      "export", "--style", style.path, "--out", dir.appendingPathComponent("x.gif").path,
    ])
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad.json:1:12: key \"looks.off\": needs every property"))
  }
}
