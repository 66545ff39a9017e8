# PostgreSQL 15 from Debian's package (no registry image needed), laid out like the official image:
# data in /var/lib/postgresql/data, POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB read on the
# first start (docker/postgres-entrypoint.sh). With a password, connections over the network need it
# (scram-sha-256); without one, they are trusted, which only a test on loopback may want.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/* \
	&& mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY docker/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data PATH=/usr/lib/postgresql/15/bin:$PATH
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# initdb on a loaded 2-core machine can take a minute before the first check may count.
HEALTHCHECK --interval=2s --timeout=5s --start-period=120s --retries=30 CMD pg_isready -h 127.0.0.1 -U "${POSTGRES_USER:-postgres}"
ENTRYPOINT ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
LABEL epic.image=postgres
