#!/usr/bin/env bash
# The installed package's black-box checks (test/tarball, review 119): installs the packed tarball
# (PAM_TARBALL, as .ci/run leaves it after pack-smoke; else one packed here from this tree, a
# build of ~40 s) into an empty app with the versions of xstate, ofetch, zod and h3 this repo pins,
# then runs vitest.tarball.config.ts with PAM_TARBALL_APP pointing at that app.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=${PAM_TARBALL:-}
if [ -z "$tarball" ]; then
  tarball="$work/$(cd "$root" && npm pack --silent --pack-destination "$work" 2>/dev/null | tail -n 1)"
fi
pin() { node -p "const p = require('$root/package.json'); (p.devDependencies ?? {})['$1'] ?? (p.dependencies ?? {})['$1'] ?? (p.peerDependencies ?? {})['$1']"; }
mkdir "$work/app"
(cd "$work/app" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent --prefer-offline \
  "$tarball" "xstate@$(pin xstate)" "ofetch@$(pin ofetch)" "zod@$(pin zod)" "h3@$(pin h3)" >/dev/null)
cd "$root"
PAM_TARBALL_APP="$work/app" npx vitest run --config vitest.tarball.config.ts
