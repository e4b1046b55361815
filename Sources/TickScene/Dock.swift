/// The window margin kept free of views, for a panel docked to the window's right edge or
/// a strip docked to its bottom edge: the grid lays out in the rest of the window.
///
/// A dock that would leave the views less than half the window gives way: the right
/// panel to its bottom strip, the strip to nothing. The views never lose more than half
/// the window to it, and a tiny window keeps all of it (`DockTests`).
public enum Dock: Equatable, Sendable {
  /// Nothing docked.
  case none
  /// A panel `width` pixels wide on the right; where the window is narrower than twice
  /// that, a strip `fallback` pixels tall at the bottom instead.
  case right(width: Int, fallback: Int)
  /// A strip `height` pixels tall at the bottom.
  case bottom(height: Int)

  /// The margins this dock takes from a window of `width × height`.
  public func margins(width: Int, height: Int) -> (right: Int, bottom: Int) {
    switch self {
    case .none:
      return (0, 0)
    case .right(let w, let fallback):
      if w > 0, width >= 2 * w { return (w, 0) }
      return Dock.bottom(height: fallback).margins(width: width, height: height)
    case .bottom(let h):
      return h > 0 && height >= 2 * h ? (0, h) : (0, 0)
    }
  }
}
