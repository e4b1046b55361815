import TickCommandLine
import TickFrame
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// Under-invalidation checking (after Chromium's paint-invalidation checking): every
/// `every` frames, the frame a presenter drew incrementally is compared with the same
/// scene state drawn from scratch, on the same path and renderer.
///
/// Turned on by the environment variable `TICKPLAY_CHECK_FRAMES=N` (every N-th frame; 1
/// checks every frame), for `play`, `render` and `bench`. On the first mismatch the frame
/// is written three times — `incremental`, `fresh` and `diff` PNGs (differing pixels red,
/// the rest dimmed) in `TICKPLAY_CHECK_DIR` or the temporary folder — and drawing fails
/// with a report naming the step, the path and the differing pixel count. A frame drawn
/// while a resize of the window is still on its way (`Screen.resizePending`) is not
/// judged: its read-back is not what was drawn.
public final class FrameCheck {
  /// Check every `every`-th frame.
  public let every: Int
  /// Where the images of a mismatch go.
  public let directory: String
  /// The largest difference in any colour channel that still counts as equal. Zero: the
  /// same state drawn the same way must give the same bytes.
  public let channelTolerance: Int
  /// Frames seen.
  public private(set) var frames = 0
  /// Frames compared with a fresh one.
  public private(set) var compared = 0

  public init(every: Int, directory: String, channelTolerance: Int = 0) {
    self.every = max(1, every)
    self.directory = directory
    self.channelTolerance = channelTolerance
  }

  /// The check the environment asks for, or nil.
  public static func fromEnvironment() -> FrameCheck? {
    guard let v = EnvironmentVariable.checkFrames.value, let n = Int(v), n > 0 else { return nil }
    let dir = EnvironmentVariable.checkDirectory.value
    let tmp = getenv("TMPDIR").map { String(cString: $0) }
    return FrameCheck(every: n, directory: dir ?? tmp ?? "/tmp")
  }

  /// Counts a frame; whether this one is compared.
  func isDue() -> Bool {
    frames += 1
    let due = (frames - 1) % every == 0
    if due { compared += 1 }
    return due
  }

  /// Compares the two frames; on a mismatch writes the images and throws the report.
  func report(
    incremental: [UInt32], fresh: [UInt32], screen: Screen, step: Int64, path: RenderPath
  ) throws(SDLError) {
    var differing = 0
    var diff = [UInt32](repeating: 0, count: fresh.count)
    for i in fresh.indices {
      let a = incremental[i]
      let b = fresh[i]
      if a != b && Self.channelDistance(a, b) > channelTolerance {
        differing += 1
        diff[i] = 0xFFFF_0000
      } else {
        // The fresh frame, dimmed toward white, so the red stands out.
        diff[i] = 0xFF00_0000 | (((b & 0x00FE_FEFE) >> 1) + 0x0080_8080)
      }
    }
    // A window destroyed by another client meanwhile reads back nothing drawn into it:
    // not a frame to judge (play ends at its next frame, `Screen.windowGone`).
    guard differing > 0, !screen.windowGoneNow else { return }
    let base = "\(directory)/tickplay-check-step\(step)-\(path.rawValue)"
    var written: [String] = []
    for (name, px) in [("incremental", incremental), ("fresh", fresh), ("diff", diff)] {
      let file = "\(base)-\(name).png"
      if (try? Screen.savePNG(argb: px, width: screen.width, height: screen.height, to: file))
        != nil
      {
        written.append(file)
      }
    }
    throw SDLError(
      "frame check",
      message: "under-invalidation at step \(step) on the \(path.rawValue) path "
        + "(\(screen.rendererName)): \(differing) of \(fresh.count) pixels differ from a "
        + "fresh render; images: \(written.joined(separator: ", "))")
  }

  /// The largest difference between two ARGB pixels in any channel.
  static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
    var d = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
    }
    return d
  }
}
