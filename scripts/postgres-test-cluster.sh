#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, made with Debian's binaries (package postgresql).
#   scripts/postgres-test-cluster.sh start       starts it (or finds it running) and prints its URL
#   scripts/postgres-test-cluster.sh url         prints the URL of the running cluster
#   scripts/postgres-test-cluster.sh stop        stops it and deletes its folder
#   scripts/postgres-test-cluster.sh run CMD...  starts it, runs CMD with RECOVER_TEST_DATABASE_URL set, stops it
#                                                (with RECOVER_TEST_DATABASE_URL already set: runs CMD against that)
#
# The cluster lives in $RECOVER_TEST_CLUSTER_DIR, by default a folder in /tmp named after this checkout, so
# two checkouts never share one. It listens on 127.0.0.1 on a free port and on a socket in its folder, with
# password authentication (scram-sha-256) for the superuser `recover` and a random password; durability is
# off (fsync, synchronous_commit), which suits tests only; RECOVER_TEST_CLUSTER_DURABLE=1 turns it on, as a
# production server has it, for benchmarks (recover-bench postgres). initdb refuses to run as root: as root the
# cluster is made and run by the `postgres` user (created by the postgresql package), through runuser.
# Exit code 3: PostgreSQL's server binaries are not installed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
checkout_id=$(printf '%s' "$here" | cksum | cut -d' ' -f1)
dir=${RECOVER_TEST_CLUSTER_DIR:-/tmp/recover-postgres-$(id -u)-$checkout_id}
data="$dir/data"

find_bin() {
    if [ -n "${PG_BIN:-}" ]; then
        echo "$PG_BIN"
        return
    fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
        echo "$newest"
    elif command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
    fi
}

bin=$(find_bin)
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
    echo "PostgreSQL server binaries not found (install the Debian package postgresql, or set PG_BIN)" >&2
    exit 3
fi

# Runs a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# Closes every descriptor above standard error. The server would otherwise keep open whatever the caller
# left inheritable (Foundation's Process passes a socket it waits on), and the caller would wait forever.
close_inherited_descriptors() {
    local fd
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then
            eval "exec $fd>&-" 2>/dev/null || true
        fi
    done
}

is_running() {
    [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    if is_running && [ -f "$dir/url" ]; then
        cat "$dir/url"
        return
    fi
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "running as root needs the user postgres (the postgresql package creates it)" >&2
        exit 3
    fi
    stop_quietly
    mkdir -p "$dir"
    chmod 700 "$dir"
    local password port
    password=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
    port=$(free_port)
    (umask 077 && printf '%s\n' "$password" >"$dir/password")
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/initdb" -D "$data" -U recover --pwfile="$dir/password" --auth=scram-sha-256 \
        -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    cat >>"$data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
deadlock_timeout = 100ms
EOF
    if [ "${RECOVER_TEST_CLUSTER_DURABLE:-0}" = 1 ]; then
        printf 'fsync = on\nsynchronous_commit = on\nfull_page_writes = on\n' >>"$data/postgresql.conf"
    else
        printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' >>"$data/postgresql.conf"
    fi
    (close_inherited_descriptors && as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 60 start) >/dev/null || {
        cat "$dir/server.log" >&2
        exit 1
    }
    PGPASSWORD=$password "$bin/psql" -q -X -h 127.0.0.1 -p "$port" -U recover -d postgres \
        -c 'CREATE DATABASE recover_test' >/dev/null
    local url="postgresql://recover:$password@127.0.0.1:$port/recover_test"
    (umask 077 && printf '%s\n' "$url" >"$dir/url")
    echo "$url"
}

stop_quietly() {
    if is_running; then
        as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
url)
    is_running && [ -f "$dir/url" ] || {
        echo "no test cluster is running in $dir" >&2
        exit 1
    }
    cat "$dir/url"
    ;;
stop) stop_quietly ;;
run)
    shift
    [ $# -gt 0 ] || {
        echo "usage: $0 run COMMAND..." >&2
        exit 64
    }
    if [ -n "${RECOVER_TEST_DATABASE_URL:-}" ]; then
        exec "$@"
    fi
    url=$(start)
    trap stop_quietly EXIT
    echo "PostgreSQL test cluster in $dir"
    RECOVER_TEST_DATABASE_URL=$url "$@"
    ;;
*)
    echo "usage: $0 start|url|stop|run COMMAND..." >&2
    exit 64
    ;;
esac
