#!/bin/bash
# Submits a lab run as a Slurm job array of SHARDS tasks plus a merge job that starts when
# every task succeeded. Usage:
#   examples/slurm/submit.sh SHARDS LAB_OUT DUELBOX lab-arguments...
#   examples/slurm/submit.sh 8 /shared/lab ./build/cli/duelbox battlecon --matches 1000
# Prints the two job ids; the report ends up in LAB_OUT/merged/report.html.
set -euo pipefail
shards=$1 out=$2 duelbox=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export DUELBOX=$(realpath "$duelbox") LAB_OUT=$(realpath "$out") LAB_ARGS="$*"
array=$(sbatch --parsable --array=0-$((shards - 1)) --chdir="$LAB_OUT" --export=ALL "$here/lab.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$LAB_OUT" --export=ALL "$here/lab-merge.sbatch")
echo "array job $array ($shards shards), merge job $merge: $LAB_OUT/merged/report.html when done"
