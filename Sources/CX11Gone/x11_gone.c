// X11's names (Display, Window, XErrorEvent…) stay in this file: the header Swift imports
// declares two functions.
#include "x11_gone.h"

#include <SDL.h>
#include <SDL_syswm.h>
#include <string.h>

#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xlib.h>

/// The window watched and its display, and the handler that was installed before ours.
static Window watched;
static Display *watched_display;
static XErrorHandler previous;
/// Written by the error handler, which runs on the thread that reads the X connection
/// (the main thread, in SDL's event pump and in the renderer's calls), read by the loop on
/// the same thread.
static volatile int gone;

static int on_error(Display *display, XErrorEvent *error) {
  if (gone) {
    return 0;
  }
  int missing = error->error_code == BadWindow || error->error_code == BadDrawable;
  if (missing && error->resourceid == watched) {
    gone = 1;
    return 0;
  }
  return previous != NULL ? previous(display, error) : 0;
}
#endif

int cx11_watch_window(struct SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
  // Asked of another driver (offscreen, Wayland), SDL_GetWindowWMInfo would fail and
  // leave its message as SDL's last error.
  const char *driver = SDL_GetCurrentVideoDriver();
  if (driver == NULL || strcmp(driver, "x11") != 0) {
    return 0;
  }
  SDL_SysWMinfo info;
  SDL_VERSION(&info.version);
  if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) {
    return 0;
  }
  watched = info.info.x11.window;
  watched_display = info.info.x11.display;
  gone = 0;
  XErrorHandler before = XSetErrorHandler(on_error);
  if (before != on_error) {
    previous = before;
  }
  return 1;
#else
  (void)window;
  return 0;
#endif
}

int cx11_window_gone(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
  return gone;
#else
  return 0;
#endif
}

int cx11_window_gone_now(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
  // A request that names the window: its error (handled by `on_error`) is what says the
  // window is gone, and an error only comes of a request. Mesa's next one is the geometry
  // of the drawable it draws into, whose failure it does not check.
  if (watched_display != NULL && !gone) {
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(watched_display, watched, &attributes)) {
      gone = 1;
    }
  }
  return gone;
#else
  return 0;
#endif
}
