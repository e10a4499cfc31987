#!/usr/bin/env bash
# Installs the Debian packages Wenku needs: chromium (browser tests), CJK fonts,
# the PostgreSQL client and the document converter tools (MuPDF, poppler, LibreOffice, Tesseract OCR with
# simplified Chinese and English data).
# Calibre (EPUB/MOBI) is large and only installed when WENKU_INSTALL_CALIBRE=1.
# nginx and Redis for the scale-out tests (instances behind nginx, rate limits in Redis), nginx and
# Caddy for the documented proxy configurations (each test skips, saying so, where its tool is missing). wrk, the benchmark's tool, only with --bench or
# WENKU_INSTALL_BENCH=1.
# Only what is missing is installed, so a prepared machine skips apt entirely.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
command -v pg_isready >/dev/null 2>&1 || need+=(postgresql-client)
command -v mutool >/dev/null 2>&1 || need+=(mupdf-tools)
command -v pdfinfo >/dev/null 2>&1 || need+=(poppler-utils)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
for lang in chi-sim eng; do
  dpkg -s "tesseract-ocr-$lang" >/dev/null 2>&1 || need+=("tesseract-ocr-$lang")
done
if ! command -v soffice >/dev/null 2>&1; then
  need+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
fi
if [ "${WENKU_INSTALL_CALIBRE:-0}" = 1 ] && ! command -v ebook-convert >/dev/null 2>&1; then
  need+=(calibre)
fi
command -v nginx >/dev/null 2>&1 || need+=(nginx)
command -v caddy >/dev/null 2>&1 || need+=(caddy)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# the crash tests open the database from an operator's sqlite3 shell while the server writes
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
if [ "${1:-}" = --bench ] || [ "${WENKU_INSTALL_BENCH:-0}" = 1 ]; then
  command -v wrk >/dev/null 2>&1 || need+=(wrk)
fi
if ((${#need[@]})); then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  echo "installed: ${need[*]}"
else
  echo "system packages already present"
fi
