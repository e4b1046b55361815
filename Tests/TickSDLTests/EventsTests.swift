import CSDL2
import TestSupport
import Testing
import TickScene

@testable import TickSDL

/// SDL's events of touch and the gamepad become `InputEvent`s, with no window: finger
/// positions scaled to window pixels, the mouse events SDL makes from a touch dropped (so
/// a tap toggles once), and a gamepad plugged in — SDL's virtual joystick — opened, its
/// buttons and axes named by SDL's own names, and closed when pulled out.
@Suite(.serialized) struct EventsTests {
  static let window = Events.WindowSize(width: 400, height: 200)

  static func finger(_ type: SDL_EventType, touch: Int64 = 3, x: Float, y: Float) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.tfinger.touchId = touch
    e.tfinger.fingerId = 42
    e.tfinger.x = x
    e.tfinger.y = y
    return e
  }

  @Test func fingersArePlacedInWindowPixels() {
    let at = { (e: SDL_Event) in Events.translate(e) { _ in Self.window } }
    #expect(
      at(Self.finger(SDL_FINGERDOWN, x: 0.0875, y: 0.175)) == .finger(.down, id: 42, x: 35, y: 35))
    #expect(
      at(Self.finger(SDL_FINGERMOTION, x: 0.5, y: 1)) == .finger(.move, id: 42, x: 200, y: 200))
    #expect(at(Self.finger(SDL_FINGERUP, x: 0, y: 0)) == .finger(.up, id: 42, x: 0, y: 0))
    // No window to place it in, or a finger SDL made from the mouse: nothing.
    #expect(Events.translate(Self.finger(SDL_FINGERDOWN, x: 0.5, y: 0.5)) { _ in nil } == nil)
    let fromMouse = Self.finger(SDL_FINGERDOWN, touch: Events.mouseTouchID, x: 0.5, y: 0.5)
    #expect(at(fromMouse) == nil)
  }

  /// SDL sends a left press and release (`which == SDL_TOUCH_MOUSEID`) with a tap's finger
  /// events; only the fingers reach the scene, so the tapped view toggles once.
  @Test func mouseEventsMadeFromATouchAreDropped() {
    var events: [SDL_Event] = []
    events.append(Self.finger(SDL_FINGERDOWN, x: 0.0875, y: 0.175))
    for (type, touch) in [(SDL_MOUSEBUTTONDOWN, true), (SDL_MOUSEBUTTONUP, true)] {
      var e = SDL_Event()
      e.type = type.rawValue
      e.button.which = touch ? Events.touchMouseID : 0
      e.button.button = UInt8(SDL_BUTTON_LEFT)
      e.button.x = 35
      e.button.y = 35
      events.append(e)
    }
    var motion = SDL_Event()
    motion.type = SDL_MOUSEMOTION.rawValue
    motion.motion.which = Events.touchMouseID
    events.append(motion)
    events.append(Self.finger(SDL_FINGERUP, x: 0.0875, y: 0.175))
    let inputs = events.compactMap { e in Events.translate(e) { _ in Self.window } }
    #expect(
      inputs == [.finger(.down, id: 42, x: 35, y: 35), .finger(.up, id: 42, x: 35, y: 35)])

    var scene = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 200, cell: 50, gap: 10))
    for input in inputs { scene.handle(input) }
    #expect(scene.drainEvents().count == 1)

    var mouse = SDL_Event()  // the real mouse's press still arrives
    mouse.type = SDL_MOUSEBUTTONDOWN.rawValue
    mouse.button.which = 0
    mouse.button.button = UInt8(SDL_BUTTON_LEFT)
    #expect(Events.translate(mouse) == .press(x: 0, y: 0, button: .left))
  }

  /// `PadButton` and `PadAxis` are SDL's names: each maps to SDL's button or axis and back.
  @Test func buttonAndAxisNamesAreSDLs() {
    for b in PadButton.allCases {
      let raw = SDL_GameControllerGetButtonFromString(b.rawValue)
      #expect(raw != SDL_CONTROLLER_BUTTON_INVALID, "\(b)")
      #expect(Events.padButton(UInt8(raw.rawValue)) == b)
    }
    for a in PadAxis.allCases {
      let raw = SDL_GameControllerGetAxisFromString(a.rawValue)
      #expect(raw != SDL_CONTROLLER_AXIS_INVALID, "\(a)")
      #expect(Events.padAxis(UInt8(raw.rawValue)) == a)
    }
    #expect(Events.padButton(UInt8(SDL_CONTROLLER_BUTTON_MISC1.rawValue)) == nil)
  }

  /// A virtual pad plugged in while polling is opened and named; its A button, D-pad and
  /// left stick arrive as pad input; pulled out, it is closed.
  @Test func aPadPluggedInIsOpenedAndItsInputArrives() throws {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    #expect(Events.startGamepads() == nil)
    defer { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
    var inputs: [InputEvent] = []
    var notes: [String] = []
    func poll(until done: () -> Bool) -> Bool {
      waitUntil(timeout: 10) {
        Events.poll(into: &inputs, notes: &notes)
        return done()
      }
    }
    let axes = Int32(SDL_CONTROLLER_AXIS_MAX.rawValue)
    let buttons = Int32(SDL_CONTROLLER_BUTTON_MAX.rawValue)
    let index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, axes, buttons, 0)
    try #require(index >= 0, "\(String(cString: SDL_GetError()))")
    #expect(poll { notes.contains { $0.hasPrefix("gamepad connected: ") } }, "\(notes)")
    let stick = try #require(SDL_JoystickOpen(index))
    defer { SDL_JoystickClose(stick) }
    SDL_JoystickSetVirtualButton(stick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), 1)
    SDL_JoystickSetVirtualButton(stick, Int32(SDL_CONTROLLER_BUTTON_DPAD_RIGHT.rawValue), 1)
    SDL_JoystickSetVirtualAxis(stick, Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue), -32768)
    let wanted: [InputEvent] = [
      .padButton(.a, pressed: true), .padButton(.dpadRight, pressed: true),
      .padAxis(.leftX, value: -1),
    ]
    #expect(poll { wanted.allSatisfy(inputs.contains) }, "\(inputs)")
    SDL_JoystickSetVirtualButton(stick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), 0)
    #expect(poll { inputs.contains(.padButton(.a, pressed: false)) }, "\(inputs)")
    #expect(SDL_JoystickDetachVirtual(index) == 0)
    #expect(poll { notes.contains { $0.hasPrefix("gamepad disconnected") } }, "\(notes)")
  }
}
