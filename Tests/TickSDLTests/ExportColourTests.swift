import Foundation
import TestSupport
import Testing
import TickSDL

/// `tickplay export` keeps the style's exact colours: the GIF, decoded by ImageMagick, is
/// compared pixel for pixel with `render`'s PNG of the same moment.
@Suite(.serialized) struct ExportColourTests {
  static let script = ExportTimeline.toggles

  /// Exports with `args`, and returns frame k of the GIF, whole (coalesced), for each k.
  func exportedFrames(_ args: [String], _ frames: [Int], in dir: URL) throws -> [Int: RGBAImage] {
    let gif = dir.appendingPathComponent("out.gif").path
    let r = try Tickplay.run(["export"] + args + ["--out", gif])
    #expect(r.status == 0, "\(r.stderr)")
    let pattern = dir.appendingPathComponent("f-%03d.png").path
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    convert.arguments = ["convert", gif, "-coalesce", pattern]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0)
    var out: [Int: RGBAImage] = [:]
    for k in frames {
      out[k] = try RGBAImage(contentsOf: String(format: pattern, k))
    }
    return out
  }

  /// `render`'s picture of what export draws as frame k (`--time k × 0.02`).
  func rendered(_ args: [String], frame k: Int, in dir: URL) throws -> RGBAImage {
    let script = dir.appendingPathComponent("toggles.txt")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    let png = dir.appendingPathComponent("r-\(k).png").path
    let r = try Tickplay.run(
      ["render"] + args + [
        "--deselect", "animate", "--replay", script.path, "--time",
        String(format: "%.2f", Double(k) * 0.02), "--out", png,
      ])
    #expect(r.status == 0, "\(r.stderr)")
    return try RGBAImage(contentsOf: png)
  }

  /// The distinct colours of `image`, as 0xRRGGBB.
  func colours(_ image: RGBAImage) -> Set<UInt32> {
    Set(stride(from: 0, to: image.pixels.count, by: 4).map { rgb(image, $0) })
  }

  func rgb(_ image: RGBAImage, _ i: Int) -> UInt32 {
    UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2])
  }

  @Test func framesOfFewColoursAreRendersPicturesExactly() throws {
    let dir = Tickplay.temporaryDirectory("export-exact")
    // Off, drawing, on and settled, undrawing, off again.
    let ks = [0, 20, 60, 80, 109]
    let frames = try exportedFrames(["--style", "stroke", "--cell", "40"], ks, in: dir)
    for k in ks {
      let png = try rendered(
        ["--window", "60x60", "--grid", "1x1", "--cell", "40"], frame: k, in: dir)
      let frame = try #require(frames[k])
      #expect(colours(png).count <= 256)
      let diff = try #require(
        ImageDiff(channelTolerance: 0, pixelBudget: 0).compare(frame, golden: png))
      #expect(
        diff.differing == 0,
        "frame \(k): \(diff.differing) pixels differ, by up to \(diff.maxChannelDelta)")
    }
    // The settled on frame: white tick and background, and the seed's green, exactly.
    let on = colours(try #require(frames[60]))
    #expect(on.contains(0xFF_FFFF) && on.contains(0x2E_CB94), "\(on.count) colours")
  }

  @Test func framesOfManyColoursKeepTheStylesColoursExactly() throws {
    let dir = Tickplay.temporaryDirectory("export-many")
    let style = [
      "--style-rows", "all", "--cell", "48", "--gap", "12", "--fill-color", "#ff6a3d",
      "--tick-color", "#102030", "--ring-color", "#3355aa", "--background", "#fafaf0",
    ]
    let own: Set<UInt32> = [0xFF_6A3D, 0x10_2030, 0x33_55AA, 0xFA_FAF0]
    // Mid-animation in every row, and settled on.
    let ks = [20, 30, 60]
    let frames = try exportedFrames(style, ks, in: dir)
    var quantised = 0
    for k in ks {
      let png = try rendered(style + ["--window", "72x612", "--grid", "1x10"], frame: k, in: dir)
      let frame = try #require(frames[k])
      try #require(frame.width == png.width && frame.height == png.height)
      if colours(png).count > 256 { quantised += 1 }
      var worst = 0
      var changed = 0
      for i in stride(from: 0, to: png.pixels.count, by: 4) {
        let want = rgb(png, i)
        if own.contains(want) {
          if rgb(frame, i) != want { changed += 1 }
        } else {
          for c in 0..<3 {
            worst = max(worst, abs(Int(frame.pixels[i + c]) - Int(png.pixels[i + c])))
          }
        }
      }
      #expect(changed == 0, "frame \(k): \(changed) pixels of a style colour changed")
      // Blends along edges share the entries left: a few levels at most.
      #expect(worst <= 8, "frame \(k): a blend is \(worst) levels off")
      // The check means something only where the style's colours are on screen.
      #expect(own.intersection(colours(png)).count >= 3, "frame \(k)")
    }
    #expect(quantised > 0, "no frame had more than 256 colours: the test checks nothing")
  }
}
