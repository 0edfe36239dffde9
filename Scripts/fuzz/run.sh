#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the input formats: themes, remote config, .xcstrings, .storekit.
#
#   Scripts/fuzz/run.sh [SECONDS] [TARGET...]     # default 60 s each; targets: theme config xcstrings storekit
#
# Builds each module from its sources with `swiftc -sanitize=fuzzer -package-name` (no SwiftPM; PaywallFoundation with CMalloc,
# StoreKitVocabulary, PaywallCore, CopyDeck, TerminalKit and the catalog half of StoreSim, which needs no crypto) into .build/fuzz,
# links one harness per format (Scripts/fuzz/harness/*.swift), seeds it with the real files
# (Themes/, the fixtures in Tests/Fixtures, the default config) and runs it for
# SECONDS. A harness aborts on a crash, a hang (-timeout=10 s per input) or a refusal without a
# clear error; libFuzzer then saves the input as .build/fuzz/crash-* and this script exits 1.
# Tapes and signed transactions need the crypto module: they are fuzzed by the seeded property
# tests instead (Tests/TapesTests/TapeFuzzTests.swift, Tests/StoreSimTests/Fuzz*.swift).
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(theme config xcstrings storekit)
OUT=.build/fuzz
mkdir -p "$OUT"
FIXTURES=""
for candidate in Tests/Fixtures ../shared/fixtures; do [ -d "$candidate" ] && { FIXTURES="$candidate"; break; }; done

# module NAME DEPENDENCIES... : compiles Sources/NAME (or a folder list in SRC_NAME) to one object and a .swiftmodule.
module() {
  local name="$1" sources
  case "$name" in
    StoreSim) sources=$(ls Sources/StoreSim/Catalog/*.swift Sources/StoreSim/Generated/*.swift) ;;   # the catalog loader and its storefront table only: no swift-crypto
    *) sources=$(ls Sources/"$name"/*.swift Sources/"$name"/*/*.swift 2>/dev/null || true) ;;
  esac
  local stamp="$OUT/$name.o"
  if [ -f "$stamp" ] && [ -z "$(find $sources -newer "$stamp" 2>/dev/null | head -n1)" ]; then return; fi
  echo "fuzz: compiling $name"
  swiftc -module-name "$name" -package-name paywallsim -parse-as-library -wmo -O -sanitize=fuzzer -I "$OUT" -I Sources/CMalloc \
    -emit-module -emit-module-path "$OUT/$name.swiftmodule" -c $sources -o "$OUT/$name.o"
}

harness() { # TARGET OBJECTS...
  local target="$1"; shift
  local objects=()
  for m in "$@"; do objects+=("$OUT/$m.o"); done
  if [ -x "$OUT/fuzz-$target" ] && [ -z "$(find Scripts/fuzz/harness/$target.swift "${objects[@]}" -newer "$OUT/fuzz-$target" | head -n1)" ]; then return; fi
  echo "fuzz: linking fuzz-$target"
  swiftc -module-name "Fuzz_$target" -package-name paywallsim -parse-as-library -O -sanitize=fuzzer -I "$OUT" -I Sources/CMalloc \
    Scripts/fuzz/harness/"$target".swift "${objects[@]}" -l_FoundationICU -o "$OUT/fuzz-$target"
}

seeds() { # TARGET DIR
  local dir="$2"
  mkdir -p "$dir"
  case "$1" in
    theme) cp Themes/*.theme "$dir"/ ;;
    config) printf '%s' '{"offers":[{"id":"A","layoutVariant":"list","productIDs":["weekly_9_99","yearly_59_99"],"defaultProductID":"yearly_59_99"}],"rules":[{"when":{"forced":"A"},"offer":"A"},{"when":{"riskLevel":"high","minPaywallViews7d":3},"offer":"A"}],"defaultOffer":"A","dailyMessageLimit":10,"purchasesEnabled":true,"cannedReplyCount":5,"entitlementStalenessLimitSec":86400}' > "$dir/default.json" ;;
    xcstrings) cp Themes/*.xcstrings "$dir"/; [ -n "$FIXTURES" ] && cp "$FIXTURES"/xcstrings/*.xcstrings "$dir"/ ;;
    storekit) [ -n "$FIXTURES" ] && cp "$FIXTURES"/storekit/*.storekit "$dir"/ ;;
  esac
  return 0
}

failed=0
for target in "${TARGETS[@]}"; do
  case "$target" in
    theme) module PaywallFoundation; module TerminalKit; harness theme PaywallFoundation TerminalKit ;;
    config) module PaywallFoundation; module StoreKitVocabulary; module PaywallCore
            harness config PaywallFoundation StoreKitVocabulary PaywallCore ;;
    xcstrings) module PaywallFoundation; module CopyDeck; harness xcstrings PaywallFoundation CopyDeck ;;
    storekit) module PaywallFoundation; module StoreKitVocabulary; module StoreSim
              harness storekit PaywallFoundation StoreKitVocabulary StoreSim ;;
    *) echo "fuzz: unknown target $target (theme config xcstrings storekit)" >&2; exit 2 ;;
  esac
  corpus="$OUT/corpus-$target"
  seeds "$target" "$corpus"
  log="$OUT/fuzz-$target.log"
  if (cd "$OUT" && ./fuzz-"$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 "corpus-$target" >"fuzz-$target.log" 2>&1); then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1 || true)
    echo "fuzz: $target ok: $runs inputs in ${SECONDS_EACH}s, $cov, corpus $(ls "$corpus" | wc -l) files"
  else
    failed=$((failed + 1))
    echo "fuzz: $target FAILED (see $log):"; grep -E 'ERROR|Fatal|fatal|crash-|timeout-|oom-' "$log" | head -n 10
  fi
done
[ $failed -eq 0 ] || exit 1
