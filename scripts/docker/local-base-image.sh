#!/usr/bin/env bash
# Builds the local base image the Dockerfiles take as BASE_IMAGE where no image registry can be
# reached: Debian bookworm (debootstrap --variant=minbase) with this checkout's Node 22 and npm in
# /usr/local, the same layout as the official node:22-bookworm-slim image it stands in for.
#   scripts/docker/local-base-image.sh [tag]      (default tag: epic/node-base:22-bookworm)
# The debootstrap tree is cached as a tarball under node_modules/.cache, so a second build takes
# seconds; delete the tarball to fetch Debian again.
set -euo pipefail
cd "$(dirname "$0")/../.."

TAG="${1:-epic/node-base:22-bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
CACHE="node_modules/.cache/docker-base"
ROOTFS_TAR="$CACHE/debian-bookworm-minbase.tar"
NODE_BIN="node_modules/node/bin/node"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"

[ -x "$NODE_BIN" ] || { echo "local-base-image: $NODE_BIN is missing; run npm ci first" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "local-base-image: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
mkdir -p "$CACHE"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if [ ! -s "$ROOTFS_TAR" ]; then
	echo "local-base-image: debootstrap bookworm from $MIRROR…" >&2
	debootstrap --variant=minbase --include=ca-certificates bookworm "$WORK/rootfs" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
		|| { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
	# Package lists and caches are fetched again by whatever image installs packages.
	rm -rf "$WORK/rootfs/var/cache/apt/archives/"*.deb "$WORK/rootfs/var/lib/apt/lists/"*
	tar -C "$WORK/rootfs" -cf "$ROOTFS_TAR.partial" . && mv "$ROOTFS_TAR.partial" "$ROOTFS_TAR"
else
	mkdir -p "$WORK/rootfs"
	tar -C "$WORK/rootfs" -xf "$ROOTFS_TAR"
fi

install -D -m 0755 "$NODE_BIN" "$WORK/rootfs/usr/local/bin/node"
mkdir -p "$WORK/rootfs/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$WORK/rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$WORK/rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$WORK/rootfs/usr/local/bin/npx"
# This machine's own certificate authorities (a TLS-inspecting proxy's, say), so npm and apt inside
# the image trust what the machine trusts; Node reads the system bundle through NODE_EXTRA_CA_CERTS.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
	cp /usr/local/share/ca-certificates/*.crt "$WORK/rootfs/usr/local/share/ca-certificates/"
	chroot "$WORK/rootfs" update-ca-certificates >/dev/null 2>&1
fi
# The official image's user: the site image runs as it (uid 1000), never as root.
chroot "$WORK/rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node'

tar -C "$WORK/rootfs" -c . | docker import \
	--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
	--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
	--change 'CMD ["node"]' - "$TAG" >/dev/null
echo "local-base-image: built $TAG (Node $("$NODE_BIN" --version), npm $(npm --version))" >&2
