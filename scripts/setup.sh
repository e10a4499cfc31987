#!/usr/bin/env bash
# `npm run setup`: the set-up half of the README's first command (`npm run setup && npm start`).
# 1. the system packages the converter needs that are missing (scripts/install-system-deps.sh; a machine
#    without apt gets their names and carries on), 2. the npm packages (package-lock.json's versions).
# Options go to install-system-deps.sh: `--dev` adds what `npm test` uses (CI: `npm run setup -- --dev`).
# Run it as the user who runs Wenku: apt goes through sudo when that user is not root.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh "$@"
echo "npm packages: installing (package-lock.json)"
npm install --no-audit --no-fund --loglevel=error
./node_modules/.bin/node -e 'if (+process.versions.node.split(".")[0] < 24) { console.error("node_modules/.bin/node is", process.version, "(Wenku needs 24)"); process.exit(1) }'
echo "set-up done: npm start runs Wenku (http://127.0.0.1:8880 unless PORT/HOST say otherwise)"
