#!/usr/bin/env bash
# Games each method needs to find an edit, on the sim compare example (sim/experiments/compare/).
#
#   scripts/games_to_find.sh [VARIANT [FACTION]]     (default: modest winnu; from the repo root)
#
# For N on a grid of whole rotation blocks it runs base.json and VARIANT.json with --games N (the
# same games as the first N of a longer run) and prints whether the plain run of VARIANT flags
# FACTION (balance test against the fair share) and whether `sim compare` flags FACTION's win rate
# difference. Then it runs VARIANT_until_decided.json (if present) alone and with --compare-to a
# base run of the cap's size, and prints where sequential stopping decided. Needs a release build
# (cargo build --release -p sim). Results go to a scratch directory, removed at the end.
set -euo pipefail
variant=${1:-modest}
faction=${2:-winnu}
sim=${SIM:-target/release/sim}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cfg=sim/experiments/compare
echo "N plain_flags compare_flags (1: $faction flagged)"
for n in 12 24 36 48 60 90 120 180 240 360 480 600; do
  "$sim" run --config $cfg/base.json --games $n --out "$dir/$n" --quiet
  "$sim" run --config $cfg/$variant.json --games $n --out "$dir/$n" --quiet
  new=$(ls -d "$dir/$n"/ti4-compare-$variant)
  plain=$(python3 -c "import json,sys; s=json.load(open('$new/summary.json')); print(int('$faction' in s['balance']['flagged_factions']))")
  cmp=$("$sim" compare "$dir/$n/ti4-compare-base" "$new" --json |
    python3 -c "import json,sys; c=json.load(sys.stdin); print(int('faction $faction: win_rate' in c['flagged']))")
  echo "$n $plain $cmp"
done
seq=$cfg/${variant}_until_decided.json
if [ -f "$seq" ]; then
  "$sim" run --config $cfg/base.json --out "$dir/base" --quiet
  "$sim" run --config "$seq" --out "$dir/plain" --quiet
  "$sim" run --config "$seq" --out "$dir/paired" --quiet --compare-to "$dir/base/ti4-compare-base"
  for m in plain paired; do
    python3 -c "
import json, glob
q = json.load(open(glob.glob('$dir/$m/*/summary.json')[0]))['sequential']
g = q['groups']['$faction']
print('until-decided ($m): %s at %d games (estimate %+.3f), %s after %d looks' % (g['decision'], g['games'], g['estimate'], q['stopped'], len(q['looks'])))"
  done
fi
