#ifndef CX11GONE_H
#define CX11GONE_H

struct SDL_Window;

/// Watches `window` for being destroyed by another client (`xdotool windowclose`, a
/// crashed window manager): Xlib's default error handler exits the process on the first
/// request that names a window that no longer exists, before any summary or output is
/// written. The handler installed here notes that the window is gone instead, and from
/// then on ignores every error, as each later request about the window fails alike;
/// other errors go to the handler that was installed before. Returns 1 when the window is
/// an X11 window and the handler is installed, else 0 (Wayland, offscreen).
int cx11_watch_window(struct SDL_Window *window);

/// 1 once an X error said the watched window no longer exists, else 0.
int cx11_window_gone(void);

/// As `cx11_window_gone`, after asking the X server whether the window exists (a round
/// trip): before drawing into the window or reading it back, which Mesa's software
/// rasteriser does past its buffers once the window is gone.
int cx11_window_gone_now(void);

#endif
