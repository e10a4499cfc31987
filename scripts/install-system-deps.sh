#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Wenku needs that are missing (Debian 12, Ubuntu 24.04), quietly,
# saying what it installs. Called by `npm run setup` (scripts/setup.sh), the README's first command.
#
#   (always)   the document converter: LibreOffice (Office/text → PDF), MuPDF (pages, cover, text),
#              poppler (fallback renderer), the CJK fonts pages are drawn with, util-linux (prlimit,
#              unshare, setpriv: the converter's sandbox), Tesseract with simplified Chinese and
#              English data (text of scanned pages; optional, documents go live without it)
#   WENKU_INSTALL_CALIBRE=1   calibre too (EPUB/MOBI; large)
#   --dev      what `npm test` uses besides: chromium (browser tests), the PostgreSQL client, nginx and
#              Caddy (the documented proxy configurations), Redis (shared rate limits), sqlite3 (the
#              crash tests' outside reader). Not on a
#              production server: Debian starts nginx on port 80 as soon as it is installed.
#   --bench    wrk, the benchmark's load generator (also WENKU_INSTALL_BENCH=1)
#
# Without apt, or without root and sudo, it names the missing packages and exits 0: the site still
# starts, and the admin dashboard's 环境依赖 says what each missing tool stops.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dev=0 bench="${WENKU_INSTALL_BENCH:-0}"
for arg in "$@"; do
  case "$arg" in
    --dev) dev=1 ;;
    --bench) bench=1 ;;
    *) echo "install-system-deps.sh: unknown option $arg (use --dev, --bench)" >&2; exit 2 ;;
  esac
done
has() { command -v "$1" >/dev/null 2>&1; }

need=()
has soffice || need+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
has mutool || need+=(mupdf-tools)
has pdftocairo || need+=(poppler-utils)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
{ has prlimit && has unshare && has setpriv; } || need+=(util-linux)
has tesseract || need+=(tesseract-ocr)
for lang in chi-sim eng; do
  dpkg -s "tesseract-ocr-$lang" >/dev/null 2>&1 || need+=("tesseract-ocr-$lang")
done
if [ "${WENKU_INSTALL_CALIBRE:-0}" = 1 ] && ! has ebook-convert; then need+=(calibre); fi
if [ "$dev" = 1 ]; then
  has chromium || need+=(chromium)
  has pg_isready || need+=(postgresql-client)
  has nginx || need+=(nginx)
  has caddy || need+=(caddy)
  has redis-server || need+=(redis-server)
  # the crash tests open the database from an operator's sqlite3 shell while the server writes
  has sqlite3 || need+=(sqlite3)
fi
if [ "$bench" = 1 ]; then has wrk || need+=(wrk); fi

if ((${#need[@]} == 0)); then
  echo "system packages: all present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then
  if has sudo && sudo -n true 2>/dev/null || { has sudo && [ -t 0 ]; }; then
    SUDO="sudo"
  else
    SUDO="none"
  fi
fi
if ! has apt-get || [ "$SUDO" = none ]; then
  why="apt-get is not available on this machine"
  has apt-get && why="installing needs root or sudo"
  echo "system packages NOT installed ($why): ${need[*]}"
  echo "  Wenku still starts; documents that need these tools fail to convert, and the admin dashboard's"
  echo "  环境依赖 lists what is missing. Install them with your system's package manager, then restart Wenku."
  exit 0
fi
echo "system packages: installing ${need[*]}"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "system packages: installed ${need[*]}"
