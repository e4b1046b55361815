import CSDL2
import CSDL2Image
import TickFiles

extension Screen {
  /// Reads the current frame back and writes it as a PNG of exactly the window's size.
  /// Call before `present()`: after it the back buffer's contents are undefined.
  public func savePNG(to path: String) throws(SDLError) {
    try Self.savePNG(argb: try readPixels(), width: width, height: height, to: path)
  }

  /// Reads the current frame back and writes it in `format` (whole, or not at all).
  public func saveImage(to path: String, as format: ImageFormat) throws(SDLError) {
    let argb = try readPixels()
    switch format {
    case .png:
      try Self.savePNG(argb: argb, width: width, height: height, to: path)
    case .jpeg:
      try Self.save(
        argb, width: width, height: height, format: csdl_pixelformat_argb8888(),
        to: path, call: "IMG_SaveJPG"
      ) { IMG_SaveJPG($0, $1, ImageFormat.jpegQuality) }
    }
  }
}

/// An image in memory as RGBA bytes, row by row, for comparing frames in tests and tools.
public struct RGBAImage: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// `width × height × 4` bytes: r, g, b, a.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Loads any image SDL2_image reads (PNG here).
  public init(contentsOf path: String) throws(SDLError) {
    guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load(\(path))") }
    defer { SDL_FreeSurface(loaded) }
    guard let s = SDL_ConvertSurfaceFormat(loaded, csdl_pixelformat_abgr8888(), 0) else {
      throw SDLError("SDL_ConvertSurfaceFormat")
    }
    defer { SDL_FreeSurface(s) }
    guard let surfacePixels = s.pointee.pixels else {
      throw SDLError("SDL_ConvertSurfaceFormat: no pixels")
    }
    width = Int(s.pointee.w)
    height = Int(s.pointee.h)
    let pitch = Int(s.pointee.pitch)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let src = UnsafeRawPointer(surfacePixels)
    for y in 0..<height {
      for x in 0..<(width * 4) {
        bytes[y * width * 4 + x] = src.load(fromByteOffset: y * pitch + x, as: UInt8.self)
      }
    }
    pixels = bytes
  }

  /// Writes the image as a PNG.
  public func savePNG(to path: String) throws(SDLError) {
    try Screen.savePNG(
      pixels, width: width, height: height, format: csdl_pixelformat_abgr8888(), to: path)
  }

  /// The pixel at `(x, y)` as (r, g, b, a).
  public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }
}

extension Screen {
  /// Reads the current frame back as ARGB8888 pixels, `width` a row. Call before
  /// `present()`.
  public func readPixels() throws(SDLError) -> [UInt32] {
    if route == .shared { return readSharedPixels() }
    var px = [UInt32](repeating: 0, count: width * height)
    // A window destroyed by another client has no pixels to read: Mesa's software
    // rasteriser, asked for them, read past its buffer and crashed (the frame check's
    // read-backs in the frame before play saw the window go). Black, as its back buffer
    // read back before that; play draws its exit screenshot into a canvas instead.
    if canvas == nil, windowGoneNow { return px }
    // The rectangle the buffer holds, not nil: nil reads SDL's viewport, which follows the
    // window's resize events and may differ from the size drawn at.
    var rect = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    let rc = px.withUnsafeMutableBytes { buf in
      SDL_RenderReadPixels(
        renderer, &rect, csdl_pixelformat_argb8888(), buf.baseAddress, Int32(width * 4))
    }
    guard rc == 0 else { throw SDLError("SDL_RenderReadPixels") }
    return px
  }

  /// Writes ARGB8888 pixels, `width` a row, as a PNG.
  public static func savePNG(argb: [UInt32], width: Int, height: Int, to path: String)
    throws(SDLError)
  {
    try savePNG(argb, width: width, height: height, format: csdl_pixelformat_argb8888(), to: path)
  }

  /// Writes 32-bit pixels of SDL pixel format `format`, `width` a row, as a PNG.
  static func savePNG<T>(_ pixels: [T], width: Int, height: Int, format: UInt32, to path: String)
    throws(SDLError)
  {
    try save(pixels, width: width, height: height, format: format, to: path, call: "IMG_SavePNG") {
      IMG_SavePNG($0, $1)
    }
  }

  /// Writes 32-bit pixels of SDL pixel format `format`, `width` a row, with `encode` (an
  /// SDL_image saver, named `call` in an error), whole or not at all (`WholeFile`).
  static func save<T>(
    _ pixels: [T], width: Int, height: Int, format: UInt32, to path: String, call: String,
    encode: (UnsafeMutablePointer<SDL_Surface>, String) -> Int32
  ) throws(SDLError) {
    var copy = pixels
    let written: Bool
    do {
      written = try WholeFile.write(path) { part in
        copy.withUnsafeMutableBytes { buf -> Int32 in
          guard
            let s = SDL_CreateRGBSurfaceWithFormatFrom(
              buf.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4), format)
          else { return -1 }
          defer { SDL_FreeSurface(s) }
          return encode(s, part)
        } == 0
      }
    } catch {
      throw SDLError("\(call)(\(path))", message: error.description)
    }
    guard written else { throw SDLError("\(call)(\(path))") }
  }
}
