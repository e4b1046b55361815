import CSDL2
import TickScene

/// Translates SDL's event queue into scene input.
public enum Events {
  /// SDL's `which` on the mouse events it makes from a touch (`SDL_TOUCH_MOUSEID`,
  /// `(Uint32)-1`, a cast macro Swift does not import). The finger events of the same touch
  /// are taken instead: both would toggle a tapped view twice.
  static let touchMouseID = UInt32.max
  /// SDL's `touchId` on the finger events it makes from the mouse (`SDL_MOUSE_TOUCHID`,
  /// `(Sint64)-1`) when `SDL_HINT_MOUSE_TOUCH_EVENTS` asks for them: the mouse's own events
  /// are taken instead.
  static let mouseTouchID: Int64 = -1
  /// The largest value of a stick's axis in SDL (`SDL_JOYSTICK_AXIS_MAX`): a value over it
  /// is a fraction of full tilt. The smallest, -32768, is one step further and clamped.
  static let axisMax: Float = 32767

  /// A window's size in window pixels: what a finger's normalised position is scaled by.
  struct WindowSize: Equatable {
    var width: Float
    var height: Float
  }

  /// Starts SDL's game controller subsystem, after video: SDL then reports each pad
  /// connected, at start and whenever one is plugged in (`SDL_CONTROLLERDEVICEADDED`), and
  /// `poll` opens it. Returns why it could not start, or nil; play goes on without pads.
  public static func startGamepads() -> String? {
    guard SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 else {
      return SDLError("SDL_InitSubSystem(GAMECONTROLLER)").description
    }
    return nil
  }

  /// Drains SDL's queue into `out` (appending) without blocking.
  public static func poll(into out: inout [InputEvent]) {
    var notes: [String] = []
    poll(into: &out, notes: &notes)
  }

  /// Drains SDL's queue into `out` (appending) without blocking, opening the gamepads that
  /// are plugged in and closing those pulled out; a line for each of those in `notes`.
  public static func poll(into out: inout [InputEvent], notes: inout [String]) {
    var e = SDL_Event()
    while SDL_PollEvent(&e) != 0 {
      if let note = plug(e) {
        notes.append(note)
      } else if let input = translate(e) {
        out.append(input)
      }
    }
  }

  static func translate(_ e: SDL_Event, windowSize: (UInt32) -> WindowSize? = size(ofWindow:))
    -> InputEvent?
  {
    switch e.type {
    case SDL_QUIT.rawValue:
      return .quit
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEMOTION.rawValue,
      SDL_MOUSEWHEEL.rawValue:
      return mouse(e)
    case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
      return finger(e.tfinger, in: windowSize(e.tfinger.windowID))
    case SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue:
      guard let button = padButton(e.cbutton.button) else { return nil }
      return .padButton(button, pressed: e.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
    case SDL_CONTROLLERAXISMOTION.rawValue:
      guard let axis = padAxis(e.caxis.axis) else { return nil }
      return .padAxis(axis, value: max(Float(e.caxis.value) / axisMax, -1))
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

  /// A mouse event: a button, a motion or the wheel; nil for one SDL made from a touch.
  static func mouse(_ e: SDL_Event) -> InputEvent? {
    switch e.type {
    case SDL_MOUSEMOTION.rawValue:
      guard e.motion.which != touchMouseID else { return nil }
      return .move(x: Float(e.motion.x), y: Float(e.motion.y))
    case SDL_MOUSEWHEEL.rawValue:
      guard e.wheel.which != touchMouseID else { return nil }
      // The pointer where the wheel turned (SDL 2.26), not where it is once the queue is
      // drained: a wheel followed by a move in one frame zooms about the wheel's point.
      let dy = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -e.wheel.y : e.wheel.y
      return dy == 0
        ? nil : .wheel(x: Float(e.wheel.mouseX), y: Float(e.wheel.mouseY), dy: Float(dy))
    default:
      guard e.button.which != touchMouseID else { return nil }
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
    }
  }

  /// A finger event, its normalised position (0…1 across the window) scaled to window
  /// pixels; nil for one SDL made from the mouse, or with no window to place it in.
  static func finger(_ f: SDL_TouchFingerEvent, in window: WindowSize?) -> InputEvent? {
    guard f.touchId != mouseTouchID, let window else { return nil }
    let phase: FingerPhase
    switch f.type {
    case SDL_FINGERDOWN.rawValue: phase = .down
    case SDL_FINGERUP.rawValue: phase = .up
    default: phase = .move
    }
    return .finger(phase, id: f.fingerId, x: f.x * window.width, y: f.y * window.height)
  }

  /// The size of the window SDL numbers `id`, or of the window with the keyboard or mouse
  /// focus when a touch names none (0); nil with no window.
  static func size(ofWindow id: UInt32) -> WindowSize? {
    guard let window = SDL_GetWindowFromID(id) ?? SDL_GetKeyboardFocus() ?? SDL_GetMouseFocus()
    else { return nil }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    return WindowSize(width: Float(w), height: Float(h))
  }

  /// The button SDL numbers `raw`, by SDL's own name for it; nil for one `PadButton` leaves
  /// out.
  static func padButton(_ raw: UInt8) -> PadButton? {
    let button = SDL_GameControllerButton(rawValue: Int32(raw))
    guard let name = SDL_GameControllerGetStringForButton(button) else { return nil }
    return PadButton(rawValue: String(cString: name))
  }

  /// The axis SDL numbers `raw`, by SDL's own name for it.
  static func padAxis(_ raw: UInt8) -> PadAxis? {
    let axis = SDL_GameControllerAxis(rawValue: Int32(raw))
    guard let name = SDL_GameControllerGetStringForAxis(axis) else { return nil }
    return PadAxis(rawValue: String(cString: name))
  }

  /// Opens a gamepad SDL reports plugged in, closes one it reports pulled out, and says
  /// so; nil for every other event. SDL keeps an opened pad until it is closed, and finds
  /// it again by its instance id, so nothing is kept here.
  static func plug(_ e: SDL_Event) -> String? {
    switch e.type {
    case SDL_CONTROLLERDEVICEADDED.rawValue:
      guard let pad = SDL_GameControllerOpen(e.cdevice.which) else {
        return "gamepad \(e.cdevice.which) not opened: \(String(cString: SDL_GetError()))"
      }
      return "gamepad connected: \(name(of: pad))"
    case SDL_CONTROLLERDEVICEREMOVED.rawValue:
      guard let pad = SDL_GameControllerFromInstanceID(e.cdevice.which) else {
        return "gamepad disconnected"
      }
      let name = name(of: pad)
      SDL_GameControllerClose(pad)
      return "gamepad disconnected: \(name)"
    default:
      return nil
    }
  }

  /// The name SDL gives an open pad ("Xbox 360 Controller").
  private static func name(of pad: OpaquePointer) -> String {
    SDL_GameControllerName(pad).map { String(cString: $0) } ?? "unnamed"
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
