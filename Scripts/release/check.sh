#!/usr/bin/env bash
# Checks a release binary is self-contained: no Swift runtime, Foundation or Dispatch library among
# what it loads (ldd), no run path into a toolchain, and it plays shipped tapes against their goldens
# (English and other locales: ICU's data is inside) with an empty environment — no PATH to the
# toolchain, LD_LIBRARY_PATH empty — from a folder outside the checkout.
# Usage: Scripts/release/check.sh dist/paywall-sim-linux-x86_64
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(realpath "${1:?usage: check.sh BINARY}")
fail() { echo "release check: $*" >&2; exit 1; }

(cd "$(dirname "$binary")" && sha256sum --quiet -c "$(basename "$binary").sha256") || fail "the .sha256 beside $binary does not match"

loads=$(ldd "$binary" 2>&1) || true
if grep -Eiq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|/opt/swift|not found' <<<"$loads"; then
  fail "$binary loads toolchain libraries (or misses one):"$'\n'"$loads"
fi
# SwiftPM writes a run path of $ORIGIN (the binary's own folder); any other, such as the toolchain's, is refused.
paths=$(readelf -d "$binary" | sed -n 's/.*R\(UN\)\{0,1\}PATH.*\[\(.*\)\]/\2/p' | tr ':' '\n' | grep -v '^\$ORIGIN$' || true)
[ -z "$paths" ] || fail "$binary has a run path outside its own folder: $paths"
if readelf -S "$binary" | grep -q '\.symtab'; then
  fail "$binary is not stripped (it has .symtab)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Scripts "$work/Scripts"
cd "$work"
run() { env -i LD_LIBRARY_PATH= HOME="$work/home" TERM=dumb "$binary" "$@"; }

version=$(run --version) || fail "--version failed"
[ -n "$version" ] || fail "--version printed nothing"
out=$(run play Scripts/tapes/happy-path-yearly.tape Scripts/tapes/locales --check 2>&1) || fail "play --check failed:"$'\n'"$out"
grep -q ' 0 failed, 0 invalid' <<<"$out" || fail "play did not pass every tape:"$'\n'"$out"
grep -q '^PASS Scripts/tapes/happy-path-yearly.tape' <<<"$out" || fail "the happy path did not pass:"$'\n'"$out"
run store products --state "$work/state" --storefront JPN >/dev/null || fail "store products --storefront JPN failed"
echo "release check: $binary is self-contained; $(grep -c '^PASS' <<<"$out") tapes pass with an empty environment"
