# Caddy from Debian's package (no registry image needed). It reads /etc/caddy/Caddyfile: mount the
# repository's Caddyfile there, as docker-compose.yml's caddy service does.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends caddy ca-certificates && rm -rf /var/lib/apt/lists/*
ENV XDG_DATA_HOME=/data XDG_CONFIG_HOME=/config
COPY docker/caddy-upstreams.sh /usr/local/bin/caddy-upstreams
ENTRYPOINT ["caddy-upstreams"]
VOLUME /data
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
LABEL epic.image=caddy
