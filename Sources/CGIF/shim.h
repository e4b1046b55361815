#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H

// giflib 5 (Debian's libgif-dev) has no pkg-config file: the header is on the default
// include path and the module map links libgif by name.
#include <gif_lib.h>

// Swift does not import these macros.
static inline int cgif_graphics_ext_func_code(void) { return GRAPHICS_EXT_FUNC_CODE; }
static inline int cgif_application_ext_func_code(void) { return APPLICATION_EXT_FUNC_CODE; }
static inline int cgif_disposal_unspecified(void) { return DISPOSAL_UNSPECIFIED; }
static inline int cgif_disposal_do_not(void) { return DISPOSE_DO_NOT; }
static inline int cgif_no_transparent_color(void) { return NO_TRANSPARENT_COLOR; }

#endif
