#ifndef CX11TITLE_H
#define CX11TITLE_H

struct SDL_Window;

/// Writes `title` (UTF-8) as the X11 window's WM_NAME, typed UTF8_STRING.
///
/// SDL's X11 title setter writes WM_NAME in the C library's multibyte encoding, typed by
/// the locale's encoding name ("UTF-8" in a UTF-8 locale), which only a program running in
/// that locale can decode: `xdotool search --name` (and anything else that reads WM_NAME
/// through Xlib in the "C" locale) never matches the window. UTF8_STRING, the type of
/// _NET_WM_NAME, decodes everywhere. Returns 1 when the window is an X11 window and the
/// property was written, else 0 (Wayland, offscreen: nothing to do).
int cx11_set_wm_name_utf8(struct SDL_Window *window, const char *title);

#endif
