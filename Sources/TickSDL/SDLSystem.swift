import CSDL2
import CSDL2Image

#if canImport(Glibc)
  import Glibc
#endif

/// Starts and stops SDL's video subsystem, and sets the hints that choose a render driver.
public enum SDLSystem {
  /// The render driver to ask for; nil lets SDL choose.
  ///
  /// Forcing a driver through `SDL_HINT_RENDER_DRIVER` turns SDL's batching off unless
  /// `SDL_HINT_RENDER_BATCHING` is set explicitly (docs/performance.md, "Submitting triangles
  /// through SDL_RenderGeometryRaw"), so both are set.
  public static func requestRenderer(_ name: String?) {
    guard let name else { return }
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, name)
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
  }

  /// Uses `driver` as SDL's video driver unless the caller's environment already names one.
  public static func defaultVideoDriver(_ driver: String) {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", driver, 1) }
  }

  /// Initialises SDL video. Throws when no video device is available (no display).
  public static func start() throws(SDLError) {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    // SDL's X11 title setter converts the title to the C library's character type for
    // WM_NAME and returns before setting _NET_WM_NAME when a character does not convert
    // (SDL_x11window.c, SDL_X11_SetWindowTitle): under the "C" locale every program
    // starts in, "—" and "×" left the window manager showing the first title. A UTF-8
    // character type converts everything (`FeedbackTests`); WM_NAME is then typed by the
    // locale's encoding, which `Screen` writes again as UTF8_STRING (`WindowTitleTests`).
    setlocale(LC_CTYPE, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    let runtime = WaylandProbeFolder()
    defer { runtime?.remove() }
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_Init(VIDEO)") }
  }

  /// A private, empty XDG_RUNTIME_DIR for SDL's look for a Wayland display, when the
  /// environment has none that libwayland-client takes (unset, or not an absolute path).
  /// Without one, that look prints "error: XDG_RUNTIME_DIR is invalid or not set in the
  /// environment." to stderr, a stray line before play's own message when there is no
  /// display at all. An empty folder holds no Wayland socket, so the look finds no
  /// display, quietly, as it would have found none anyway: the socket is looked for there.
  struct WaylandProbeFolder {
    let path: String
    /// The variable's value before, relative; nil when it was unset.
    let previous: String?

    /// Made and set only when needed; nil otherwise.
    init?() {
      previous = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
      guard !(previous ?? "").hasPrefix("/") else { return nil }
      var template = Array("/tmp/tickplay-runtime-XXXXXX".utf8CString)
      guard let made = mkdtemp(&template) else { return nil }
      path = String(cString: made)
      setenv("XDG_RUNTIME_DIR", path, 1)
    }

    /// Removes the folder and puts the variable back: only the look at start-up needed
    /// them.
    func remove() {
      if let previous {
        setenv("XDG_RUNTIME_DIR", previous, 1)
      } else {
        unsetenv("XDG_RUNTIME_DIR")
      }
      rmdir(path)
    }
  }

  /// Shuts SDL down.
  public static func stop() {
    SDL_Quit()
  }

  /// The current video driver's name, or nil before `start()`.
  public static var videoDriver: String? {
    SDL_GetCurrentVideoDriver().map { String(cString: $0) }
  }

  /// Milliseconds-resolution sleep that yields the CPU.
  public static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    SDL_Delay(UInt32(seconds * 1000))
  }

  /// A monotonic time in seconds, for measuring frame times (logic never reads it).
  public static func now() -> Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }
}
