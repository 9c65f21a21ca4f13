import { H3_MISSING_MESSAGE } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { H3_WRONG_MAJOR_MESSAGE } from '../../src/testing/optional-h3';
import { useTestingEntryUnderHooks } from '../support/testing-entry-under-hooks';

// REVIEW-AA AA-14: with h3 v1 installed (a Nuxt app's top level), `pam-client/testing` failed with
// "App is not a constructor" (the kit) and "Package subpath './node' is not defined by exports"
// (the server). A v1-shaped h3 now gets the message that names pam-client and h3 v2.

// 'h3' resolves to a module shaped like h3 v1 (createApp, toNodeListener; no H3 class), and
// 'h3/node' fails as Node fails it for h3 v1, whose package.json exports no './node'.
const H3_V1_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'h3') return { url: new URL('./h3-v1.mjs', import.meta.url).href, shortCircuit: true };
  if (specifier.startsWith('h3/')) {
    const error = new Error("Package subpath './" + specifier.slice(3) + "' is not defined by \\"exports\\" in /app/node_modules/h3/package.json imported from " + context.parentURL);
    error.code = 'ERR_PACKAGE_PATH_NOT_EXPORTED';
    throw error;
  }
  return next(specifier, context);
}`;

const H3_V1 = `
export function createApp() { return { use() {}, handler() {} }; }
export function toNodeListener() { return () => {}; }
export function defineEventHandler(handler) { return handler; }
export class App {}
`;

describe('pam-client/testing with h3 v1 installed', () => {
  const entry = useTestingEntryUnderHooks({ 'hooks.mjs': H3_V1_HOOKS, 'h3-v1.mjs': H3_V1 });

  it('says it needs h3 v2, when a server starts and when the in-process fetch is called', async () => {
    expect(await entry.report()).toEqual({
      imported: true,
      server: H3_WRONG_MAJOR_MESSAGE,
      fetch: H3_WRONG_MAJOR_MESSAGE,
    });
    expect(H3_WRONG_MAJOR_MESSAGE).toMatch(/^pam-client\/testing needs the 'h3' package \(v2\)/);
    expect(H3_WRONG_MAJOR_MESSAGE).toContain('npm i -D h3@2');
  });

  it('no longer calls h3 an optional peer: package.json lists no h3 peer', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as {
      peerDependencies?: Record<string, string>;
    };
    expect(pkg.peerDependencies).not.toHaveProperty('h3');
    expect(H3_MISSING_MESSAGE).not.toMatch(/peer/);
    expect(H3_MISSING_MESSAGE).toContain('npm i -D h3');
  });
});
