#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium (browsers are never downloaded by npm tools).
# Installs it through apt when this user can; otherwise says exactly what is missing.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
Chromium is missing: the end-to-end tests need it at $chromium.
Install it with:   sudo apt-get install chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
