#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests when it is missing (Playwright never downloads a browser here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-chromium: not root and no sudo; browser tests will be skipped" >&2; exit 0; fi
fi
echo "ensure-chromium: installing Debian's chromium (apt)" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium
