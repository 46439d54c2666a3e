#!/usr/bin/env bash
# Installs what Recover needs on a fresh Debian machine, only what is missing.
#   scripts/setup.sh run    system libraries to build and run the server
#   scripts/setup.sh test   also PostgreSQL (for a throwaway test cluster), Chromium, its driver and a Python
#                           virtual environment for browser tests
set -euo pipefail
what=${1:-run}
here=$(cd "$(dirname "$0")/.." && pwd)

# cairo and pango print the signed consent PDF; fonts-noto-cjk gives it (Latin and) Chinese glyphs.
packages=(pkg-config libsqlite3-dev libmicrohttpd-dev libsodium-dev libpq-dev libarchive-dev libxml2-dev libzxcvbn-dev
    libcurl4-openssl-dev libssl-dev sqlite3 libcairo2-dev libpango1.0-dev fonts-noto-cjk zlib1g-dev libbrotli-dev)
if [ "$what" = test ]; then
    # poppler-utils: pdftotext, pdffonts and pdftoppm read the PDFs back in the tests.
    packages+=(postgresql nginx-light chromium chromium-driver python3-venv wrk fonts-wqy-zenhei poppler-utils)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing system packages: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "$what" = test ]; then
    venv="$here/.venv"
    wanted=$(sha256sum "$here/browser-tests/requirements.txt" | cut -d' ' -f1)
    # Reinstall whenever requirements.txt changes, not only when the folder is missing.
    if [ ! -x "$venv/bin/pytest" ] || [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" != "$wanted" ]; then
        echo "Creating the browser-test environment in .venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --upgrade pip
        "$venv/bin/pip" install -q -r "$here/browser-tests/requirements.txt"
        echo "$wanted" > "$venv/.requirements.sha256"
    fi
fi
