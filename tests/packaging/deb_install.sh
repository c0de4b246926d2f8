#!/usr/bin/env bash
# The .deb as a user gets it: CPack packs the build tree's binaries (nothing is rebuilt),
# the package is checked (name, Depends, files) and unpacked into a temporary root with
# `dpkg -x`, and the unpacked programs run from there, as installed: berthctl --version,
# berthctl schedule on the demo cluster, and berth --screenshot offscreen.
#
#   tests/packaging/deb_install.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build="$1" src="$2" version="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# -B: CPack's staging folder and the package go to the temporary folder, so that two runs
# (or a developer's own cpack) never share one.
cpack --config "$build/CPackConfig.cmake" -B "$work/cpack" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; echo "FAIL: cpack"; exit 1; }
deb="$work/cpack/berth_${version}_amd64.deb"
[ -f "$deb" ] || { ls "$work/cpack"; echo "FAIL: no $deb"; exit 1; }
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

depends="$(dpkg-deb -f "$deb" Depends)"
echo "Depends: $depends"
depends_names="$(tr ',' '\n' <<<"$depends" | awk '{print $1}')"
# From dpkg-shlibdeps (the libraries the binaries link) and the list of QML modules.
for p in libqt6quick6 libqt6qml6 libqt6gui6 libyaml-cpp0.7 libyaml-0-2 libstdc++6 \
         qml6-module-qtquick-controls qml6-module-qtquick-layouts qml6-module-qtquick-templates \
         qml6-module-qtqml-workerscript qml6-module-qtquick-dialogs qml6-module-qt-labs-folderlistmodel; do
  grep -qxF "$p" <<<"$depends_names" || fail "Depends lacks $p"
done
# Each QML module the package depends on is a real Debian package.
for p in $(grep '^qml6-module-' <<<"$depends_names"); do
  dpkg-query -W "$p" >/dev/null 2>&1 || apt-cache show "$p" >/dev/null 2>&1 || fail "no Debian package $p"
done

files="$(dpkg-deb -c "$deb" | awk '{print $6}')"
for f in ./usr/bin/berth ./usr/bin/berthctl ./usr/share/man/man1/berth.1.gz ./usr/share/man/man1/berthctl.1.gz \
         ./usr/share/applications/dev.berth.Berth.desktop ./usr/share/metainfo/dev.berth.Berth.metainfo.xml \
         ./usr/share/mime/packages/dev.berth.Berth.xml ./usr/share/icons/hicolor/scalable/apps/dev.berth.Berth.svg \
         ./usr/share/icons/hicolor/48x48/apps/dev.berth.Berth.png ./usr/share/icons/hicolor/128x128/apps/dev.berth.Berth.png \
         ./usr/share/icons/hicolor/256x256/apps/dev.berth.Berth.png \
         ./usr/share/doc/berth/copyright ./usr/share/bash-completion/completions/berthctl ./usr/share/zsh/vendor-completions/_berthctl; do
  grep -qxF "$f" <<<"$files" || fail "the package lacks $f"
done

root="$work/root"
dpkg -x "$deb" "$root"
bin="$root/usr/bin"

out="$("$bin/berthctl" --version)" || fail "berthctl --version"
[[ "$out" == "berthctl $version "* ]] || fail "berthctl --version printed: $out"
echo "$out"

"$bin/berthctl" schedule -f "$src/resources/demo/demo-cluster.yaml" -o json >"$work/schedule.json" ||
  fail "berthctl schedule on the demo cluster"
grep -q '"pods"' "$work/schedule.json" || fail "berthctl schedule wrote no report"

out="$(QT_QPA_PLATFORM=offscreen "$bin/berth" --version)" || fail "berth --version"
[ "$out" = "Berth $version" ] || fail "berth --version printed: $out"

# Settings and the autosave in the temporary folder, not the user's.
XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" QT_QPA_PLATFORM=offscreen \
  "$bin/berth" --no-autosave --run --screenshot "$work/shot.png" || fail "berth --screenshot"
[ "$(head -c 8 "$work/shot.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
  fail "berth wrote no PNG screenshot"
# BERTH_KEEP_SCREENSHOT=PREFIX keeps the installed app's window as PREFIX-installed.png
# (the README's picture of the package).
[ -z "${BERTH_KEEP_SCREENSHOT:-}" ] || cp "$work/shot.png" "$BERTH_KEEP_SCREENSHOT-installed.png"

[ "$failed" -eq 0 ] && echo "the package installs and runs"
exit "$failed"
