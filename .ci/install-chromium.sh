#!/usr/bin/env bash
# Installs Debian's Chromium for the browser end-to-end tests, only when it is missing. Safe to run again.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "install-chromium: /usr/bin/chromium is missing and installing it needs root (or sudo)." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
${SUDO[@]+"${SUDO[@]}"} apt-get update
${SUDO[@]+"${SUDO[@]}"} apt-get install -y chromium

if [ ! -x /usr/bin/chromium ]; then
  echo "install-chromium: apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi
