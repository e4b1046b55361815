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

  /// The area every mode leaves the views in a `width × height` window: the narrowest of
  /// their widths and the lowest of their heights. The launch grid is counted for it
  /// (`LaunchOptions.layout`), so that no mode H reaches covers a view.
  public static func viewArea(width: Int, height: Int) -> ViewArea {
    var area = ViewArea(width: max(1, width), height: max(1, height))
    for mode in allCases {
      let m = mode.dock.margins(width: width, height: height)
      area.width = min(area.width, max(1, width - m.right))
      area.height = min(area.height, max(1, height - m.bottom))
    }
    return area
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
