import TickAnimation
import TickScene

extension Scene {
  /// The scene the command line describes: grid, style, step rate, initial selection and
  /// radio groups. `softwareRenderer` decides the anti-aliasing default.
  public init(options o: LaunchOptions, softwareRenderer: Bool) {
    var style = o.style
    style.antialias = o.resolvedAntialias(softwareRenderer: softwareRenderer)
    self.init(layout: o.layout, style: style, hz: o.hz)
    if !o.rowStyles.isEmpty { setRowStyles(o.rowStyles) }
    applyInitialSelection(
      o.selection, animate: o.animate, seed: o.seed,
      stagger: Transition.steps(seconds: o.stagger, hz: o.hz))
    for g in o.groups { addGroup(g) }
  }
}
