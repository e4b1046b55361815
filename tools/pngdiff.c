// pngdiff: compares two images pixel by pixel, for tools/gpu-check on a machine that may
// have nothing installed (tools/bundle builds it into the bundle, beside tickplay, and it
// loads images with the bundle's SDL2_image).
//
//   pngdiff ACTUAL REFERENCE [TOLERANCE]
//
// Prints one JSON fragment, "width":W,"height":H,"max_delta":D,"differing":N, where D is the
// largest difference in any channel (RGBA, 0-255) and N the pixels that differ by more than
// TOLERANCE (default 1: one step in 255). Exits 0 when the sizes match and N is 0, 1 when
// they differ, 2 when an image cannot be read or the arguments are wrong.
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

// One step in 255: what a GPU's rounding may change in a channel.
enum { default_tolerance = 1 };

// The image at `path` as 32-bit RGBA, or NULL after printing why.
static SDL_Surface *load_rgba(const char *path) {
  SDL_Surface *loaded = IMG_Load(path);
  if (!loaded) {
    fprintf(stderr, "pngdiff: %s: %s\n", path, IMG_GetError());
    return NULL;
  }
  SDL_Surface *rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
  SDL_FreeSurface(loaded);
  if (!rgba) fprintf(stderr, "pngdiff: %s: %s\n", path, SDL_GetError());
  return rgba;
}

// Counts the pixels of `a` and `b` (the same size) that differ by more than `tolerance` in
// a channel, and the largest difference.
static long compare(const SDL_Surface *a, const SDL_Surface *b, int tolerance, int *max_delta) {
  long differing = 0;
  *max_delta = 0;
  for (int y = 0; y < a->h; y++) {
    const Uint8 *pa = (const Uint8 *)a->pixels + (size_t)y * a->pitch;
    const Uint8 *pb = (const Uint8 *)b->pixels + (size_t)y * b->pitch;
    for (int x = 0; x < a->w; x++) {
      int d = 0;
      for (int k = 0; k < 4; k++) {
        int delta = abs((int)pa[4 * x + k] - (int)pb[4 * x + k]);
        if (delta > d) d = delta;
      }
      if (d > *max_delta) *max_delta = d;
      if (d > tolerance) differing++;
    }
  }
  return differing;
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4) {
    fprintf(stderr, "usage: pngdiff ACTUAL REFERENCE [TOLERANCE]\n");
    return 2;
  }
  int tolerance = argc == 4 ? atoi(argv[3]) : default_tolerance;
  SDL_Surface *a = load_rgba(argv[1]);
  SDL_Surface *b = load_rgba(argv[2]);
  if (!a || !b) return 2;
  if (a->w != b->w || a->h != b->h) {
    printf("\"width\":%d,\"height\":%d,\"reference_size\":\"%dx%d\",\"differing\":-1\n", a->w,
           a->h, b->w, b->h);
    return 1;
  }
  int max_delta = 0;
  long differing = compare(a, b, tolerance, &max_delta);
  printf("\"width\":%d,\"height\":%d,\"max_delta\":%d,\"differing\":%ld\n", a->w, a->h,
         max_delta, differing);
  SDL_FreeSurface(a);
  SDL_FreeSurface(b);
  return differing == 0 ? 0 : 1;
}
