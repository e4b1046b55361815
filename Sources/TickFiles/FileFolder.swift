/// Where a file named in another file is looked for: next to the file that names it, so
/// that a style or scene file works from any current folder.
public enum FileFolder {
  /// The folder holding `file`, with its trailing slash; empty for a file in the current
  /// folder (a path with no slash).
  public static func of(_ file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "" }
    return String(file[...slash])
  }
}
