#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the e2e suite. We drive the distribution's
# build through playwright-core instead of `npx playwright install`: that downloads from a CDN that CI
# machines here cannot reach, and the Debian package gets security updates with the rest of the system.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

if [[ "$(id -u)" != "0" ]]; then
  cat >&2 <<EOF
ensure-chromium: $CHROMIUM is missing and this script is not running as root, so it cannot install it.
Install Debian's Chromium once, then run the tests again:

    sudo apt-get update && sudo apt-get install -y chromium

(or point CHROMIUM_PATH at an existing Chromium binary).
EOF
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and there is no apt-get here; install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi

echo "ensure-chromium: installing Debian's chromium (first run only)..."
export DEBIAN_FRONTEND=noninteractive
# Quiet on success, but the whole log on failure so a broken mirror is easy to diagnose.
log="$(mktemp)"
if ! { apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core; } >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  echo "ensure-chromium: apt-get could not install chromium (see above)." >&2
  exit 1
fi
rm -f "$log"

if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM installed")"
