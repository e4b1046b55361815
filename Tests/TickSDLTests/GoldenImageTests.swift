import Foundation
import TestSupport
import Testing
import TickSDL

/// Golden PNGs rendered headless by the real renderer (`tickplay render`, offscreen EGL on
/// llvmpipe), compared with a per-pixel tolerance and a budget of differing pixels.
/// Record again with `RECORD_SNAPSHOTS=1 swift test --filter GoldenImageTests`.
@Suite(.serialized) struct GoldenImageTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  /// Renders one view filling a `size`-px window with `extra` options and checks it.
  func check(_ name: String, size: Int, _ extra: [String]) throws {
    let dir = Tickplay.temporaryDirectory(name)
    let out = dir.appendingPathComponent("\(name).png").path
    let result = try Tickplay.run(
      [
        "render", "--window", "\(size)x\(size)", "--cell", "\(size)", "--gap", "0", "--grid",
        "1x1", "--out", out,
      ] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    let diff = ImageDiff(channelTolerance: 16, pixelBudget: size * size / 100)
    if let failure = try Golden.check(
      actualPath: out, name: name, goldens: Self.goldens, diff: diff)
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test(arguments: [16, 50, 100, 128])
  func selectedSeedView(size: Int) throws {
    try check("seed-selected-\(size)", size: size, ["--select", "all"])
  }

  @Test(arguments: [16, 50, 100, 128])
  func unselectedSeedView(size: Int) throws {
    try check("seed-unselected-\(size)", size: size, ["--select", "none"])
  }

  @Test func tickJustPastItsCorner() throws {
    // strokeEnd 0.45 at t = 0.225 s: the second segment is shorter than the line width.
    try check(
      "seed-animating-100-t0.225", size: 100, ["--select", "all", "--animate", "--time", "0.225"])
  }

  @Test(
    .disabled(
      if: Golden.recording,
      "RECORD_SNAPSHOTS=1 would record this test's wrong picture as the golden"
    ))
  func goldenComparisonCatchesAWrongPicture() throws {
    // The check must fail when the picture is wrong: a selected view against the
    // unselected golden.
    let dir = Tickplay.temporaryDirectory("wrong")
    let out = dir.appendingPathComponent("wrong.png").path
    let r = try Tickplay.run(
      [
        "render", "--window", "50x50", "--cell", "50", "--gap", "0", "--grid", "1x1",
        "--select", "all", "--out", out,
      ])
    #expect(r.status == 0)
    let failure = try Golden.check(
      actualPath: out, name: "seed-unselected-50", goldens: Self.goldens,
      diff: ImageDiff(channelTolerance: 16, pixelBudget: 25))
    #expect(failure != nil)
  }
}
