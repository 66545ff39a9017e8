# Redis from Debian's package (no registry image needed). The command's arguments replace the
# default, as with the official image: `redis-server --appendonly yes`, say.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/* \
	&& mkdir -p /data && chown redis:redis /data
USER redis
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data"]
CMD ["--save", "", "--appendonly", "no"]
LABEL epic.image=redis
