#!/usr/bin/env bash
# The desktop integration files of packaging/, checked as a distribution would check them:
# the desktop entry (desktop-file-validate), the AppStream metainfo (appstreamcli validate,
# offline), the MIME type (update-mime-database accepts it), the metainfo's newest release
# is the project version and its licence the one Help > About names, LICENSE and the
# copyright file agree with it (and the homepage and contact with the package's), and the man pages and berthctl's completions name every long option
# that `berthctl --help` and `berth --help` list.
#
#   tests/packaging/check_metadata.sh SOURCE_DIR VERSION BERTHCTL [BERTH]
set -euo pipefail
src="$1" version="$2" berthctl="$3" berth="${4:-}"
pkg="$src/packaging"
failed=0
fail() { echo "FAIL: $*"; failed=1; }

desktop-file-validate "$pkg/dev.berth.Berth.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net --pedantic "$pkg/dev.berth.Berth.metainfo.xml" || fail "appstreamcli validate"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
mime="$data/mime"
mkdir -p "$mime/packages"
cp "$pkg/dev.berth.Berth.mime.xml" "$mime/packages/dev.berth.Berth.xml"
# update-mime-database only warns about a bad file: its output must be empty.
out="$(XDG_DATA_DIRS="$data" update-mime-database "$mime" 2>&1)" || fail "update-mime-database: $out"
[ -z "$out" ] || fail "update-mime-database: $out"
grep -q '^application/x-berth-session:\*\.berth$' "$mime/globs" || fail "*.berth is not application/x-berth-session"
grep -q 'MimeType=.*application/x-berth-session;' "$pkg/dev.berth.Berth.desktop" ||
  fail "the desktop entry does not open application/x-berth-session"

newest="$(grep -o '<release version="[^"]*"' "$pkg/dev.berth.Berth.metainfo.xml" | head -n1 | cut -d'"' -f2)"
[ "$newest" = "$version" ] || fail "the metainfo's newest release is $newest, the project version $version"

license="$(sed -n 's|.*<project_license>\(.*\)</project_license>.*|\1|p' "$pkg/dev.berth.Berth.metainfo.xml")"
grep -q "QString AboutInfo::license() { return QStringLiteral(\"$license\"); }" "$src/src/app/about_info.cpp" ||
  fail "Help > About (src/app/about_info.cpp) does not name the metainfo's licence $license"

# The licence, the same everywhere: LICENSE is the Apache License 2.0's standard text, the
# .deb's copyright file (DEP-5) gives the project the metainfo's licence, and its contact and
# source are the package's maintainer and homepage (packaging/CMakeLists.txt, the metainfo).
grep -q "^ *Version 2.0, January 2004$" "$src/LICENSE" || fail "LICENSE is not the Apache License 2.0"
grep -q '^ *Apache License$' "$src/LICENSE" || fail "LICENSE is not the Apache License"
if [ -f /usr/share/common-licenses/Apache-2.0 ]; then
  cmp -s "$src/LICENSE" /usr/share/common-licenses/Apache-2.0 || fail "LICENSE differs from the standard Apache-2.0 text"
fi
copyright="$pkg/copyright"
grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$' "$copyright" ||
  fail "packaging/copyright is not a machine-readable copyright file"
project_license="$(awk '/^Files: \*$/ {f=1; next} f && /^License:/ {print $2; exit}' "$copyright")"
[ "$project_license" = "$license" ] || fail "packaging/copyright licenses Files: * as '$project_license', the metainfo as $license"
grep -q "^License: $license\$" "$copyright" || fail "packaging/copyright has no stand-alone $license paragraph"
cmake_value() { sed -n "s|^set($1 \(.*\))\$|\1|p" "$pkg/CMakeLists.txt" | tr -d '"'; }
contact="$(cmake_value CPACK_PACKAGE_CONTACT)"
homepage="$(cmake_value CPACK_DEBIAN_PACKAGE_HOMEPAGE)"
[ -n "$contact" ] && [ -n "$homepage" ] || fail "packaging/CMakeLists.txt: no contact or homepage"
grep -qxF "Upstream-Contact: $contact" "$copyright" || fail "packaging/copyright's contact is not $contact"
grep -qxF "Source: $homepage" "$copyright" || fail "packaging/copyright's Source is not $homepage"
grep -qF "<url type=\"homepage\">$homepage</url>" "$pkg/dev.berth.Berth.metainfo.xml" ||
  fail "the metainfo's homepage is not $homepage"

# long_options PROGRAM: each --option its --help lists, one a line.
long_options() { "$@" --help | grep -oE '(^|[[:space:],(])--[a-z][a-z-]*' | grep -oE -- '--[a-z-]+' | sort -u; }
# mentions FILE OPTION: FILE names OPTION (the man pages' roff writes a dash as \-).
mentions() { sed 's/\\-/-/g' "$1" | grep -e "$2\b" >/dev/null; }

while read -r opt; do
  mentions "$pkg/man/berthctl.1.in" "$opt" || fail "berthctl.1 does not name $opt"
  mentions "$pkg/completions/berthctl.bash" "$opt" || fail "the bash completion does not offer $opt"
  mentions "$pkg/completions/_berthctl" "$opt" || fail "the zsh completion does not offer $opt"
done < <(long_options "$berthctl")

if [ -n "$berth" ]; then
  while read -r opt; do
    mentions "$pkg/man/berth.1.in" "$opt" || fail "berth.1 does not name $opt"
  done < <(QT_QPA_PLATFORM=offscreen long_options "$berth")
fi

[ "$failed" -eq 0 ] && echo "packaging metadata: all checks passed"
exit "$failed"
