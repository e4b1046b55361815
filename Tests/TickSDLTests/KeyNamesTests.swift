import CSDL2
import TestSupport
import Testing
import TickApp
import TickScene

@testable import TickSDL

/// The key table's names are names SDL gives: every key press `Events` can report, with
/// every modifier, is named, and each name the table binds is among them. A misspelt
/// binding ("enter" for SDL's "return") would be listed in help and never handled.
@Suite struct KeyNamesTests {
  /// SDL's scancodes: the keycode of a key with no character is its scancode with this
  /// bit set (`SDL_SCANCODE_TO_KEYCODE`).
  static let scancodeMask: Int32 = 1 << 30
  /// Keys with a character have it as their keycode: the printable ASCII ones.
  static let characters: ClosedRange<Int32> = 32...126

  /// Every keycode, characters and then keys named by scancode (SDL_NUM_SCANCODES).
  static var keycodes: [Int32] {
    Array(characters) + (0..<Int32(SDL_NUM_SCANCODES.rawValue)).map { $0 | scancodeMask }
  }

  /// The name `Events` gives a press of `keycode` with `mod` held, if any.
  static func name(_ keycode: Int32, _ mod: SDL_Keymod) -> String? {
    var e = SDL_Event()
    e.type = SDL_KEYDOWN.rawValue
    e.key.keysym.sym = keycode
    e.key.keysym.mod = UInt16(mod.rawValue)
    guard case .key(let name) = Events.translate(e) else { return nil }
    return name
  }

  @Test func everyNameTheTableBindsIsOneSDLGives() {
    let mods = [KMOD_NONE, KMOD_LSHIFT, KMOD_RCTRL, KMOD_LALT, KMOD_LGUI]
    var given: Set<String> = []
    for keycode in Self.keycodes {
      for mod in mods {
        if let n = Self.name(keycode, mod) { given.insert(n) }
      }
    }
    #expect(given.contains("a") && given.contains("ctrl+q") && given.contains("shift+left"))
    for key in KeyTable.keyNames {
      let named = given.contains(key)
      #expect(named, "SDL names no key \(key)")
    }
  }

  /// `tickplay keys` prints the key list and `--markdown` the README's table, through the
  /// real binary.
  @Test func tickplayKeysPrintsTheTable() throws {
    let list = try Tickplay.run(["keys"])
    let expected = try KeyTable.listing([])
    #expect(list.status == 0 && list.stdout == expected)
    #expect(list.stdout.contains(PadTable.heading))
    let markdown = try Tickplay.run(["keys", "--markdown"])
    #expect(
      markdown.status == 0 && markdown.stdout == KeyTable.markdown() + "\n" + PadTable.markdown())
  }
}
