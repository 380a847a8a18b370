# Marquee: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every test,
# `make check` runs the architecture and style checks (.ci/run runs it before the tests).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The whole suite on 2 pytest-xdist workers, a test file each at a time and every browser test on one worker
# (tests/conftest.py groups them: a module's fixtures — a browser, the scaled deployment — start once). `make test PYTEST_ARGS="tests/chatapp/test_api.py"` runs one file in one process.
PYTEST_ARGS ?= -n 2 --dist loadgroup
# Settings default to DEBUG=0 (production-safe); the development targets turn it on explicitly
# (`DEBUG=0 SECRET_KEY=… make run` to try the production defaults locally). pytest turns it on itself.
DEV_ENV := DEBUG=$${DEBUG:-1}

.PHONY: run run-scaled admin test check install install-test lock migrate browser-deps lint bench eval eval-photos eval-iqa import-edges vendor clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Exact versions with hashes from the lock files (pip refuses anything else), then the project itself.
$(VENV)/.installed: requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.installed-test: requirements-test.lock $(VENV)/.installed
	$(BIN)/pip install --quiet --require-hashes -r requirements-test.lock
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# Re-resolve pyproject.toml's ranges into the lock files (newest allowed versions, every file's hash).
# Review the diff before committing: it is the list of what changes in production.
PIP_COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe \
	--no-emit-index-url --no-emit-find-links --no-emit-trusted-host --upgrade
lock: | $(BIN)/python
	$(BIN)/pip install --quiet "pip-tools>=7.6,<8"
	$(PIP_COMPILE) -o requirements.lock pyproject.toml
	$(PIP_COMPILE) --extra test -o requirements-test.lock pyproject.toml

migrate: install
	$(DEV_ENV) $(BIN)/python manage.py migrate --noinput

# Prints the "open http://…" line once the server accepts connections (given up after 60 s).
define WAIT_FOR_PORT
import socket, sys, time
host, port = sys.argv[1], int(sys.argv[2])
probe = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
deadline = time.monotonic() + float(sys.argv[3] if len(sys.argv) > 3 else 60)
while time.monotonic() < deadline:
    try:
        socket.create_connection((probe, port), timeout=0.5).close()
    except OSError:
        time.sleep(0.1)
        continue
    print(f"\n  Marquee is ready: open http://{host}:{port}/ (sign up, then start a chat)\n", flush=True)
    sys.exit(0)
print(f"\n  Marquee is not listening on {host}:{port} yet: see the messages above.\n", flush=True)
sys.exit(1)
endef
export WAIT_FOR_PORT

run: migrate
	$(DEV_ENV) $(BIN)/python manage.py load_catalogue
	$(DEV_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@$(BIN)/python -c "$$WAIT_FOR_PORT" "$(HOST)" "$(PORT)" &
	$(DEV_ENV) MALLOC_ARENA_MAX=$${MALLOC_ARENA_MAX:-2} $(BIN)/daphne -b $(HOST) -p $(PORT) chatapp.asgi:application

# At scale on this machine (README "Running at scale"): 2 daphne processes (PORT and PORT+1) and 1 Procrastinate
# worker on the local PostgreSQL (database marquee, created if missing) and Redis (db 0). Ctrl-C stops all three.
SCALED_DB ?= postgres://postgres@127.0.0.1:5432/marquee
SCALED_ENV := $(DEV_ENV) DATABASE_URL=$${DATABASE_URL:-$(SCALED_DB)} REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} \
	TURN_RUNNER=procrastinate DATABASE_CONN_MAX_AGE=$${DATABASE_CONN_MAX_AGE:-60} MALLOC_ARENA_MAX=$${MALLOC_ARENA_MAX:-2}
run-scaled: install
	@createdb -h 127.0.0.1 -U postgres marquee 2>/dev/null || true
	$(SCALED_ENV) $(BIN)/python manage.py migrate --noinput
	$(SCALED_ENV) $(BIN)/python manage.py load_catalogue
	$(SCALED_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@trap 'kill 0' INT TERM EXIT; \
	$(SCALED_ENV) nice -n 10 $(BIN)/python manage.py procrastinate worker & \
	$(SCALED_ENV) $(BIN)/daphne -b $(HOST) -p $(PORT) chatapp.asgi:application & \
	$(SCALED_ENV) $(BIN)/daphne -b $(HOST) -p $$(($(PORT) + 1)) chatapp.asgi:application & \
	$(BIN)/python -c "$$WAIT_FOR_PORT" "$(HOST)" "$(PORT)"; \
	$(BIN)/python -c "$$WAIT_FOR_PORT" "$(HOST)" "$$(($(PORT) + 1))"; \
	wait

# An administrator account for http://$(HOST):$(PORT)/admin/ (asks for a username and a password).
admin: migrate
	$(DEV_ENV) $(BIN)/python manage.py createsuperuser

# Debian's Chromium for the browser tests (never `playwright install`: it downloads).
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: sudo apt-get install chromium"; exit 1; fi; }

test: install-test browser-deps
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install-test
	$(BIN)/ruff check .

# Every check runs, even after one fails, and the target fails if any did: import-linter's contracts
# (pyproject.toml), ruff's lint and format, no missing migration, and no import cycle between modules.
CHECKS := \
	"$(BIN)/lint-imports" \
	"$(BIN)/ruff check ." \
	"$(BIN)/ruff format --check ." \
	"env $(DEV_ENV) $(BIN)/python manage.py makemigrations --check --dry-run" \
	"$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_architecture.py"

check: install-test
	@failed=""; for cmd in $(CHECKS); do \
	  echo "== $$cmd"; $$cmd || failed="$$failed\n  $$cmd"; \
	done; \
	if [ -n "$$failed" ]; then printf "make check: failed:$$failed\n"; exit 1; fi

bench: install
	$(BIN)/python bench/chat_turn.py
	$(BIN)/python bench/imagelab.py
	$(BIN)/python bench/photo_plans.py

# The evaluation sets (tests/evals/): each prints its score and misses.
# The offline planners' evaluation sets (tests/evals/): each set's score and its misses.
eval: install eval-photos eval-iqa
	$(BIN)/python -m tests.evals.run

eval-photos: install-test
	$(BIN)/python -m tests.evals.run_photos

eval-iqa: install-test
	$(BIN)/python -m tests.evals.run_iqa

# Import edges between chatapp's core, chatapp.planner, recs and imagelab, and the import cycles.
import-edges: install-test
	$(BIN)/python bench/import_edges.py

# Refresh the vendored front-end libraries from npm (versions pinned in package.json).
vendor:
	rm -rf node_modules && npm install --no-audit --no-fund
	cp node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx.min.js
	cp node_modules/htmx-ext-ws/dist/ws.min.js static/vendor/htmx-ext-ws.min.js
	cp node_modules/axe-core/axe.min.js tests/support/vendor/axe.min.js

clean:
	rm -rf $(VENV) var .pytest_cache
