#ifndef CX11SHM_H
#define CX11SHM_H

#include <stdint.h>

struct SDL_Window;

/// A window-sized image in memory shared with the X server (MIT-SHM), put into the window
/// a rectangle at a time: on Xvfb a whole 1280×800 window takes about 0.6 ms, where the
/// opengl renderer on llvmpipe spends 6–10 ms drawing and presenting one full-window
/// texture (docs/performance.md, "Getting a frame to the window").
struct cx11_shm;

/// Makes an image of `width × height` for `window`; NULL when the window is not an X11
/// window, the server has no MIT-SHM, its visual is not 32-bit pixels of 8-bit red, green
/// and blue (0x00RRGGBB), or the segment cannot be made or attached (a remote display).
struct cx11_shm *cx11_shm_create(struct SDL_Window *window, int width, int height);

/// The image's pixels, 0x00RRGGBB (the top byte is not shown), `cx11_shm_stride` a row.
uint32_t *cx11_shm_pixels(struct cx11_shm *shm);

/// Pixels from one row's start to the next.
int cx11_shm_stride(struct cx11_shm *shm);

/// Queues a copy of the image's rectangle to the same place in the window.
void cx11_shm_put(struct cx11_shm *shm, int x, int y, int width, int height);

/// Waits until the server has carried out every put: only then may the pixels change.
void cx11_shm_sync(struct cx11_shm *shm);

/// Detaches and frees the image.
void cx11_shm_destroy(struct cx11_shm *shm);

#endif
