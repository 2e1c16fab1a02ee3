#!/usr/bin/env bash
# A throwaway PostgreSQL for the server tests: `scripts/pg-test.sh start` initialises a cluster in a temp
# directory (as an unprivileged user), starts it on 127.0.0.1 only and prints
# `TEST_DATABASE_URL=postgres://tix@127.0.0.1:PORT/postgres`; `scripts/pg-test.sh stop` stops it and removes it.
# PG_PORT (default 55432) and PG_DIR (default /tmp/tix-pg-$PG_PORT) choose where. The binaries: PG_BIN (a
# folder with initdb and pg_ctl), else initdb on PATH, else Debian's newest ${PG_LIB_DIR:-/usr/lib/postgresql}/*/bin.
# When none is there it installs PostgreSQL from Debian if we are root and apt-get is on PATH (CI); otherwise, or
# when that install fails, its last line names the command to run and it exits with 3 (scripts/prepare-test.mjs
# reports a skip; a failure with TEST_PG=required).
set -euo pipefail
PORT="${PG_PORT:-55432}"
DIR="${PG_DIR:-/tmp/tix-pg-$PORT}"

pgbin() {
  if [ -n "${PG_BIN:-}" ]; then
    echo "$PG_BIN"
    return
  fi
  local initdb
  if initdb="$(command -v initdb)"; then
    # /usr/local/bin/initdb may be a link into the real folder, where pg_ctl and postgres are.
    initdb="$(readlink -f "$initdb")"
    if [ -x "$(dirname "$initdb")/pg_ctl" ]; then
      dirname "$initdb"
      return
    fi
  fi
  { ls -d "${PG_LIB_DIR:-/usr/lib/postgresql}"/*/bin 2>/dev/null || true; } | sort -V | tail -1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    # From / : the checkout may not be readable by the unprivileged owner.
    (cd / && runuser -u "$OWNER" -- "$@")
  else
    "$@"
  fi
}

OWNER="$(id -un)"
if [ "$(id -u)" = 0 ]; then
  OWNER=postgres
fi

case "${1:-}" in
  start)
    BIN="$(pgbin)"
    if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
      if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        if command -v apt-get >/dev/null; then
          echo "PostgreSQL is not installed: run \`sudo apt-get install -y postgresql\`" >&2
        else
          echo "PostgreSQL is not installed: install its server (initdb, pg_ctl) and put it on PATH, or set PG_BIN" >&2
        fi
        exit 3
      fi
      echo "Installing PostgreSQL from Debian…" >&2
      export DEBIAN_FRONTEND=noninteractive
      LOG="${TMPDIR:-/tmp}/tix-apt-postgresql.log"
      (apt-get update -qq && apt-get install -y -qq postgresql) >"$LOG" 2>&1 || {
        tail -20 "$LOG" >&2
        echo "PostgreSQL could not be installed (apt-get install postgresql failed, see $LOG)" >&2
        exit 3
      }
      BIN="$(pgbin)"
      if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
        echo "PostgreSQL was installed but its initdb was not found" >&2
        exit 1
      fi
    fi
    if [ "$OWNER" = postgres ] && ! id postgres >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    if [ -f "$DIR/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      echo "TEST_DATABASE_URL=postgres://tix@127.0.0.1:$PORT/postgres"
      exit 0
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chown "$OWNER" "$DIR"
    chmod 700 "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U tix --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1 || {
      cat "$DIR/initdb.log" >&2
      exit 1
    }
    # Throwaway data: no fsync. Enough connections for several test processes and the bench.
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start -o \
      "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300" \
      >/dev/null || {
      cat "$DIR/server.log" >&2
      exit 1
    }
    echo "TEST_DATABASE_URL=postgres://tix@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    BIN="$(pgbin)"
    if [ -n "$BIN" ] && [ -d "$DIR/data" ]; then
      as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
