#!/usr/bin/env bash
# Packs the library, installs the tarball in an empty folder and loads every entry with both
# `import` and `require`, as a user would. Run after `npm run build`. Also checks that a browser
# app's install holds no h3 (an optional peer of pam-client/testing only).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
cd "$work"
npm init -y >/dev/null
# xstate is a required peer: even `npm i pam-client` alone brings it (as an optional peer it did
# not, and a fresh Vite app failed to build on "fromPromise" is not exported).
mkdir bare && (cd bare && npm init -y >/dev/null && npm install --no-audit --no-fund --silent "../$tarball" >/dev/null)
if [ ! -f bare/node_modules/xstate/package.json ]; then
  echo 'pack-smoke: `npm i pam-client` did not install its xstate peer' >&2
  exit 1
fi
# The README's install line, plus the frameworks the bindings are for.
npm install --no-audit --no-fund --silent "./$tarball" xstate vue@3 react@19 >/dev/null
if npm ls h3 --all --parseable 2>/dev/null | grep -q node_modules/h3; then
  echo 'pack-smoke: h3 is installed in an app that did not ask for it' >&2
  exit 1
fi
node --input-type=module -e "
  const core = await import('pam-client');
  await import('pam-client/vanilla');
  const machines = await import('pam-client/machines');
  const testing = await import('pam-client/testing');
  await import('pam-client/vue'); await import('pam-client/svelte');
  const react = await import('pam-client/react');
  if (typeof core.createUserModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  if (typeof react.useSession !== 'function' || typeof machines.createPamClient !== 'function') process.exit(1);
  import.meta.resolve('pam-client/testing/msw');
  console.log('import ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
node -e "
  const core = require('pam-client');
  require('pam-client/vanilla');
  const machines = require('pam-client/machines');
  const testing = require('pam-client/testing');
  require('pam-client/vue'); require('pam-client/svelte');
  const react = require('pam-client/react');
  require.resolve('pam-client/testing/msw');
  if (typeof core.createAuthModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  if (typeof react.useSession !== 'function') process.exit(1);
  console.log('require ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
