#!/usr/bin/env bash
# The production topology on this machine, on 127.0.0.1 ports:
#   nginx (Debian's)  :PROXY_PORT  ->  two server processes :APP1_PORT, :APP2_PORT
#   one PostgreSQL database (a fresh one), Redis (socket.io events between the processes),
#   one shared DATA_DIR (uploads) for both processes.
# The data is the demo company, carried over from an embedded install with `npm run migrate-to-postgres`
# (so the start also exercises the migration).
#
#   ops/topology.sh start        builds, starts everything, prints the addresses (state in TOPO_DIR)
#   ops/topology.sh start-app N  (re)starts server process N (1 or 2), e.g. after the check killed it
#   ops/topology.sh status
#   ops/topology.sh stop         stops everything and drops the database (KEEP_DB=1 keeps it)
#
# Then: node ops/topology-check.mjs  (racing saves, a SIGKILL mid-run, live order event; see README)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOPO_DIR=${TOPO_DIR:-/tmp/dbo-topology}
PROXY_PORT=${PROXY_PORT:-3206}
APP1_PORT=${APP1_PORT:-3207}
APP2_PORT=${APP2_PORT:-3208}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
MAIN="$ROOT/apps/server/dist/main.js"

say() { printf '%s\n' "$*"; }
die() { printf 'topology: %s\n' "$*" >&2; exit 1; }
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

wait_for_log() { # file, text, seconds
  local i=0
  until grep -q "$2" "$1" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -gt $(($3 * 4)) ] && { tail -20 "$1" >&2; return 1; }
    sleep 0.25
  done
}

port_of() { [ "$1" = 1 ] && echo "$APP1_PORT" || echo "$APP2_PORT"; }

start_app() { # N
  local n=$1 port
  port=$(port_of "$n")
  # shellcheck disable=SC1091
  . "$TOPO_DIR/servers.env"
  alive "$TOPO_DIR/app$n.pid" && die "server $n is already running (pid $(cat "$TOPO_DIR/app$n.pid"))"
  # a restart starts a new log (the old one kept), so the wait below reads this start's lines
  [ -f "$TOPO_DIR/app$n.log" ] && mv "$TOPO_DIR/app$n.log" "$TOPO_DIR/app$n.log.$(date +%s)"
  env DATABASE_URL="$DATABASE_URL" REDIS_URL="$REDIS_URL" JWT_SECRET="$JWT_SECRET" METRICS_TOKEN="$METRICS_TOKEN" \
    DATA_DIR="$TOPO_DIR/shared" PORT="$port" HOST=127.0.0.1 TRUST_PROXY=127.0.0.1 \
    PUBLIC_URL="http://127.0.0.1:$PROXY_PORT" LOG_LEVEL="${LOG_LEVEL:-info}" \
    node "$MAIN" >"$TOPO_DIR/app$n.log" 2>&1 &
  echo $! >"$TOPO_DIR/app$n.pid"
  wait_for_log "$TOPO_DIR/app$n.log" "listening on http://127.0.0.1:$port" 90 || die "server $n did not start (log: $TOPO_DIR/app$n.log)"
  say "  server $n: http://127.0.0.1:$port (pid $(cat "$TOPO_DIR/app$n.pid"), log $TOPO_DIR/app$n.log)"
}

nginx_cmd() { nginx -p "$TOPO_DIR" -c "$TOPO_DIR/nginx.conf" "$@"; }

