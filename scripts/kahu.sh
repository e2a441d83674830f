#!/bin/sh
# How kahu runs, the one place that says it: `npm start`, `start:api`, `start:worker`, the Docker
# image, the benchmarks and soaks all run the bundle (dist/kahu/main.mjs, scripts/build.mjs) through
# this script. Arguments go to kahu (--api, --worker).
# - A 4 MB young generation and an old-space limit (KAHU_HEAP_MB, default 128): under load V8 otherwise
#   grows its heap to about 400 MB of RSS for a live set of about 70 MB (soak:api).
# - Two malloc arenas instead of one per thread: glibc otherwise keeps tens of MB of freed native
#   memory (Buffers, sockets) in idle arenas.
# - Blocks of 128 KB or more in mappings of their own, given back when freed: glibc otherwise raises
#   this threshold to the largest block freed (a map's SVG or PNG, up to 1 MB), after which such
#   blocks pile up in the main heap (62 MB of it after 25 minutes of soak:api, issue 28).
# The malloc settings must be in the environment before node starts.
# KAHU_NODE_EXTRA: more node flags (the benchmarks' --cpu-prof).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# shellcheck disable=SC2086 # KAHU_NODE_EXTRA is a list of flags
exec node --max-semi-space-size=4 --max-old-space-size="${KAHU_HEAP_MB:-128}" ${KAHU_NODE_EXTRA:-} "$(dirname "$0")/../dist/kahu/main.mjs" "$@"
