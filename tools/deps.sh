# Sourced by tools/play and tools/test: installs missing Debian packages.
# Usage: ensure_packages PKG...   (uses sudo when not root; apt-get update once per run)

ensure_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing packages ${missing[*]} and no apt-get here; install them by hand" >&2
    exit 1
  fi
  local sudo=()
  if [[ $(id -u) != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "error: missing packages ${missing[*]}; run as root or install sudo" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  echo "==> installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

ensure_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [[ -x $d/swift ]]; then
      export PATH="$d:$PATH"
      return 0
    fi
  done
  echo "error: no Swift toolchain found; install Swift 6 (swift.org) and put it on PATH" >&2
  exit 1
}

# What building and running tickplay needs: SDL2 and friends through pkg-config, Xlib
# (CX11Title writes the window's WM_NAME) and its MIT-SHM extension (CX11Shm puts the
# compose path's frames into the window), and Mesa for the opengl renderer (llvmpipe,
# also headless through EGL).
RUNTIME_PACKAGES=(pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libx11-dev libxext-dev
  libfontconfig-dev libgif-dev libwebp-dev zlib1g-dev libgl1-mesa-dri libegl-mesa0 libegl1 fonts-dejavu-core)

# What tools/bundle needs beyond those: glvnd's loaders, which the bundle carries (SDL opens
# them at run time), the font it carries, and binutils' objdump, which reads the glibc
# versions the bundle needs.
BUNDLE_PACKAGES=(libegl1 libgl1 libglx0 libopengl0 libgles2 libglvnd0 fonts-dejavu-core binutils)

# SwiftPM warns that pkg-config's -D_REENTRANT is a "prohibited flag" on every build of a
# system-library target; the flag is not needed. Filter that line and keep the rest.
quiet_pkgconfig_warning() { grep -v "prohibited flag" || true; }
