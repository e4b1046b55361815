#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL.h>

// Swift does not import function-like or cast macros; these static inline
// shims give them a typed home.

static inline int csdl_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int csdl_windowpos_undefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 csdl_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 csdl_pixelformat_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline Uint32 csdl_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

#endif
