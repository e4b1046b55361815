import CSDL2

extension Screen {
  /// Times `reps` bare frames: one full-window streaming upload, one quad, present. That
  /// is the floor for a frame that changes everywhere (`bench frame`'s `bare_frame_ms`).
  public func bareFrameSeconds(reps: Int) throws(SDLError) -> [Double] {
    guard
      let t = SDL_CreateTexture(
        renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(width), Int32(height))
    else { throw SDLError("SDL_CreateTexture(bare frame)") }
    defer { SDL_DestroyTexture(t) }
    forgetWindow()
    route = .renderer
    shared.windowShowsImage = false  // the renderer's presents below cover the window
    var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
    var times: [Double] = []
    for i in 0..<reps {
      let start = SDLSystem.now()
      pixels[i % pixels.count] = 0xFF00_0000  // a changed frame each time
      let rc = pixels.withUnsafeBytes {
        SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(width * 4))
      }
      guard rc == 0 else { throw SDLError("SDL_UpdateTexture") }
      SDL_RenderCopy(renderer, t, nil, nil)
      SDL_RenderPresent(renderer)
      times.append(SDLSystem.now() - start)
    }
    return times
  }
}

extension Screen {
  /// Times `reps` bare frames of the shared route: a whole window-sized frame copied into
  /// the shared image, and put into the window. Empty when the window cannot share memory
  /// with the X server (no X11, no MIT-SHM, a hidden screen).
  public func sharedBareFrameSeconds(reps: Int) -> [Double] {
    let previous = route
    chooseRoute(compose: true)
    defer { route = previous }
    guard route == .shared, let image = shared.image else { return [] }
    var frame = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
    var times: [Double] = []
    for i in 0..<reps {
      let start = SDLSystem.now()
      frame[i % frame.count] = 0xFF00_0000  // a changed frame each time
      frame.withUnsafeBufferPointer {
        guard let pixels = $0.baseAddress else { return }
        copyFrameShared(pixels, owner: 0, changed: nil)
      }
      shared.windowShowsImage = false  // every pixel put, as a frame that changes everywhere
      presentShared(image)
      times.append(SDLSystem.now() - start)
    }
    shared.memory.holder = nil
    return times
  }
}
