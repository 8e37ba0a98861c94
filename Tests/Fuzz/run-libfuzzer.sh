#!/usr/bin/env bash
# Fuzzes the interpreter with libFuzzer (coverage-guided, AddressSanitizer):
# every input is a script run line by line with every invariant checked
# after every line (Sources/reuse-fuzz/main.swift).
#
#   Tests/Fuzz/run-libfuzzer.sh [SECONDS] [libFuzzer flags ...]
#
# SECONDS defaults to 60. The corpus starts from Sessions/*.reuse and grows
# in .build-fuzz/corpus (kept between runs); findings go to
# .build-fuzz/artifacts/. The dictionary holds the command words, flags,
# strategy and attribute names, generated from the shell's own help.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
build=.build-fuzz

swift build --build-path "$build" -c release --product reuse-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2
swift build -c release --product reuse-shell --build-path .build-rel >&2
shell=.build-rel/release/reuse-shell

mkdir -p "$build/corpus" "$build/artifacts"
for lesson in Sessions/*.reuse; do
    cp -n "$lesson" "$build/corpus/" 2>/dev/null || true
done

dictionary="$build/reuse.dict"
{
    "$shell" -c help | awk '/^  [a-z]/ { print $1 }'
    "$shell" -c strategy | awk '/^  [a-z]/ { print $1 }'
    printf '%s\n' --json --dot --pass --changes --all --last --script --step by to as header footer \
        rows viewport cells children view kind adds unapply update resets cancels loads after checked \
        UIView UILabel UIImageView UIButton UIScrollView backgroundColor alpha text title image tap \
        cornerRadius tintColor '{i}' '"' '{' '}' ':' ',' '/' '[1]' v1 v2 v3 red 0.5 \
        payload replace --explain resets-state state saveable on item key id insert delete at count \
        wait once output pools components stats '3,1' 'L/0/M' 'Feed/0/Carousel' linger pool cache os
} | sort -u | awk '{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); printf "\"%s \"\n", $0 }' > "$dictionary"

# Inputs run `save`, `export` and `output` with any path: as root, drop to
# `nobody`, so no input can replace a file outside the scratch directory.
sandbox=()
if [ "$(id -u)" -eq 0 ]; then
    chmod -R a+rwX "$build/corpus" "$build/artifacts"
    sandbox=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
fi

# No Graphviz (an `export` would start `dot` per input), no backtracer.
exec "${sandbox[@]}" env PATH=/nonexistent SWIFT_BACKTRACE=enable=no "$build/release/reuse-fuzz" "$build/corpus" \
    -dict="$dictionary" -max_total_time="$seconds" -max_len=2048 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/" "$@"
