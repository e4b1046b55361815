import Foundation
import TestSupport
import Testing
import TickSDL

/// `tickplay export --out FILE.webp` and `FILE.png`: decoded by Pillow, a decoder that
/// shares no code with the encoders, every frame is what `render` draws at that moment,
/// exactly, even where a frame holds more colours than a GIF can.
@Suite(.serialized) struct ExportLosslessTests {
  static let available = AnimatedImageDecoder.available
  static let tickMilliseconds = ExportTimeline.tickMilliseconds
  static let frameCount = ExportTimeline.frameCount

  @Test func pillowIsHere() {
    if ProcessInfo.processInfo.environment["TICKPLAY_REQUIRE_E2E"] == "1" {
      #expect(
        Self.available,
        "tools/test installs python3-pil; \(AnimatedImageDecoder.python) has no Pillow")
    }
  }

  /// Decodes `file` into `dir/f-NNN.png`, one a tick; the script's summary line's words.
  static func decode(_ file: String, into dir: URL) throws -> [String] {
    try AnimatedImageDecoder.decode(file, tickMilliseconds: tickMilliseconds, into: dir).summary
  }

  /// Renders `args` at frame `k`'s time with the export's toggles, and compares it with the
  /// decoded frame, exactly.
  static func expectFrame(_ k: Int, in dir: URL, render args: [String], _ what: String) throws {
    let rendered = try ExportTimeline.render(frame: k, args, in: dir)
    let decoded = try RGBAImage(
      contentsOf: dir.appendingPathComponent(String(format: "f-%03d.png", k)).path)
    let diff = ImageDiff(channelTolerance: 0, pixelBudget: 0).compare(decoded, golden: rendered)
    #expect(diff != nil, "\(what) frame \(k): sizes differ")
    #expect(
      (diff?.differing ?? 1) == 0, "\(what) frame \(k): \(diff?.differing ?? 0) pixels differ")
  }

  @Test(.enabled(if: available), arguments: ["webp", "png"])
  func everyFrameIsRendersPicture(format: String) throws {
    let dir = Tickplay.temporaryDirectory("export-\(format)")
    let file = dir.appendingPathComponent("bounce.\(format)").path
    let r = try Tickplay.run(["export", "--style", "bounce", "--cell", "40", "--out", file])
    #expect(r.status == 0, "\(r.stderr)")
    let summary = try Self.decode(file, into: dir)
    #expect(summary == [format == "webp" ? "WEBP" : "PNG", "60", "60", "\(Self.frameCount)", "0"])
    let view = ["--style", "bounce", "--window", "60x60", "--grid", "1x1", "--cell", "40"]
    for k in [0, 20, 25, 35, 60, 75, 80, 109] {
      try Self.expectFrame(k, in: dir, render: view, "\(format) bounce")
    }
  }

  /// A gallery mid-animation holds more than 256 colours, which a GIF frame quantises;
  /// these formats keep each.
  @Test(.enabled(if: available), arguments: ["webp", "png"])
  func aGalleryKeepsEveryColour(format: String) throws {
    let dir = Tickplay.temporaryDirectory("export-gallery-\(format)")
    let file = dir.appendingPathComponent("gallery.\(format)").path
    let r = try Tickplay.run([
      "export", "--style-rows", "all", "--cell", "64", "--gap", "10", "--out", file,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    _ = try Self.decode(file, into: dir)
    // Ten rows of 74 px and a 10-px margin: the window export sizes to its views.
    let gallery = [
      "--style-rows", "all", "--window", "84x750", "--grid", "1x10", "--cell", "64", "--gap", "10",
    ]
    let k = 25
    let frame = try RGBAImage(
      contentsOf: dir.appendingPathComponent(String(format: "f-%03d.png", k)).path)
    let colours = Set(
      stride(from: 0, to: frame.pixels.count, by: 4).map { i in
        frame.pixels[i..<(i + 3)].reduce(0) { $0 << 8 | Int($1) }
      })
    #expect(colours.count > 256, "the frame tested should need more than a GIF's palette")
    try Self.expectFrame(k, in: dir, render: gallery, "\(format) gallery")
  }
}
