#!/usr/bin/env bash
# Instruction counts (callgrind) of two tengen binaries on fixed workloads: the deterministic
# companion of compare_builds.sh for a machine too busy for timings.
#
#   tools/callgrind_builds.sh OLD_TENGEN NEW_TENGEN [FOX_DIR]
#
# Workloads, one thread each: 2,000 9x9 playouts and 500 19x19 playouts (seed 1), and one
# round of `bench replay FOX_DIR`. Prints each binary's total instructions (start-up
# included, the same for both) and the ratio new/old. It builds nothing.
set -euo pipefail
old=${1:?usage: callgrind_builds.sh OLD NEW [FOX_DIR]}
new=${2:?usage: callgrind_builds.sh OLD NEW [FOX_DIR]}
fox=${3:-/work/shared/data/sgf/fox-pro}
one_round() { if "$1" bench playouts --help | grep -q -- --rounds; then echo "--rounds 1"; fi; }
count() { # binary, args... -> instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for w in "playouts-9x9" "playouts-19x19" "replay-fox-pro"; do
  declare -A n
  for b in old new; do
    bin=${!b}
    case $w in
      playouts-9x9) n[$b]=$(count "$bin" bench playouts --size 9 --count 2000 --threads 1 $(one_round "$bin")) ;;
      playouts-19x19) n[$b]=$(count "$bin" bench playouts --size 19 --count 500 --threads 1 $(one_round "$bin")) ;;
      replay-fox-pro) n[$b]=$(count "$bin" bench replay "$fox" --rounds 1) ;;
    esac
  done
  echo "$w: old ${n[old]}, new ${n[new]} instructions, new/old $(awk -v a="${n[old]}" -v b="${n[new]}" 'BEGIN { printf "%.4f", b / a }')"
done
