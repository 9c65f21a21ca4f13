#!/usr/bin/env bash
# Packs the library as a new contributor would, from a clean clone of the committed tree (`git
# clone`, `npm ci`, `npm pack`: the `prepack` script builds dist/, so no earlier `npm run build`
# is needed and a stale dist/ of the working tree cannot hide a missing build), installs the
# tarball in an empty folder and loads every entry with both `import` and `require`, as a user
# would. Also checks that a browser app's install holds no h3 (an optional peer of
# pam-client/testing only). `npm ci` reuses npm's cache (--prefer-offline), so CI pays about
# 40 s for the clone's install.
#
# PAM_TARBALL=<file.tgz>: also leaves the tarball there, for the steps of .ci/run after this one
# (`attw` checks it, `npm run fresh-apps` installs it): the package is built and packed once, from
# the clean clone, instead of once per step (each `npm pack` ran prepack: a build of about 40 s).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-hardlinks "$root" "$work/clone"
(cd "$work/clone" && npm ci --no-audit --no-fund --prefer-offline --ignore-scripts --silent >/dev/null)
if [ -e "$work/clone/dist" ]; then
  echo 'pack-smoke: a clean clone already has dist/ (is it committed?)' >&2
  exit 1
fi
# `npm pack` alone: the tarball must hold the built code (prepack), not just the docs.
tarball=$(cd "$work/clone" && npm pack --silent --pack-destination "$work" 2>/dev/null | tail -n 1)
listing=$(tar -tzf "$work/$tarball")
for f in dist/index.js dist/index.cjs dist/index.d.ts dist/machines.js dist/machines.d.ts dist/vue.js dist/react.js dist/svelte.js dist/testing.js; do
  if ! grep -qx "package/$f" <<<"$listing"; then
    echo "pack-smoke: the tarball from a clean clone has no $f ($(wc -l <<<"$listing") files)" >&2
    exit 1
  fi
done
echo "pack-smoke: $tarball from a clean clone holds $(wc -l <<<"$listing") files, dist/ included"
if [ -n "${PAM_TARBALL:-}" ]; then
  cp "$work/$tarball" "$PAM_TARBALL"
  echo "pack-smoke: tarball left at $PAM_TARBALL"
fi
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
  if (typeof (await import('pam-client/schemas')).LoginPayload?.safeParse !== 'function') process.exit(1);
  const machines = await import('pam-client/machines');
  const testing = await import('pam-client/testing');
  await import('pam-client/vue'); await import('pam-client/svelte');
  const react = await import('pam-client/react');
  if (typeof core.createUserModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  if (typeof react.useSession !== 'function' || typeof machines.createPamClient !== 'function') process.exit(1);
  import.meta.resolve('pam-client/testing/msw');
  if (typeof (await import('pam-client/server')).createPamServer !== 'function') process.exit(1);
  console.log('import ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
node -e "
  const core = require('pam-client');
  require('pam-client/vanilla');
  if (typeof require('pam-client/schemas').LoginPayload?.safeParse !== 'function') process.exit(1);
  const machines = require('pam-client/machines');
  const testing = require('pam-client/testing');
  require('pam-client/vue'); require('pam-client/svelte');
  const react = require('pam-client/react');
  require.resolve('pam-client/testing/msw');
  if (typeof require('pam-client/server').createPamServer !== 'function') process.exit(1);
  if (typeof core.createAuthModule !== 'function' || typeof testing.startReferenceServer !== 'function') process.exit(1);
  if (typeof react.useSession !== 'function') process.exit(1);
  console.log('require ok:', Object.keys(core).length, 'core exports,', Object.keys(machines).length, 'machines exports');
"
