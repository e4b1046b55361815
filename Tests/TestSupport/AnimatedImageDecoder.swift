import Foundation
import TickSDL

/// Decodes an animated WebP or APNG with Pillow (Debian's `python3-pil`, which `tools/test`
/// installs), a decoder that shares no code with tickplay's encoders, into one PNG a tick.
public enum AnimatedImageDecoder {
  /// Debian's Python, where Pillow is installed; the one on PATH may be another.
  public static let python = "/usr/bin/python3"
  /// Whether Pillow is here and reads animated WebP.
  public static let available: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    let probe = "from PIL import features; exit(0 if features.check('webp_anim') else 1)"
    return (try? shell([python, "-c", probe]))?.0 == 0
  }()
  /// Decoding a long animation writes a PNG a frame: give it time on a slow machine.
  static let timeoutSeconds: TimeInterval = 120

  /// The result of a decode: the script's summary line, and where the frames are.
  public struct Decoded {
    /// FORMAT WIDTH HEIGHT TICKS LOOP, as `Tests/Scripts/animated_frames.py` prints them.
    public let summary: [String]
    public let folder: URL

    /// The picture shown at tick `k`.
    public func frame(_ k: Int) throws -> RGBAImage {
      try RGBAImage(contentsOf: folder.appendingPathComponent(String(format: "f-%03d.png", k)).path)
    }
  }

  /// Decodes `file` into `folder/f-NNN.png`, one a tick of `tickMilliseconds`.
  public static func decode(_ file: String, tickMilliseconds: Int, into folder: URL) throws
    -> Decoded
  {
    let script = Tickplay.packageRoot.appendingPathComponent("Tests/Scripts/animated_frames.py")
    let (status, out) = try shell(
      [python, script.path, file, String(tickMilliseconds), folder.path],
      timeout: timeoutSeconds)
    guard status == 0 else { throw DecodeFailure(description: out) }
    return Decoded(
      summary: out.split(whereSeparator: \.isWhitespace).map(String.init), folder: folder)
  }

  /// The decoder script failed; its output.
  public struct DecodeFailure: Error, CustomStringConvertible {
    public let description: String
  }
}
