#!/usr/bin/env bash
# A second (or third) Swarm node on this machine, for the tests: a Docker engine of its own in a
# network namespace, joined to the host's swarm as a worker over a veth pair. The recipe measured
# on these machines (docs/swarm.md, Test nodes): `ip netns exec` remounts /sys, so the engine's
# cgroup hierarchies are mounted again inside it; each node has its own data and exec roots.
#   netns-node.sh up NAME INDEX     start node NAME at 10.99.0.(INDEX+1), join it to the swarm
#   netns-node.sh kill NAME         SIGKILL the node's engine and every process in its namespace
#   netns-node.sh down NAME         kill it, remove it from the swarm and delete its namespace
#   netns-node.sh partition NAME    cut the node's own traffic to the manager (its engine's, its
#                                   agent's), not its containers': a node lost to the swarm that
#                                   still reaches the database
#   netns-node.sh heal NAME         undo the partition
# The host's end of every veth is on 10.99.0.1/24 through one bridge (sw-br0), the swarm's
# advertise address; the manager is re-initialised on it when the swarm was on another address.
set -euo pipefail

NAME="${2:?node name}"
BRIDGE=sw-br0
MANAGER_ADDR=10.99.0.1
SOCK="/run/docker-$NAME.sock"
ROOT="/var/lib/docker-$NAME"
EXEC_ROOT="/run/docker-$NAME"

host_bridge() {
	if ! ip link show "$BRIDGE" > /dev/null 2>&1; then
		ip link add "$BRIDGE" type bridge
		ip addr add "$MANAGER_ADDR/24" dev "$BRIDGE"
		ip link set "$BRIDGE" up
	fi
	# The veths' traffic crosses a bridge: the host's FORWARD policy (Docker sets DROP) must let it.
	iptables -C FORWARD -i "$BRIDGE" -o "$BRIDGE" -j ACCEPT 2> /dev/null || iptables -I FORWARD -i "$BRIDGE" -o "$BRIDGE" -j ACCEPT
}

manager_on_bridge() {
	local addr
	addr="$(docker info --format '{{.Swarm.NodeAddr}}' 2> /dev/null || true)"
	local state
	state="$(docker info --format '{{.Swarm.LocalNodeState}}')"
	if [ "$state" = active ] && [ "$addr" = "$MANAGER_ADDR" ]; then return; fi
	[ "$state" = active ] && docker swarm leave --force > /dev/null
	docker swarm init --advertise-addr "$MANAGER_ADDR" --dispatcher-heartbeat 1s > /dev/null
}

wait_for_engine() {
	for _ in $(seq 1 120); do
		docker -H "unix://$SOCK" info > /dev/null 2>&1 && return 0
		sleep 0.5
	done
	echo "netns-node: the engine of $NAME does not answer (see /var/log/docker-$NAME.log)" >&2
	return 1
}

kill_node() {
	# As a machine dies: the engine, its containerd and shims (every process in the namespace), and
	# the containers' own processes, which have namespaces of their own but sit under the engine's
	# cgroup parent. Killed in that order, no container is left whose engine could restart it.
	if ip netns list | grep -qw "$NAME"; then
		for pid in $(ip netns pids "$NAME"); do kill -9 "$pid" 2> /dev/null || true; done
	fi
	local procs state
	for procs in $(find "/sys/fs/cgroup/pids/docker-$NAME" -name cgroup.procs 2> /dev/null); do
		while read -r pid; do kill -9 "$pid" 2> /dev/null || true; done < "$procs"
	done
	# A paused container's processes are frozen (the freezer cgroup), and a frozen process acts on no
	# signal, SIGKILL included, until it is thawed: thawed after the SIGKILL, they die at once without
	# running again, as a paused site does when its machine dies.
	for state in $(find "/sys/fs/cgroup/freezer/docker-$NAME" -name freezer.state 2> /dev/null); do
		echo THAWED > "$state" 2> /dev/null || true
	done
	# SIGKILL is delivered, not waited for: an engine started before its containerd has gone would
	# find the old one's metadata database still locked, and give up.
	for _ in $(seq 1 100); do
		[ -z "$(ip netns pids "$NAME" 2> /dev/null)" ] && [ -z "$(find "/sys/fs/cgroup/pids/docker-$NAME" -name cgroup.procs -exec cat {} + 2> /dev/null)" ] && return 0
		sleep 0.1
	done
	echo "netns-node: processes of $NAME outlived SIGKILL" >&2
	return 1
}

