/// The animated image `export` writes, named by `--out`'s extension.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// GIF: 256 colours a frame, each frame with a palette of its own.
  case gif
  /// Animated WebP, lossless: every colour exact.
  case webp
  /// APNG: every colour exact, and a plain PNG viewer shows the first frame.
  case png

  /// The format `path`'s extension names (in any case), or nil.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }

  /// What `--out` takes, for a usage error.
  public static let expected = "FILE.gif, FILE.webp (lossless) or FILE.png (APNG)"
}
