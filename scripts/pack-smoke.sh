#!/usr/bin/env bash
# Packs the library, installs the tarball in an empty folder and loads every entry with both
# `import` and `require`, as a user would. Run after `npm run build`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
cd "$work"
npm init -y >/dev/null
npm install --no-audit --no-fund --silent "./$tarball" xstate@5 vue@3 >/dev/null
node --input-type=module -e "
  const core = await import('pam-client');
  await import('pam-client/vanilla');
  const machines = await import('pam-client/machines');
  const testing = await import('pam-client/testing');
  await import('pam-client/vue'); await import('pam-client/svelte');
  if (typeof core.createUserModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  console.log('import ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
node -e "
  const core = require('pam-client');
  require('pam-client/vanilla');
  const machines = require('pam-client/machines');
  const testing = require('pam-client/testing');
  require('pam-client/vue'); require('pam-client/svelte');
  if (typeof core.createAuthModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  console.log('require ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