cmd_start() {
  if alive "$TOPO_DIR/app1.pid" || alive "$TOPO_DIR/app2.pid" || alive "$TOPO_DIR/nginx.pid"; then
    die "already running in $TOPO_DIR: ops/topology.sh stop first"
  fi
  if ! command -v nginx >/dev/null; then
    say "nginx is not installed: installing Debian's package (apt-get install -y nginx)"
    if [ "$(id -u)" = 0 ]; then apt-get install -y nginx >/dev/null; else sudo apt-get install -y nginx >/dev/null; fi
  fi
  command -v psql >/dev/null || die "psql is needed (apt-get install -y postgresql-client)"
  psql "$PG_ADMIN_URL" -qtAc 'select 1' >/dev/null || die "no PostgreSQL at $PG_ADMIN_URL (set PG_ADMIN_URL)"
  node -e "require('net').connect(new URL(process.argv[1]).port || 6379, new URL(process.argv[1]).hostname).on('connect', () => process.exit(0)).on('error', () => process.exit(1))" "$REDIS_URL" \
    || die "no Redis at $REDIS_URL (set REDIS_URL)"

  rm -rf "$TOPO_DIR"
  mkdir -p "$TOPO_DIR/nginx-tmp"
  chmod 755 "$TOPO_DIR"

  if [ "${SKIP_BUILD:-}" = 1 ] && [ -f "$MAIN" ]; then
    say "1. Build: skipped (SKIP_BUILD=1)"
  else
    say "1. Building (npm run build)"
    (cd "$ROOT" && npm run --silent build >"$TOPO_DIR/build.log" 2>&1) || die "build failed: $TOPO_DIR/build.log"
  fi

  say "2. An embedded install with the demo company (DATA_DIR=$TOPO_DIR/embedded)"
  env -u DATABASE_URL DATA_DIR="$TOPO_DIR/embedded" PORT="$APP1_PORT" HOST=127.0.0.1 LOG_LEVEL=warn \
    node "$MAIN" >"$TOPO_DIR/embedded.log" 2>&1 &
  local pid=$!
  wait_for_log "$TOPO_DIR/embedded.log" "listening on http" 180 || die "the embedded server did not start"
  kill -TERM "$pid"
  wait "$pid" || true

  local db_name="dbo_topology_$(date +%s)"
  local database_url="${PG_ADMIN_URL%/*}/$db_name"
  say "3. A fresh PostgreSQL database $db_name, and npm run migrate-to-postgres into it"
  psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $db_name" >/dev/null
  (cd "$ROOT" && DATA_DIR="$TOPO_DIR/embedded" npm run --silent migrate-to-postgres -- \
    --to "$database_url" --uploads-to "$TOPO_DIR/shared") | sed 's/^/   | /'

  umask 077
  cat >"$TOPO_DIR/servers.env" <<ENV
DATABASE_URL=$database_url
DB_NAME=$db_name
JWT_SECRET=$(cat "$TOPO_DIR/embedded/jwt-secret")
METRICS_TOKEN=$(node -e "console.log(require('crypto').randomBytes(24).toString('hex'))")
ENV
  umask 022

  say "4. Two server processes on it (REDIS_URL=$REDIS_URL, DATA_DIR=$TOPO_DIR/shared for both)"
  start_app 1
  start_app 2

  say "5. nginx on http://127.0.0.1:$PROXY_PORT (config from ops/nginx/dbo.conf: $TOPO_DIR/nginx.conf)"
  sed -e "s#@TOPO_DIR@#$TOPO_DIR#g" -e "s#@LISTEN@#127.0.0.1:$PROXY_PORT#g" \
    -e "s#@APP1@#127.0.0.1:$APP1_PORT#g" -e "s#@APP2@#127.0.0.1:$APP2_PORT#g" \
    "$ROOT/ops/nginx/dbo.conf" >"$TOPO_DIR/nginx.conf"
  # root starts nginx's workers as nobody: they write the proxy temp files
  [ "$(id -u)" = 0 ] && chown -R nobody "$TOPO_DIR/nginx-tmp"
  nginx_cmd -t -q || die "nginx rejected $TOPO_DIR/nginx.conf"
  nginx_cmd

  local i=0
  until curl -fs "http://127.0.0.1:$PROXY_PORT/api/v1/ready" >/dev/null; do
    i=$((i + 1))
    [ "$i" -gt 40 ] && die "not ready through the proxy"
    sleep 0.25
  done
  # shellcheck disable=SC1091
  . "$TOPO_DIR/servers.env"
  cat >"$TOPO_DIR/topology.json" <<JSON
{
  "proxy": "http://127.0.0.1:$PROXY_PORT",
  "apps": [
    { "url": "http://127.0.0.1:$APP1_PORT", "pidFile": "$TOPO_DIR/app1.pid" },
    { "url": "http://127.0.0.1:$APP2_PORT", "pidFile": "$TOPO_DIR/app2.pid" }
  ],
  "databaseUrl": "$DATABASE_URL",
  "demoLoginFile": "$TOPO_DIR/embedded/demo-login.txt",
  "metricsTokenFile": "$TOPO_DIR/servers.env"
}
JSON
  say "Ready: http://127.0.0.1:$PROXY_PORT (demo login in $TOPO_DIR/embedded/demo-login.txt)"
  say "Check it: node ops/topology-check.mjs    Stop it: ops/topology.sh stop"
}

cmd_stop() {
  [ -d "$TOPO_DIR" ] || { say "nothing in $TOPO_DIR"; return; }
  alive "$TOPO_DIR/nginx.pid" && nginx_cmd -s quit && say "nginx stopped"
  for n in 1 2; do
    if alive "$TOPO_DIR/app$n.pid"; then
      kill -TERM "$(cat "$TOPO_DIR/app$n.pid")"
      say "server $n stopped (SIGTERM)"
    fi
  done
  sleep 1
  if [ -f "$TOPO_DIR/servers.env" ] && [ "${KEEP_DB:-}" != 1 ]; then
    # shellcheck disable=SC1091
    . "$TOPO_DIR/servers.env"
    psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null && say "database $DB_NAME dropped"
  fi
}

cmd_status() {
  for n in 1 2; do
    alive "$TOPO_DIR/app$n.pid" && say "server $n: running (pid $(cat "$TOPO_DIR/app$n.pid"))" || say "server $n: stopped"
  done
  alive "$TOPO_DIR/nginx.pid" && say "nginx: running on :$PROXY_PORT" || say "nginx: stopped"
  curl -s "http://127.0.0.1:$PROXY_PORT/api/v1/ready" || true
  echo
}

case "${1:-}" in
  start) cmd_start ;;
  start-app) [ "${2:-}" = 1 ] || [ "${2:-}" = 2 ] || die "start-app 1|2"; start_app "$2" ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *) die "usage: ops/topology.sh start|start-app N|status|stop" ;;
esac
