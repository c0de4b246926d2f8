#!/usr/bin/env bash
# The desktop integration files of packaging/, checked as a distribution would check them:
# the desktop entry (desktop-file-validate), the AppStream metainfo (appstreamcli validate,
# offline), the MIME type (update-mime-database accepts it), the metainfo's newest release
# is the project version and its licence the one Help > About names, and the man pages and berthctl's completions name every long option
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
