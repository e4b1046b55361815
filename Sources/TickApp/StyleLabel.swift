import TickScene

extension TickStyle {
  /// How the HUD, the compact strip and the window title name the style: its name, and
  /// the name of the file it was read from, if any — `pop (pop.json)`, `bounce`.
  public func label(file: String?) -> String {
    guard let file else { return styleName }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(styleName) (\(name))"
  }
}
