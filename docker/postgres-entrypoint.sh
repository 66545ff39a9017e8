#!/bin/sh
# First start: initialise the cluster with POSTGRES_USER (default postgres) as superuser, set its
# password, create POSTGRES_DB, accept network connections. Later starts find PG_VERSION and only run.
set -eu
user="${POSTGRES_USER:-postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
	if [ -n "${POSTGRES_PASSWORD:-}" ]; then method=scram-sha-256; else method=trust; fi
	pwfile="$(mktemp)"
	printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
	initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$method" --encoding=UTF8 >/dev/null
	rm -f "$pwfile"
	echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
	echo "host all all all $method" >> "$PGDATA/pg_hba.conf"
	if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != "postgres" ]; then
		postgres --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "$user";
SQL
	fi
fi
# Arguments are the server's (`-c listen_addresses=…`, docker-stack.yml).
exec postgres "$@"
