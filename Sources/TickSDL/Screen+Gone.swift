import CSDL2
import CX11Gone

extension Screen {
  /// From now on, a window destroyed by another client (`xdotool windowclose`) is noted in
  /// `windowGone` rather than ending the process in Xlib's default error handler, so that
  /// play can end as a quit does. Nothing to watch on other video drivers.
  public func watchForDestruction() {
    cx11_watch_window(window)
  }

  /// Whether the X server has said that the window no longer exists.
  public var windowGone: Bool { cx11_window_gone() != 0 }

  /// Whether the window no longer exists, asked of the X server (a round trip): before
  /// drawing into the window or reading it back. No round trip once it is known gone, or
  /// on other video drivers.
  public var windowGoneNow: Bool { cx11_window_gone_now() != 0 }

  /// Draws from now on into a canvas texture, as a hidden screen does, rather than into
  /// the window: once the window is gone, its back buffer reads back black, while the
  /// exit screenshot must still show the last frame. The canvas holds nothing yet, so the
  /// next frame is copied into it whole.
  public func drawWithoutWindow() throws(SDLError) {
    guard canvas == nil else { return }
    let c = try makeCanvas()
    canvas = c
    SDL_SetRenderTarget(renderer, c)
    memory.holder = nil
    memory.overdrawn = []
  }
}
