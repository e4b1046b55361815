#!/usr/bin/python3
"""Decodes an animated WebP or APNG with Pillow, a decoder independent of tickplay's
encoders, and writes the picture shown at each tick of TICK_MS as OUTDIR/f-NNN.png.

Usage: animated_frames.py FILE TICK_MS OUTDIR
Prints one line: FORMAT WIDTH HEIGHT TICKS LOOP, where TICKS is the animation's length in
ticks and LOOP is its loop count (0: forever). A frame shown for several ticks (an encoder
may merge identical frames) is written once for each.
"""
import sys

from PIL import Image


def main():
    path, tick, outdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    image = Image.open(path)
    shown = 0
    for index in range(image.n_frames):
        image.seek(index)
        image.load()  # WebP sets the frame's duration as it decodes it
        duration = int(image.info.get("duration", 0))
        if duration % tick:
            sys.exit(f"frame {index} lasts {duration} ms, not a whole number of {tick}-ms ticks")
        frame = image.convert("RGBA")
        for _ in range(duration // tick):
            frame.save(f"{outdir}/f-{shown:03d}.png")
            shown += 1
    print(image.format, image.size[0], image.size[1], shown, image.info.get("loop", "none"))


main()
