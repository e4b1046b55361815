import Foundation
import TickSDL

/// `tickplay export`'s timeline for a 0.5-s style, written out here so that a change to
/// `Export`'s own shows in the tests: hold 0.3 s, on for 0.5 s, hold 2 × 0.3 s, off for
/// 0.5 s, hold 0.3 s, in 20-ms frames.
public enum ExportTimeline {
  /// The toggles, as a replay script: on at 0.3 s, off at 1.4 s.
  public static let toggles = "0.3 key a\n1.4 key a\n"
  /// The frame delay in milliseconds.
  public static let tickMilliseconds = 20
  /// 2.2 s of 20-ms frames.
  public static let frameCount = 110

  /// What `render args…` draws at frame `k`'s moment with the export's toggles (written
  /// to `dir`), as export draws it.
  public static func render(frame k: Int, _ args: [String], in dir: URL) throws -> RGBAImage {
    let script = dir.appendingPathComponent("toggles.txt")
    try toggles.write(to: script, atomically: true, encoding: .utf8)
    let png = dir.appendingPathComponent("r-\(k).png").path
    let t = String(format: "%.2f", Double(k * tickMilliseconds) / 1000)
    let r = try Tickplay.run(
      ["render"] + args + [
        "--deselect", "animate", "--replay", script.path, "--time", t, "--out", png,
      ])
    guard r.status == 0 else { throw RenderFailure(description: r.stderr) }
    return try RGBAImage(contentsOf: png)
  }

  /// `render` failed; its stderr.
  public struct RenderFailure: Error, CustomStringConvertible {
    public let description: String
  }
}
