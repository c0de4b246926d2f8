#!/usr/bin/env bash
# Installs the Debian 12 packages Berth needs to build, test and run — only the missing ones.
# Idempotent and fast: one dpkg-query when everything is present; apt-get runs only when
# something is missing. Works as root, or through sudo when it is available.
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config dpkg-dev
  python3  # tests/layers/check_sizes.py
  # libraries
  libyaml-cpp-dev libyaml-dev rapidjson-dev libbenchmark-dev
  libcurl4-openssl-dev  # scheduler extenders over HTTP(S) (src/extender)
  qt6-base-dev qt6-declarative-dev qt6-declarative-dev-tools
  # QML runtime modules (no -dev package pulls them in)
  qml6-module-qtquick qml6-module-qtqml qml6-module-qtqml-models
  qml6-module-qtqml-workerscript qml6-module-qtquick-window qml6-module-qtquick-controls
  qml6-module-qtquick-templates qml6-module-qtquick-layouts qml6-module-qtquick-shapes
  qml6-module-qttest qml6-module-qtquick-dialogs qml6-module-qt-labs-folderlistmodel
  # packaging (packaging/, tests/packaging): the icon's PNGs, the desktop entry's and the
  # metainfo's validators, the MIME database
  librsvg2-bin desktop-file-utils appstream shared-mime-info
  # Qt Charts: the Capacity panel's bar charts (C++ library and its QML module)
  qt6-charts-dev qml6-module-qtcharts
  # headless GUI tests: xvfb-run needs xauth (only a Recommends of xvfb); Mesa llvmpipe
  xvfb xauth libgl1-mesa-dri libegl1
  # profiling: callgrind instruction counts (docs/performance.md)
  valgrind
  # the libFuzzer targets (tests/fuzz, the fuzz preset): clang and its fuzzer/sanitizer run-times
  clang-14 libclang-rt-14-dev
)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup-deps: dpkg-query not found; this script supports Debian 12 (bookworm) only." >&2
  echo "setup-deps: install the equivalents of: ${PACKAGES[*]}" >&2
  exit 1
fi

# One query for all packages. Unknown packages make dpkg-query exit 1 and print nothing for
# them, which the loop below treats as missing.
installed="$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${PACKAGES[@]}" 2>/dev/null || true)"
missing=()
for p in "${PACKAGES[@]}"; do
  if ! grep -qxE "ii +${p//+/\\+}(:[a-z0-9]+)?" <<<"$installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "setup-deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
    if ! sudo -n true 2>/dev/null; then
      if [ -t 0 ]; then SUDO=(sudo); else
        echo "setup-deps: not root and sudo needs a password; install as root:" >&2
        echo "  apt-get install -y --no-install-recommends ${missing[*]}" >&2
        exit 1
      fi
    fi
  else
    echo "setup-deps: not root and no sudo; install as root:" >&2
    echo "  apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
echo "setup-deps: done"
