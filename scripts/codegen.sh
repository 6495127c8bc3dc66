#!/usr/bin/env bash
# Regenerates src/db/types.ts from the migrations: applies them to a throwaway PostgreSQL
# database and introspects it with kysely-codegen. Needs a PostgreSQL server (PGURL, default local).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${PGURL:-postgres://postgres@127.0.0.1:5432}
db="ai_codegen_$$"
psql "$base/postgres" -qc "create database $db" >/dev/null
trap 'psql "$base/postgres" -qc "drop database if exists $db" >/dev/null' EXIT
cat src/db/migrations/*.sql | psql -q -v ON_ERROR_STOP=1 "$base/$db" >/dev/null
DATABASE_URL="$base/$db" npx kysely-codegen --dialect postgres --date-parser string --numeric-parser number \
  --type-mapping '{"int8":"number"}' --out-file src/db/types.ts
