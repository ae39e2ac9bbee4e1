#!/usr/bin/env bash
# Paired, interleaved CPU-time comparison of two tengen binaries (issue 22's "no speed lost").
#
#   tools/compare_builds.sh OLD_TENGEN NEW_TENGEN [ROUNDS] [FOX_DIR]
#
# Each round runs, for both binaries in an order that alternates from round to round, the
# same three workloads: `bench playouts --size 9 --count 100000 --threads 1`, the same with
# `--size 19 --count 20000`, and `bench replay FOX_DIR --rounds 3` (a binary whose `bench
# playouts` has `--rounds` gets `--rounds 1`, so both do the same work). A run's cost is
# its process CPU time (user + system, from /usr/bin/time), so both binaries are measured the
# same way whatever their own bench prints. Prints every run, then per workload the median
# CPU seconds of each binary and the ratio new/old (below 1: the new one is faster).
# It builds nothing.
set -euo pipefail
old=${1:?usage: compare_builds.sh OLD NEW [ROUNDS] [FOX_DIR]}
new=${2:?usage: compare_builds.sh OLD NEW [ROUNDS] [FOX_DIR]}
rounds=${3:-7}
fox=${4:-/work/shared/data/sgf/fox-pro}
workloads=(
  "bench playouts --size 9 --count 100000 --threads 1"
  "bench playouts --size 19 --count 20000 --threads 1"
  "bench replay $fox --rounds 3"
)
names=(playouts-9x9 playouts-19x19 replay-fox-pro)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one_round() { # binary -> "--rounds 1" when its bench playouts repeats rounds by default
  if "$1" bench playouts --help | grep -q -- --rounds; then echo "--rounds 1"; fi
}
old_extra=$(one_round "$old")
new_extra=$(one_round "$new")
cpu() { # binary, workload -> CPU seconds
  local extra=
  if [[ $2 == "bench playouts"* ]]; then
    if [[ $1 == "$old" ]]; then extra=$old_extra; else extra=$new_extra; fi
  fi
  /usr/bin/time -f "%U %S" -o "$tmp/t" "$1" $2 $extra > /dev/null
  awk '{ print $1 + $2 }' "$tmp/t"
}
for ((r = 0; r < rounds; r++)); do
  for w in "${!workloads[@]}"; do
    if ((r % 2 == 0)); then
      a=$(cpu "$old" "${workloads[$w]}"); b=$(cpu "$new" "${workloads[$w]}")
    else
      b=$(cpu "$new" "${workloads[$w]}"); a=$(cpu "$old" "${workloads[$w]}")
    fi
    echo "round $((r + 1)) ${names[$w]}: old $a s, new $b s"
    echo "$a" >> "$tmp/old$w"; echo "$b" >> "$tmp/new$w"
  done
done
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }'; }
for w in "${!workloads[@]}"; do
  a=$(median "$tmp/old$w"); b=$(median "$tmp/new$w")
  echo "${names[$w]}: median CPU old $a s, new $b s, new/old $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')"
done
