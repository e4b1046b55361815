import Foundation
import TickSDL

/// Compares a rendered image with a golden one, pixel by pixel, with a tolerance.
public struct ImageDiff: Sendable {
  /// The largest difference in any channel that still counts as the same pixel.
  public var channelTolerance: Int
  /// How many pixels may differ by more than that.
  public var pixelBudget: Int

  public init(channelTolerance: Int, pixelBudget: Int) {
    self.channelTolerance = channelTolerance
    self.pixelBudget = pixelBudget
  }

  /// The outcome of a comparison.
  public struct Outcome: Sendable {
    public var differing: Int
    public var maxChannelDelta: Int
    /// Red where pixels differ beyond tolerance, a faded copy of the golden elsewhere.
    public var diffImage: RGBAImage
  }

  /// Compares two images of the same size; nil when the sizes differ.
  public func compare(_ actual: RGBAImage, golden: RGBAImage) -> Outcome? {
    guard actual.width == golden.width, actual.height == golden.height else { return nil }
    var diff = golden.pixels
    var differing = 0
    var maxDelta = 0
    for i in stride(from: 0, to: golden.pixels.count, by: 4) {
      var d = 0
      for k in 0..<4 { d = max(d, abs(Int(actual.pixels[i + k]) - Int(golden.pixels[i + k]))) }
      maxDelta = max(maxDelta, d)
      if d > channelTolerance {
        differing += 1
        (diff[i], diff[i + 1], diff[i + 2], diff[i + 3]) = (255, 0, 0, 255)
      } else {
        for k in 0..<3 { diff[i + k] = UInt8(191 + Int(diff[i + k]) / 4) }
      }
    }
    return Outcome(
      differing: differing, maxChannelDelta: maxDelta,
      diffImage: RGBAImage(width: golden.width, height: golden.height, pixels: diff))
  }
}

/// Golden-image checks: compare with `Tests/<target>/Goldens/NAME.png`, record with
/// `RECORD_SNAPSHOTS=1`, and write `NAME.diff.png` and `NAME.actual.png` on failure.
public enum Golden {
  /// Whether this run records new goldens instead of comparing.
  public static var recording: Bool {
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  }

  /// Where diff images of failed comparisons go.
  public static var failureDirectory: URL {
    let url = Tickplay.packageRoot.appendingPathComponent(".build/golden-failures")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Checks `actualPath` against the golden `name` in `goldens`; returns a failure message
  /// or nil when it matches (or was recorded).
  public static func check(
    actualPath: String, name: String, goldens: URL, diff: ImageDiff
  ) throws -> String? {
    let goldenURL = goldens.appendingPathComponent("\(name).png")
    if recording || !FileManager.default.fileExists(atPath: goldenURL.path) {
      guard recording else {
        return "no golden \(goldenURL.path): run with RECORD_SNAPSHOTS=1 to record it"
      }
      try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
      if FileManager.default.fileExists(atPath: goldenURL.path) {
        try FileManager.default.removeItem(at: goldenURL)
      }
      try FileManager.default.copyItem(atPath: actualPath, toPath: goldenURL.path)
      return nil
    }
    let actual = try RGBAImage(contentsOf: actualPath)
    let golden = try RGBAImage(contentsOf: goldenURL.path)
    guard let outcome = diff.compare(actual, golden: golden) else {
      return "\(name): size \(actual.width)x\(actual.height), golden is "
        + "\(golden.width)x\(golden.height)"
    }
    guard outcome.differing > diff.pixelBudget else { return nil }
    let dir = failureDirectory
    let diffPath = dir.appendingPathComponent("\(name).diff.png").path
    try outcome.diffImage.savePNG(to: diffPath)
    try actual.savePNG(to: dir.appendingPathComponent("\(name).actual.png").path)
    return "\(name): \(outcome.differing) pixels differ by more than \(diff.channelTolerance) "
      + "(budget \(diff.pixelBudget), largest delta \(outcome.maxChannelDelta)); diff: \(diffPath)"
  }
}
