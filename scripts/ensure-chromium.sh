#!/usr/bin/env bash
# Find a Chromium for the browser tests; install one only when asked to.
#
#   scripts/ensure-chromium.sh             say which Chromium the browser tests will use, or how to get one
#   scripts/ensure-chromium.sh --install   install one if none is found (apt-get, dnf or brew; may use sudo)
#
# Without --install this never changes the machine and always exits 0: `make test` runs it on
# anyone's computer, and the browser tests then skip when there is no browser. CI runs it with
# --install and sets GRAVEHOLD_REQUIRE_BROWSER=1, so there a missing browser fails the run.
# It looks where tests/browsers.py looks: GRAVEHOLD_CHROMIUM, then these names on PATH.
set -euo pipefail

NAMES=(chromium chromium-browser google-chrome-stable google-chrome)

find_chromium() {
  if [ -n "${GRAVEHOLD_CHROMIUM:-}" ]; then
    [ -x "$GRAVEHOLD_CHROMIUM" ] && echo "$GRAVEHOLD_CHROMIUM" && return 0
    return 1
  fi
  local name
  for name in "${NAMES[@]}"; do
    if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  done
  return 1
}

install=0
case "${1:-}" in
  "") ;;
  --install) install=1 ;;
  *) echo "ensure-chromium: unknown option '$1' (use --install, or nothing)" >&2; exit 2 ;;
esac

if found=$(find_chromium); then
  echo "ensure-chromium: browser tests use $found" >&2
  exit 0
fi

if [ "$install" = 0 ]; then
  echo "ensure-chromium: no Chromium found, so the browser tests will be skipped." >&2
  echo "  To run them: install chromium (or Google Chrome), set GRAVEHOLD_CHROMIUM=/path/to/it," >&2
  echo "  run scripts/ensure-chromium.sh --install, or .venv/bin/python -m playwright install chromium" >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-chromium: not root and no sudo: install Chromium yourself" >&2; exit 1; fi
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing chromium with apt-get" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null \
    || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-browser >/dev/null
elif command -v dnf >/dev/null 2>&1; then
  echo "ensure-chromium: installing chromium with dnf" >&2
  $SUDO dnf install -y -q chromium
elif command -v brew >/dev/null 2>&1; then
  echo "ensure-chromium: installing chromium with brew" >&2
  brew install --cask chromium
else
  echo "ensure-chromium: no apt-get, dnf or brew here: install Chromium yourself, or run" >&2
  echo "  .venv/bin/python -m playwright install chromium" >&2
  exit 1
fi
found=$(find_chromium) || { echo "ensure-chromium: installed, but no Chromium on PATH" >&2; exit 1; }
echo "ensure-chromium: browser tests use $found" >&2
