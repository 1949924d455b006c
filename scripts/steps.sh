#!/usr/bin/env bash
# Step timing for the test scripts, sourced by them: each step adds a row (name, wall-clock seconds, CPU
# seconds of its processes, exit status) to the file named by STEP_TIMES, and print_steps shows the rows as
# a table.

# Seconds since a start taken from $EPOCHREALTIME, with one decimal.
elapsed() {
  local now=$EPOCHREALTIME
  awk -v a="$1" -v b="$now" 'BEGIN { printf "%.1f", b - a }'
}

# Sets CPU to the CPU seconds (user + system) of this shell's finished child processes so far. Not through a
# pipe or $(...): `times` must run in this shell to see its children.
cpu_so_far() {
  local file
  file=$(mktemp)
  times >"$file"
  CPU=$(awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, /m|s/); total += part[1] * 60 + part[2] }
    printf "%.1f", total
  }' "$file")
  rm -f "$file"
}

# A step's name from its command: `nice -n 5 pnpm test:unit` -> unit, `pnpm lint` -> lint.
step_name() {
  sed -E 's/^nice -n [0-9]+ //; s/^pnpm //; s/^test://; s/ .*//' <<<"$1"
}

record_step() {
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$STEP_TIMES"
}

# Runs a command as a named step (its output as it comes), records it, and returns its exit status.
run_step() {
  local name=$1 start cpu rc
  shift
  start=$EPOCHREALTIME
  cpu_so_far
  cpu=$CPU
  "$@"
  rc=$?
  cpu_so_far
  record_step "$name" "$(elapsed "$start")" "$(awk -v a="$cpu" -v b="$CPU" 'BEGIN { printf "%.1f", b - a }')" "$rc"
  return "$rc"
}

# The table of every step so far; with a start time (and an exit status), a last row for the whole run.
print_steps() {
  local total=${1:-}
  cpu_so_far
  echo
  echo '=== steps'
  {
    printf 'step\tseconds\tcpu s\texit\n'
    cat "$STEP_TIMES"
    [ -z "$total" ] || printf 'total (wall clock)\t%s\t%s\t%s\n' "$(elapsed "$total")" "$CPU" "${2:--}"
  } | awk -F'\t' '{ printf "%-20s %8s %8s %5s\n", $1, $2, $3, $4 }'
}
