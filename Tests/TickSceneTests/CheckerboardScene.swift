import TickScene

extension Scene {
  /// The scene the frame-builder and sheet-index tests start from: `columns × rows` views
  /// of 20 px with 4-px gaps in a window of `width × height`, every other one on (a
  /// checkerboard, not animated), and deselecting animated, so that toggles give every
  /// transition kind.
  static func checkerboard(columns: Int, rows: Int, window width: Int, _ height: Int) -> Scene {
    var style = TickStyle()
    style.deselect = .animate
    var s = Scene(
      layout: GridLayout(
        windowWidth: width, windowHeight: height, cell: 20, gap: 4, columns: columns, rows: rows),
      style: style)
    s.applyInitialSelection(.checker, animate: false)
    return s
  }
}
