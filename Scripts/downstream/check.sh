#!/usr/bin/env bash
# Builds a tiny package that depends on this one by path, as a team's would, and runs its Swift
# Testing test (the example of docs/testing-library.md): proof that the PaywallSimTesting library
# product is usable from another package (no unsafeFlags) and works there.
# The package is made under a temporary folder; its build folder is .build-downstream in this
# checkout (kept between runs: a second run rebuilds only what changed; the first builds every
# dependency again, as a team's first build does). Usage: Scripts/downstream/check.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Tests/TeamTests"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TeamApp",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "PaywallSim", path: "$root")],
    targets: [
        .testTarget(name: "TeamTests", dependencies: [.product(name: "PaywallSimTesting", package: "PaywallSim")]),
    ]
)
MANIFEST
# The example from the docs, as a team would paste it.
awk '/^```swift downstream$/ {on=1; next} /^```$/ {on=0} on' "$root/docs/testing-library.md" > "$work/Tests/TeamTests/TeamTests.swift"
[ -s "$work/Tests/TeamTests/TeamTests.swift" ] || { echo "downstream: no \`\`\`swift downstream block in docs/testing-library.md" >&2; exit 1; }
cd "$work"
set +e
swift test --scratch-path "$root/.build-downstream" > "$work/test.log" 2>&1
status=$?
set -e
grep -E "error:|Test run|✔|✘" "$work/test.log" || true
grep -q "Test run with [1-9][0-9]* tests* .*passed" "$work/test.log" || { tail -40 "$work/test.log" >&2; echo "downstream: no passing test run (swift test exited $status)" >&2; exit 1; }
exit "$status"
