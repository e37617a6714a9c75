#!/usr/bin/env bash
# Games each method needs to find an edit, on the sim compare examples (sim/experiments/compare/).
#
#   scripts/games_to_find.sh [VARIANT [FACTION [BASE]]]   (default: modest winnu base; from the repo root)
#
# The two examples:
#   modest winnu base          a buff of one faction of a mirror (ti4_equal_strength): the base is
#                              fair by construction, so the plain run's test against the fair share
#                              is the one-sample test of the right question;
#   arborec arborec real_base  a buff of the weakest of six real factions (embedded content) that
#                              moves it to about its fair share: the plain run reads "balanced".
#
# For N on a grid of whole rotation blocks it runs BASE.json and VARIANT.json with --games N (the
# same games as the first N of a longer run) and prints whether the plain run of VARIANT flags
# FACTION (balance test against the fair share) and whether `sim compare` flags FACTION's win rate
# difference or its mean score difference (both tests are in the comparison's one Holm family, so
# either flag is the comparison finding the edit). Then it runs VARIANT_until_decided.json (if
# present) alone and with --compare-to a base run of the cap's size, and prints where sequential
# stopping decided. Needs a release build (cargo build --release -p sim). Results go to a scratch
# directory, removed at the end.
set -euo pipefail
variant=${1:-modest}
faction=${2:-winnu}
base=${3:-base}
sim=${SIM:-target/release/sim}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cfg=sim/experiments/compare
base_name=$(python3 -c "import json; print(json.load(open('$cfg/$base.json'))['name'])")
new_name=$(python3 -c "import json; print(json.load(open('$cfg/$variant.json'))['name'])")
echo "N plain compare_win_rate compare_mean_score (1: $faction flagged)"
for n in 12 24 36 48 60 90 120 150 180 210 240 300 360 420 480 540 600; do
  "$sim" run --config $cfg/$base.json --games $n --out "$dir/$n" --quiet
  "$sim" run --config $cfg/$variant.json --games $n --out "$dir/$n" --quiet
  plain=$(python3 -c "import json; s=json.load(open('$dir/$n/$new_name/summary.json')); print(int('$faction' in s['balance']['flagged_factions']))")
  cmp=$("$sim" compare "$dir/$n/$base_name" "$dir/$n/$new_name" --json |
    python3 -c "import json,sys; f=json.load(sys.stdin)['flagged']; print(int('faction $faction: win_rate' in f), int('faction $faction: mean_score' in f))")
  echo "$n $plain $cmp"
done
seq=$cfg/${variant}_until_decided.json
if [ -f "$seq" ]; then
  "$sim" run --config $cfg/$base.json --out "$dir/base" --quiet
  "$sim" run --config "$seq" --out "$dir/plain" --quiet
  "$sim" run --config "$seq" --out "$dir/paired" --quiet --compare-to "$dir/base/$base_name"
  for m in plain paired; do
    python3 -c "
import json, glob
q = json.load(open(glob.glob('$dir/$m/*/summary.json')[0]))['sequential']
g = q['groups']['$faction']
print('until-decided ($m): %s at %d games (estimate %+.3f), %s after %d looks' % (g['decision'], g['games'], g['estimate'], q['stopped'], len(q['looks'])))"
  done
fi
