#!/usr/bin/env bash
# Builds the self-contained Linux binary: release, the Swift runtime and Foundation (with its ICU
# data) linked in with --static-swift-stdlib, stripped; writes dist/paywall-sim-linux-x86_64 and
# its .sha256, then checks it with Scripts/release/check.sh (no toolchain library in reach).
# Its own build folder, .build-release, so the debug build and `swift build -c release` stay as
# they are. Usage: Scripts/release.sh   (about 15 minutes on 2 cores from nothing)
set -euo pipefail
cd "$(dirname "$0")/.."

arch=$(uname -m)
name="paywall-sim-linux-${arch}"
scratch=.build-release

swift build -c release --product paywall-sim --static-swift-stdlib --scratch-path "$scratch"
built="$(swift build -c release --product paywall-sim --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/paywall-sim"

mkdir -p dist
strip --strip-all -o "dist/${name}.tmp" "$built"
mv "dist/${name}.tmp" "dist/${name}"
(cd dist && sha256sum "${name}" > "${name}.sha256")

Scripts/release/check.sh "dist/${name}"
echo "release: dist/${name} ($(stat -c %s "dist/${name}") bytes), dist/${name}.sha256"
