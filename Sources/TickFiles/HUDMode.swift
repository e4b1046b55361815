import TickScene

/// How the HUD shows: a panel docked to the window's right edge, a one-line strip docked
/// to its bottom, or nothing. H cycles them. Either dock is window area the grid is not
/// laid out in, so the HUD never covers a view.
public enum HUDMode: String, CaseIterable, Sendable {
  case full
  case compact
  case off

  /// The full panel's width in pixels: its longest line at 13-point DejaVu Sans Mono
  /// (about 8 px a character) and its graph of `HUDModel.graphFrames` bars fit in it.
  public static let panelWidth = 300
  /// The compact strip's height in pixels: one line of 13-point text and its padding.
  public static let stripHeight = 22

  /// What this mode docks: the full panel gives way to the strip in a narrow window.
  public var dock: Dock {
    switch self {
    case .full: .right(width: Self.panelWidth, fallback: Self.stripHeight)
    case .compact: .bottom(height: Self.stripHeight)
    case .off: .none
    }
  }
}

/// A part of the window the views are laid out in, in pixels.
public struct ViewArea: Equatable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
