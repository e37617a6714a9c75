#!/usr/bin/env bash
# Runs one sim experiment as a Slurm job array (one task per shard) and merges the shards.
#
#   scripts/slurm_array.sh CONFIG SHARDS [OUT]
#
# Submits two jobs and prints their ids:
#   1. an array job with tasks 0..SHARDS-1; task K runs `sim run --config CONFIG --out OUT`,
#      which reads SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT and plays shard K of SHARDS
#      into OUT/<name>.shard-K-of-SHARDS/ (with --resume, so a requeued task finishes its
#      shard instead of starting over);
#   2. a merge job that starts when every task succeeded (afterok) and writes OUT/<name>/,
#      whose summary.json is byte-identical to a single `sim run` of CONFIG.
#
# Environment: SIM (the sim binary, default target/release/sim; build it first with
# `cargo build --release -p sim`), CPUS (cores per task, default 2), SBATCH_EXTRA (more
# sbatch options, e.g. "--partition=short --time=01:00:00"). OUT must be on a file system
# that every node sees. See docs/SLURM.md.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 CONFIG SHARDS [OUT]" >&2
  exit 2
fi
config=$1
shards=$2
out=${3:-results}
sim=${SIM:-target/release/sim}
cpus=${CPUS:-2}
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then
  echo "$0: SHARDS must be a positive integer, got '$shards'" >&2
  exit 2
fi
[[ -x $sim ]] || { echo "$0: $sim not found; run: cargo build --release -p sim" >&2; exit 2; }
[[ -r $config ]] || { echo "$0: cannot read $config" >&2; exit 2; }
# The experiment name (the "name" key), which names the shard directories.
name=$(sed -n 's/.*"name"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' "$config" | head -n 1)
[[ -n $name ]] || { echo "$0: no \"name\" in $config" >&2; exit 2; }

mkdir -p "$out/slurm-logs"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_EXTRA:-} \
  --job-name="sim-$name" --array="0-$((shards - 1))" --cpus-per-task="$cpus" \
  --output="$out/slurm-logs/$name-%A_%a.out" \
  --wrap="'$sim' run --config '$config' --out '$out' --threads \"\${SLURM_CPUS_PER_TASK:-1}\" --resume")
array=${array%%;*}

dirs=()
for ((k = 0; k < shards; k++)); do
  dirs+=("'$out/$name.shard-$k-of-$shards'")
done
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_EXTRA:-} \
  --job-name="sim-$name-merge" --dependency="afterok:$array" --cpus-per-task=1 \
  --output="$out/slurm-logs/$name-merge-%j.out" \
  --wrap="'$sim' merge ${dirs[*]} --out '$out/$name'")
merge=${merge%%;*}

echo "array job $array ($shards tasks), merge job $merge -> $out/$name"
