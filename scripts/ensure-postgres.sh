#!/usr/bin/env bash
# Start a local PostgreSQL server for the storage tests and print the URL they should use.
#
#   scripts/ensure-postgres.sh             start Debian's PostgreSQL if it is installed; print its URL
#   scripts/ensure-postgres.sh --install   install it first if it is missing (apt-get; CI runs this)
#
# It makes a role and a database named gravehold / gravehold_test (password "gravehold") if
# they are missing, and prints postgresql+psycopg://gravehold:gravehold@127.0.0.1:PORT/gravehold_test
# on stdout; everything else goes to stderr. Run it as root (it acts as the postgres user).
# .ci/run exports that URL as GRAVEHOLD_TEST_POSTGRES_URL with GRAVEHOLD_REQUIRE_POSTGRES=1,
# so the storage tests run against PostgreSQL as well as SQLite, and fail if they cannot.
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  if [ "${1:-}" != "--install" ]; then
    echo "ensure-postgres: PostgreSQL is not installed (apt-get install postgresql, or run with --install)" >&2
    exit 1
  fi
  echo "ensure-postgres: installing Debian's postgresql" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

read -r ver name port _ < <(pg_lsclusters -h | head -1) || true
if [ -z "${ver:-}" ]; then
  ver=$(ls /usr/lib/postgresql | sort -V | tail -1)
  pg_createcluster "$ver" main >&2
  read -r ver name port _ < <(pg_lsclusters -h | head -1)
fi
pg_ctlcluster "$ver" "$name" start >&2 2>/dev/null || true  # "already running" is fine: readiness is checked next

as_postgres() { su postgres -c "$1"; }
for _ in $(seq 30); do
  as_postgres "psql -qtAc 'SELECT 1'" >/dev/null 2>&1 && break
  sleep 1
done
as_postgres "psql -qtAc 'SELECT 1'" >/dev/null || { echo "ensure-postgres: the server does not answer" >&2; exit 1; }
as_postgres "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'gravehold'\"" | grep -q 1 \
  || as_postgres "psql -qc \"CREATE ROLE gravehold LOGIN PASSWORD 'gravehold'\"" >&2
as_postgres "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname = 'gravehold_test'\"" | grep -q 1 \
  || as_postgres "psql -qc 'CREATE DATABASE gravehold_test OWNER gravehold'" >&2
echo "ensure-postgres: PostgreSQL $ver ($name) on port $port" >&2
echo "postgresql+psycopg://gravehold:gravehold@127.0.0.1:${port}/gravehold_test"
