#!/usr/bin/env bash
# Renders dev.berth.Berth.svg to the hicolor PNGs committed beside it (48, 128, 256 px), which
# the package installs and the berth binary embeds as its window icon. Run after editing the
# SVG; needs rsvg-convert (librsvg2-bin, scripts/setup-deps.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for size in 48 128 256; do
  mkdir -p "hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" dev.berth.Berth.svg -o "hicolor/${size}x${size}/apps/dev.berth.Berth.png"
done
