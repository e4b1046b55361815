import TickScene

extension LaunchOptions {
  /// The file the style was read from: the style file (`--style FILE.json`, or the scene
  /// file's `"style": "FILE.json"`), or the scene file that holds the style inline; nil
  /// for a built-in style.
  public var styleFile: String? { stylePath ?? (style.custom != nil ? scene : nil) }
}

extension TickStyle {
  /// How the HUD, the compact strip and the window title name the style: its name, and
  /// the name of the file it was read from, if any — `pop (pop.json)`, `bounce`.
  public func label(file: String?) -> String {
    guard let file else { return styleName }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(styleName) (\(name))"
  }
}
