#!/usr/bin/env bash
# Replaces every control-plane replica of the running stack without dropping a request
# (docs/operations.md, Replicas): starts as many new replicas as run now, from the platform image
# as it is now (after `docker-compose build` or `pull`), waits until each is healthy, then stops the
# old ones one at a time. A stopping replica drains first (DRAIN_SECONDS: Caddy's health check takes
# it out of the rotation while it finishes what it has). Run it where you run docker-compose, with
# the same environment and project name:
#
#   scripts/deploy/rolling-control-plane.sh [--project-name NAME] [--file docker-compose.yml]
#
# It needs room in CONTROL_PLANE_PORTS for twice the replicas while it runs.
set -euo pipefail

compose_args=()
project=""
while [[ $# -gt 0 ]]; do
	case "$1" in
		-p | --project-name) project="$2"; compose_args+=(--project-name "$2"); shift 2 ;;
		-f | --file) compose_args+=(--file "$2"); shift 2 ;;
		*) echo "Unknown argument: $1" >&2; exit 2 ;;
	esac
done
project="${project:-${COMPOSE_PROJECT_NAME:-$(basename "$PWD")}}"
compose=(docker-compose "${compose_args[@]}")
HEALTHY_WITHIN_SECONDS="${HEALTHY_WITHIN_SECONDS:-240}"

replicas() {
	docker ps --quiet --filter "label=com.docker.compose.project=${project}" --filter "label=com.docker.compose.service=control-plane" --filter status=running
}

wait_healthy() {
	local id="$1" deadline=$((SECONDS + HEALTHY_WITHIN_SECONDS)) health
	while :; do
		health="$(docker inspect --format '{{.State.Health.Status}}' "$id")"
		[[ "$health" == healthy ]] && return 0
		if [[ "$health" == unhealthy || $SECONDS -ge $deadline ]]; then
			echo "Replica ${id:0:12} is ${health} after $((SECONDS - deadline + HEALTHY_WITHIN_SECONDS)) s: the old replicas keep serving; see docker logs ${id:0:12}" >&2
			return 1
		fi
		sleep 1
	done
}

mapfile -t old < <(replicas)
if [[ ${#old[@]} -eq 0 ]]; then
	echo "No running control-plane replica in project ${project}: start the stack with docker-compose up -d first" >&2
	exit 1
fi
count=${#old[@]}
echo "Starting ${count} new control-plane replica(s) beside the ${count} running…"
"${compose[@]}" up --detach --no-deps --no-recreate --scale "control-plane=$((count * 2))" control-plane

mapfile -t now < <(replicas)
for id in "${now[@]}"; do
	[[ " ${old[*]} " == *" ${id} "* ]] && continue
	wait_healthy "$id"
	echo "New replica ${id:0:12} is healthy"
done

for id in "${old[@]}"; do
	echo "Stopping old replica ${id:0:12} (draining first)…"
	docker stop --time 30 "$id" >/dev/null
	docker rm "$id" >/dev/null
done
echo "Done: ${count} replica(s) replaced"
