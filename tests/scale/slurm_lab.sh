#!/usr/bin/env bash
# The lab as a Slurm job array on a one-node cluster made on this machine (issue #14.6):
# installs Debian's Slurm and munge if missing, starts munged, slurmctld and slurmd with a
# private configuration (SLURM_CONF in a temporary folder: /etc/slurm is not touched),
# submits examples/slurm/lab.sbatch as a 4-task array and lab-merge.sbatch depending on it,
# waits, and compares the merged results.json with a single-process run byte for byte. Stops
# the daemons it started and removes its folder on every exit. Needs root (apt, daemons).
#
#   bash tests/scale/slurm_lab.sh [path/to/duelbox]      # default build/cli/duelbox
# Exit 0 when the merged run equals the single-process run.
set -euo pipefail
cd "$(dirname "$0")/../.."
duelbox=$(realpath "${1:-build/cli/duelbox}")
shards=4
lab_args="battlecon --fighters ashen,kestrel,bastion --matches 20"
t0=$SECONDS
say() { echo "slurm_lab: [$((SECONDS - t0)) s] $*"; }

[ "$(id -u)" = 0 ] || { echo "slurm_lab: needs root (installs packages, starts daemons)" >&2; exit 2; }
[ -x "$duelbox" ] || { echo "slurm_lab: no duelbox binary at $duelbox (build first)" >&2; exit 2; }
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
   || ! command -v munged >/dev/null; then
  say "installing slurmctld slurmd slurm-client munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
fi

work=$(mktemp -d /tmp/duelbox-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  local rc=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -f /run/slurmctld.pid /run/slurmd.pid
  if [ $rc -ne 0 ]; then
    for log in "$work"/*.log; do [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 15 "$log"; }; done
  fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT

# munge: the key comes with the package; without systemd nothing made its run folder.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  chmod 755 /run/munge
  setpriv --reuid=munge --regid=munge --init-groups munged -F >"$work/munged.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.2; done
  munge -n | unmunge >/dev/null || { echo "slurm_lab: munged did not come up" >&2; exit 1; }
  say "munged up"
fi

host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
mkdir -p "$work/state" "$work/spool" "$work/out"
chown slurm:slurm "$work/state"
export SLURM_CONF="$work/slurm.conf"
# What mattered on a one-node cluster from Debian's packages: CR_Core, not CR_Core_Memory (with memory
# as a resource and no DefMemPerCPU each task takes the whole node, so the array runs one task
# at a time); linuxproc process tracking and no task plugin (no cgroups without systemd);
# a NodeName with CPUs and RealMemory within what the machine has (else the node drains).
cat >"$SLURM_CONF" <<CONF
ClusterName=duelbox
SlurmctldHost=$host
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MailProg=/bin/true
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=lab Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -D >"$work/slurmctld.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do scontrol ping 2>/dev/null | grep -q UP && break; sleep 0.2; done
scontrol ping | grep -q UP || { echo "slurm_lab: slurmctld did not come up" >&2; exit 1; }
slurmd -D >"$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %t | grep -q idle || { echo "slurm_lab: the node is not idle: $(sinfo -h -o '%t %E')" >&2; exit 1; }
say "slurmctld and slurmd up ($cpus CPUs on $host)"

export DUELBOX="$duelbox" LAB_OUT="$work/out" LAB_ARGS="$lab_args"
array=$(sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task=1 --chdir="$work/out" --export=ALL \
  examples/slurm/lab.sbatch)
say "submitted array job $array ($shards shards): $lab_args"
sbatch --wait --dependency=afterok:"$array" --chdir="$work/out" --export=ALL examples/slurm/lab-merge.sbatch >/dev/null
say "merge job done"
for i in $(seq 0 $((shards - 1))); do
  [ -f "$work/out/shard-$i/results.json" ] || { echo "slurm_lab: shard $i wrote nothing" >&2; exit 1; }
done

# shellcheck disable=SC2086
"$duelbox" lab $lab_args --workers "$cpus" --out "$work/single" >/dev/null
if cmp -s "$work/single/results.json" "$work/out/merged/results.json"; then
  say "PASS: the merged results.json of $shards Slurm tasks equals the single-process run's byte for byte"
  grep -m1 -A6 '^fighter' "$work/out/lab-merge-"*.out || true
else
  diff <(head -c 4000 "$work/single/results.json") <(head -c 4000 "$work/out/merged/results.json") | head -20
  echo "slurm_lab: FAIL: the merged results differ from the single-process run" >&2
  exit 1
fi
