#!/usr/bin/env bash
# Installs the Debian packages Wenku needs: chromium (browser tests), CJK fonts.
# Only what is missing is installed, so a prepared machine skips apt entirely.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
command -v pg_isready >/dev/null 2>&1 || need+=(postgresql-client)
if ((${#need[@]})); then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  echo "installed: ${need[*]}"
else
  echo "system packages already present"
fi
