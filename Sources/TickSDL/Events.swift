import CSDL2
import TickScene

/// Translates SDL's event queue into scene input.
public enum Events {
  /// Drains SDL's queue into `out` (appending) without blocking.
  public static func poll(into out: inout [InputEvent]) {
    var e = SDL_Event()
    while SDL_PollEvent(&e) != 0 {
      if let input = translate(e) { out.append(input) }
    }
  }

  static func translate(_ e: SDL_Event) -> InputEvent? {
    switch e.type {
    case SDL_QUIT.rawValue:
      return .quit
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
      let b: InputEvent.Button
      switch Int32(e.button.button) {
      case SDL_BUTTON_LEFT: b = .left
      case SDL_BUTTON_MIDDLE: b = .middle
      case SDL_BUTTON_RIGHT: b = .right
      default: return nil
      }
      let x = Float(e.button.x)
      let y = Float(e.button.y)
      return e.type == SDL_MOUSEBUTTONDOWN.rawValue
        ? .press(x: x, y: y, button: b) : .release(x: x, y: y, button: b)
    case SDL_MOUSEMOTION.rawValue:
      return .move(x: Float(e.motion.x), y: Float(e.motion.y))
    case SDL_MOUSEWHEEL.rawValue:
      // The pointer where the wheel turned (SDL 2.26), not where it is once the queue is
      // drained: a wheel followed by a move in one frame zooms about the wheel's point.
      let dy = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -e.wheel.y : e.wheel.y
      return dy == 0
        ? nil : .wheel(x: Float(e.wheel.mouseX), y: Float(e.wheel.mouseY), dy: Float(dy))
    case SDL_WINDOWEVENT.rawValue:
      guard e.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) else { return nil }
      return .resize(width: Int(e.window.data1), height: Int(e.window.data2))
    case SDL_KEYDOWN.rawValue:
      guard let name = SDL_GetKeyName(e.key.keysym.sym) else { return nil }
      return .keyPress(String(cString: name).lowercased(), modifiers: modifiers(e.key.keysym.mod))
    default:
      return nil
    }
  }

  /// The modifiers SDL's key state `mod` holds (Caps Lock, Num Lock and AltGr's mode are
  /// not modifiers of a command).
  static func modifiers(_ mod: UInt16) -> KeyModifiers {
    let held = UInt32(mod)
    var m = KeyModifiers()
    if held & UInt32(KMOD_SHIFT.rawValue) != 0 { m.insert(.shift) }
    if held & UInt32(KMOD_CTRL.rawValue) != 0 { m.insert(.ctrl) }
    if held & UInt32(KMOD_ALT.rawValue) != 0 { m.insert(.alt) }
    if held & UInt32(KMOD_GUI.rawValue) != 0 { m.insert(.gui) }
    return m
  }
}
