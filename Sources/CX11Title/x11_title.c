// X11's names (Display, Window, Screen…) stay in this file: the header Swift imports
// declares one function.
#include "x11_title.h"

#include <SDL.h>
#include <SDL_syswm.h>
#include <string.h>

int cx11_set_wm_name_utf8(struct SDL_Window *window, const char *title) {
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
  Display *display = info.info.x11.display;
  Atom utf8 = XInternAtom(display, "UTF8_STRING", False);
  XChangeProperty(display, info.info.x11.window, XA_WM_NAME, utf8, 8, PropModeReplace,
                  (const unsigned char *)title, (int)strlen(title));
  XFlush(display);
  return 1;
#else
  (void)window;
  (void)title;
  return 0;
#endif
}
