import Foundation
import TestSupport
import Testing
import TickSDL

/// `tickplay render` as a user runs it: image size, content, and usage errors.
@Suite(.serialized) struct RenderCommandTests {
  static let fill = (r: UInt8(0x2e), g: UInt8(0xcb), b: UInt8(0x94))

  func isFill(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
    abs(Int(p.r) - Int(Self.fill.r)) < 8 && abs(Int(p.g) - Int(Self.fill.g)) < 8
      && abs(Int(p.b) - Int(Self.fill.b)) < 8
  }

  @Test func sixSelectedViewsInA200By120Window() throws {
    let out = Tickplay.temporaryDirectory("six").appendingPathComponent("a.png").path
    let r = try Tickplay.run(
      ["render", "--window", "200x120", "--grid", "3x2", "--select", "all", "--out", out])
    #expect(r.status == 0, "\(r.stderr)")
    let img = try RGBAImage(contentsOf: out)
    #expect(img.width == 200 && img.height == 120)
    // The grid is centred: origin (15, 5), pitch 60. Sample inside each disc, off the tick.
    for row in 0..<2 {
      for col in 0..<3 {
        let x = 15 + col * 60 + 15
        let y = 5 + row * 60 + 15
        #expect(isFill(img.pixel(x, y)), "cell (\(col), \(row)) at (\(x), \(y))")
      }
    }
    // The gap between cells stays background white.
    let gap = img.pixel(15 + 55, 30)
    #expect(gap.r == 255 && gap.g == 255 && gap.b == 255)
  }

  @Test func animationTimeShowsInTheFrame() throws {
    // At t = 0.1 s the tick is 20 % drawn: its start is white, its end point still green.
    let dir = Tickplay.temporaryDirectory("anim")
    let out = dir.appendingPathComponent("t.png").path
    let r = try Tickplay.run(
      [
        "render", "--window", "100x100", "--cell", "100", "--gap", "0", "--grid", "1x1",
        "--select", "all", "--animate", "--time", "0.1", "--out", out,
      ])
    #expect(r.status == 0, "\(r.stderr)")
    let img = try RGBAImage(contentsOf: out)
    let start = img.pixel(24, 44)
    #expect(start.r > 240 && start.g > 240 && start.b > 240)
    #expect(isFill(img.pixel(78, 36)))
  }

  @Test func badOptionsExitWithTwoAndNameTheOption() throws {
    for (args, word) in [
      (["render", "--window", "abc", "--out", "x.png"], "--window"),
      (["render"], "--out"), (["--select", "half"], "--select"), (["--nope"], "--nope"),
    ] {
      let r = try Tickplay.run(args)
      #expect(r.status == 2, "\(args)")
      #expect(r.stderr.contains(word), "\(args): \(r.stderr)")
    }
  }

  @Test func helpAndVersion() throws {
    let h = try Tickplay.run(["--help"])
    #expect(h.status == 0 && h.stdout.contains("--select") && h.stdout.contains("render"))
    let v = try Tickplay.run(["--version"])
    #expect(v.status == 0 && v.stdout.hasPrefix("tickplay "))
  }

  @Test func playWithoutADisplayExitsOneAndPointsToRender() throws {
    let r = try Tickplay.run(
      ["play"],
      environment: [
        "DISPLAY": "", "WAYLAND_DISPLAY": "",
        "SDL_VIDEODRIVER": "x11",
      ])
    #expect(r.status == 1)
    #expect(r.stderr.contains("tickplay render"), "\(r.stderr)")
  }
}
