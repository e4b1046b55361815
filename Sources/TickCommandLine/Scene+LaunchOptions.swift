import TickAnimation
import TickScene

extension Scene {
  /// The scene the command line describes: grid, style, step rate, initial selection and
  /// radio groups. `softwareRenderer` decides the anti-aliasing default. The window keeps
  /// the launch HUD's dock free of views (`LaunchOptions.launchHUD`), and the grid is laid
  /// out in the rest. Its size is `--grid`, or as many views as fit that area
  /// (`LaunchOptions.layout`), so that none starts under the HUD; H never changes it.
  /// With `--fit` the grid is then fitted to the area beside the dock, and Home fits it
  /// again.
  public init(options o: LaunchOptions, softwareRenderer: Bool) {
    var style = o.style
    style.antialias = o.resolvedAntialias(softwareRenderer: softwareRenderer)
    self.init(layout: o.layout, style: style, hz: o.hz)
    setWindow(width: o.windowWidth, height: o.windowHeight, dock: o.launchHUD.dock)
    if o.fit {
      homeFits = true
      fitView()
    }
    if !o.rowStyles.isEmpty { setRowStyles(o.rowStyles) }
    applyInitialSelection(
      o.selection, animate: o.animate, seed: o.seed,
      stagger: Transition.steps(seconds: o.stagger, hz: o.hz))
    for g in o.groups { addGroup(g) }
  }
}
