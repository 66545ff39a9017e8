#!/bin/sh
# The caddy image's entrypoint. Caddy 2.6 (Debian's) takes no port range as an upstream, so the
# control-plane replicas' range, CONTROL_PLANE_PORTS (e.g. 8061-8068), becomes the list of their
# loopback addresses, CONTROL_PLANE_UPSTREAMS, which the Caddyfile balances over. The sites'
# upstreams, SITE_UPSTREAMS: the node router (NODE_ROUTER_PORT, docker-stack.yml) if there is one,
# then the runtime's router (ROUTER_PORT), which the Caddyfile tries in that order. Then Caddy runs.
set -eu
range="${CONTROL_PLANE_PORTS:-8061-8068}"
first="${range%-*}"
last="${range#*-}"
case "$first$last" in
	*[!0-9]* | "") echo "CONTROL_PLANE_PORTS must be a range of ports such as 8061-8068, not \"$range\"" >&2; exit 2 ;;
esac
upstreams=""
port="$first"
while [ "$port" -le "$last" ]; do
	upstreams="$upstreams 127.0.0.1:$port"
	port=$((port + 1))
done
CONTROL_PLANE_UPSTREAMS="${upstreams# }"
export CONTROL_PLANE_UPSTREAMS
SITE_UPSTREAMS="${NODE_ROUTER_PORT:+127.0.0.1:$NODE_ROUTER_PORT }127.0.0.1:${ROUTER_PORT:-8080}"
export SITE_UPSTREAMS
exec "$@"
