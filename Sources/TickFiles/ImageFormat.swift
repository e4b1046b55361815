/// The still image `render --out` and `--screenshot` write, named by the file's extension.
public enum ImageFormat: Sendable, Equatable {
  /// PNG, lossless.
  case png
  /// JPEG, at `jpegQuality`.
  case jpeg

  /// The extensions each format is known by, in any case.
  static let extensions: [(name: String, format: ImageFormat)] = [
    ("png", .png), ("jpg", .jpeg), ("jpeg", .jpeg),
  ]

  /// The format `path`'s extension names (in any case), or nil: a name with another
  /// extension, or none, is refused rather than written as PNG under it.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...].lowercased()
    guard let known = Self.extensions.first(where: { $0.name == ext }) else { return nil }
    self = known.format
  }

  /// What the options take, for a usage error.
  public static let expected = "FILE.png, FILE.jpg or FILE.jpeg"

  /// JPEG quality, 0–100: high enough that the ticks' anti-aliased edges keep no visible
  /// blocks, where libjpeg's default of 75 shows them round the white mark.
  public static let jpegQuality: Int32 = 95
}
