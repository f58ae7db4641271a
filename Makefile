# memory-service: one-command local stack and tests. See README.md.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
DATA ?= .data
# pytest workers for make test / test-fast (pytest-xdist); each starts its own embedded stack; 0 = one process, no xdist.
TEST_WORKERS ?= 2

.PHONY: install run stop reset test test-fast bench bench-scale bench-load demo lint clean

## install: virtualenv + pinned packages, redis-server (apt), Azurite (npm), the ONNX model export
install: $(STAMP)
$(STAMP): pyproject.toml constraints.txt requirements-models.txt scripts/install.sh
	bash scripts/install.sh
	touch $(STAMP)

## run: start Postgres+pgvector, Redis, Azurite and the three services; Ctrl-C stops everything
run: install
	$(PY) -m memcore.devstack run --data $(DATA)

## stop: stop a stack left running in the background
stop:
	-$(PY) -m memcore.devstack stop --data $(DATA)

## reset: wipe the local data directory (asks first)
reset: stop
	@read -p "Delete all local data in $(DATA)? [y/N] " ans; [ "$$ans" = "y" ] && rm -rf $(DATA) && echo "wiped $(DATA)" || echo "kept $(DATA)"

## test: lint first, then the whole suite against real services (embedded stack unless DATABASE_URL/REDIS_URL are set)
test: install lint
	$(PY) -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

## lint: ruff over the tree, mypy (strict) on the modules listed in pyproject.toml [tool.mypy], deptry (declared = imported)
lint: install
	$(VENV)/bin/ruff check --no-cache .
	$(VENV)/bin/mypy --no-incremental
	$(VENV)/bin/deptry .

## clean: caches and build leftovers (never .data: that is `make reset`)
clean:
	find . -path ./.venv -prune -o -path ./.tools -prune -o -path ./$(DATA) -prune -o \
	  \( -name __pycache__ -o -name .pytest_cache -o -name .mypy_cache -o -name .ruff_cache -o -name '*.egg-info' \) \
	  -type d -print0 | xargs -0 rm -rf
	find . -path ./.venv -prune -o -path ./.tools -prune -o -name '*.pyc' -type f -print0 | xargs -0 rm -f
	rm -rf build results/*.tmp

## test-fast: everything but the slow suites
test-fast: install
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile -m "not slow" $(PYTEST_ARGS)

## bench: quality and speed benchmarks; results/*.json, summary in docs/benchmarks.md
bench: install
	$(PY) -m memclient.cli bench all

## bench-load: 200 concurrent sessions of turns and contextify for 10 minutes (results/load.json)
bench-load: install
	$(PY) -m memclient.cli bench load $(LOAD_ARGS)

## bench-scale: the 1,000,000-row read-path benchmark (long, resumable)
bench-scale: install
	$(PY) -m memclient.cli bench scale

## demo: ingest the WOBS scenario and print the context for Peter's content check, on the stack
## `make run` is running (found from $(DATA)/stack.json), else on a separate stack it starts and says so
demo: install
	$(PY) -m memclient.cli --data $(DATA) demo