case "${1:?up|kill|down|partition|heal}" in
up)
	INDEX="${3:?node index}"
	ADDR="10.99.0.$((INDEX + 1))"
	host_bridge
	manager_on_bridge
	ip netns list | grep -qw "$NAME" || ip netns add "$NAME"
	# A node's engine tries a registry pull before it uses its local image: with the host's resolver
	# (unreachable from the namespace) the lookup waits 20 s to fail, with none it fails at once.
	# `ip netns exec` mounts this file over /etc/resolv.conf.
	mkdir -p "/etc/netns/$NAME"
	echo 'nameserver 127.0.0.1' > "/etc/netns/$NAME/resolv.conf"
	if ! ip link show "h-$NAME" > /dev/null 2>&1; then
		ip link add "h-$NAME" type veth peer name "n-$NAME"
		ip link set "n-$NAME" netns "$NAME"
		ip link set "h-$NAME" master "$BRIDGE" up
		ip netns exec "$NAME" sh -c "ip addr add $ADDR/24 dev n-$NAME; ip link set n-$NAME up; ip link set lo up; ip route add default via $MANAGER_ADDR"
	fi
	mkdir -p "$ROOT"
	if [ -e "/run/docker-$NAME.pid" ]; then
		# The engine was killed (a clean stop removes its pid file). What a node's boot does then
		# (docs/swarm.md, Adding a node): its bridge driver would restore the sites' swarm-scoped
		# network from its local store, and every task on that network would be rejected with
		# "network … exists" (moby/moby#37087); without the store, the agent makes it afresh. The
		# config-only network goes with it: the node is prepared again after it starts.
		rm -f "$ROOT/network/files/local-kv.db"
		# The engine refuses to start beside its own pid file.
		rm -f "/run/docker-$NAME.pid"
	fi
	# The containerd a killed engine ran is gone too (kill_node waits for it), but its pid file is
	# not: the engine would take it, naming another process by now, for a containerd running.
	rm -f "$EXEC_ROOT/containerd/containerd.pid"
	ip netns exec "$NAME" unshare --uts --mount --propagation private sh -c "
		hostname $NAME
		mount -t tmpfs -o mode=755 cgroup /sys/fs/cgroup
		for c in cpu cpuacct cpuset memory devices freezer blkio pids; do
			mkdir -p /sys/fs/cgroup/\$c; mount -t cgroup -o \$c cgroup /sys/fs/cgroup/\$c; done
		mkdir -p /sys/fs/cgroup/systemd; mount -t cgroup -o none,name=systemd cgroup /sys/fs/cgroup/systemd
		# A killed engine's socket file is made anew at start: the mount below must take the new one.
		rm -f $SOCK
		dockerd --data-root $ROOT --exec-root $EXEC_ROOT -H unix://$SOCK --pidfile /run/docker-$NAME.pid \
			--bip 172.31.$((INDEX)).1/24 --cgroup-parent /docker-$NAME &
		# On a machine of its own, a container that mounts /var/run/docker.sock (the stack's node
		# agent) gets its node's engine: here, in the engine's mount namespace, the node's socket is
		# put over the host's, before the engine runs any container.
		for _ in \$(seq 1 240); do [ -S $SOCK ] && break; sleep 0.25; done
		mount --bind $SOCK /var/run/docker.sock
		wait" > "/var/log/docker-$NAME.log" 2>&1 &
	wait_for_engine
	if [ "$(docker -H "unix://$SOCK" info --format '{{.Swarm.LocalNodeState}}')" != active ]; then
		docker -H "unix://$SOCK" swarm join --advertise-addr "$ADDR" --token "$(docker swarm join-token -q worker)" "$MANAGER_ADDR:2377" > /dev/null
	fi
	echo "$NAME $ADDR $SOCK"
	;;
kill)
	kill_node
	;;
partition)
	# OUTPUT holds what the node's own processes send; its containers' traffic is forwarded, and
	# passes. The rule goes first, so the established connections to the manager stall too.
	ip netns exec "$NAME" iptables -C OUTPUT -d "$MANAGER_ADDR" -j DROP 2> /dev/null || ip netns exec "$NAME" iptables -I OUTPUT 1 -d "$MANAGER_ADDR" -j DROP
	;;
heal)
	while ip netns exec "$NAME" iptables -D OUTPUT -d "$MANAGER_ADDR" -j DROP 2> /dev/null; do :; done
	;;
down)
	kill_node
	node_id="$(docker node ls --filter "name=$NAME" --format '{{.ID}}' || true)"
	[ -n "$node_id" ] && docker node rm --force $node_id > /dev/null 2>&1 || true
	ip link del "h-$NAME" 2> /dev/null || true
	ip netns del "$NAME" 2> /dev/null || true
	rm -rf "/etc/netns/$NAME"
	# The node's swarm identity and networks go; its images stay, so the next node of this name starts quickly.
	rm -rf "$ROOT/swarm" "$ROOT/network" "/run/docker-$NAME.pid"
	;;
*)
	echo "netns-node: up|kill|down|partition|heal" >&2
	exit 2
	;;
esac
