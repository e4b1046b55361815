// X11's names (Display, Window, XImage…) stay in this file: the header Swift imports
// declares an opaque handle and functions of it.
#include "x11_shm.h"

#include <SDL.h>
#include <SDL_syswm.h>
#include <stdlib.h>
#include <string.h>

#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

struct cx11_shm {
  Display *display;
  Window window;
  GC gc;
  XImage *image;
  XShmSegmentInfo segment;
};

// XShmAttach fails with an X error, not a return value, on a server that cannot reach the
// segment (a remote display); the default handler would end the process.
static int attach_failed;
static int note_attach_error(Display *display, XErrorEvent *event) {
  (void)display;
  (void)event;
  attach_failed = 1;
  return 0;
}

// The window's visual must hold 0x00RRGGBB in 32 bits, the compositor's layout.
static int visual_fits(Display *display, Window window) {
  XWindowAttributes attributes;
  if (!XGetWindowAttributes(display, window, &attributes)) {
    return 0;
  }
  Visual *v = attributes.visual;
  return attributes.depth >= 24 && v->red_mask == 0xFF0000 && v->green_mask == 0xFF00 &&
         v->blue_mask == 0xFF;
}

static int attach(struct cx11_shm *shm, size_t bytes) {
  shm->segment.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
  if (shm->segment.shmid < 0) {
    return 0;
  }
  shm->segment.shmaddr = shmat(shm->segment.shmid, NULL, 0);
  // Marked for removal now: the segment goes when both sides detach, even after a crash.
  shmctl(shm->segment.shmid, IPC_RMID, NULL);
  if (shm->segment.shmaddr == (char *)-1) {
    return 0;
  }
  shm->segment.readOnly = False;
  XSync(shm->display, False);
  attach_failed = 0;
  int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(note_attach_error);
  Status ok = XShmAttach(shm->display, &shm->segment);
  XSync(shm->display, False);
  XSetErrorHandler(previous);
  if (!ok || attach_failed) {
    shmdt(shm->segment.shmaddr);
    return 0;
  }
  return 1;
}

struct cx11_shm *cx11_shm_create(struct SDL_Window *sdl_window, int width, int height) {
  const char *driver = SDL_GetCurrentVideoDriver();
  if (driver == NULL || strcmp(driver, "x11") != 0 || width <= 0 || height <= 0) {
    return NULL;
  }
  SDL_SysWMinfo info;
  SDL_VERSION(&info.version);
  if (SDL_GetWindowWMInfo(sdl_window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) {
    return NULL;
  }
  Display *display = info.info.x11.display;
  Window window = info.info.x11.window;
  if (!XShmQueryExtension(display) || !visual_fits(display, window)) {
    return NULL;
  }
  XWindowAttributes attributes;
  XGetWindowAttributes(display, window, &attributes);
  struct cx11_shm *shm = calloc(1, sizeof *shm);
  if (shm == NULL) {
    return NULL;
  }
  shm->display = display;
  shm->window = window;
  shm->image = XShmCreateImage(display, attributes.visual, (unsigned)attributes.depth, ZPixmap,
                               NULL, &shm->segment, (unsigned)width, (unsigned)height);
  if (shm->image == NULL || shm->image->bits_per_pixel != 32 ||
      !attach(shm, (size_t)shm->image->bytes_per_line * (size_t)height)) {
    if (shm->image != NULL) {
      XDestroyImage(shm->image);
    }
    free(shm);
    return NULL;
  }
  shm->image->data = shm->segment.shmaddr;
  shm->gc = XCreateGC(display, window, 0, NULL);
  return shm;
}

uint32_t *cx11_shm_pixels(struct cx11_shm *shm) { return (uint32_t *)shm->image->data; }

int cx11_shm_stride(struct cx11_shm *shm) { return shm->image->bytes_per_line / 4; }

void cx11_shm_put(struct cx11_shm *shm, int x, int y, int width, int height) {
  XShmPutImage(shm->display, shm->window, shm->gc, shm->image, x, y, x, y, (unsigned)width,
               (unsigned)height, False);
}

void cx11_shm_sync(struct cx11_shm *shm) { XSync(shm->display, False); }

void cx11_shm_destroy(struct cx11_shm *shm) {
  if (shm == NULL) {
    return;
  }
  XShmDetach(shm->display, &shm->segment);
  XSync(shm->display, False);
  shm->image->data = NULL;
  XDestroyImage(shm->image);
  shmdt(shm->segment.shmaddr);
  XFreeGC(shm->display, shm->gc);
  free(shm);
}

#else

struct cx11_shm *cx11_shm_create(struct SDL_Window *window, int width, int height) {
  (void)window;
  (void)width;
  (void)height;
  return NULL;
}
uint32_t *cx11_shm_pixels(struct cx11_shm *shm) {
  (void)shm;
  return NULL;
}
int cx11_shm_stride(struct cx11_shm *shm) {
  (void)shm;
  return 0;
}
void cx11_shm_put(struct cx11_shm *shm, int x, int y, int width, int height) {
  (void)shm;
  (void)x;
  (void)y;
  (void)width;
  (void)height;
}
void cx11_shm_sync(struct cx11_shm *shm) { (void)shm; }
void cx11_shm_destroy(struct cx11_shm *shm) { (void)shm; }

#endif
