#ifndef CSDL2IMAGE_SHIM_H
#define CSDL2IMAGE_SHIM_H

#include <SDL_image.h>

#endif
