// `pam-client/testing` needs h3 v2, which pam-client's package.json does not list (no dependency,
// no peer: browser apps never install it): it is loaded when a server or a reference fetch first
// needs it, and its absence, or another major in its place, is said in plain words.

/** The message when h3 cannot be loaded. */
export const H3_MISSING_MESSAGE =
  "pam-client/testing needs the 'h3' package (v2), which is not installed (pam-client does not depend on it). " +
  'Install it as a dev dependency: npm i -D h3';

/** The message when the h3 found is not v2 (v1, a Nuxt app's: no `H3` class, no 'h3/node'). */
export const H3_WRONG_MAJOR_MESSAGE =
  "pam-client/testing needs the 'h3' package (v2), but the 'h3' it found is another major (no H3 class: h3 v1?). " +
  'Install v2 where the tests run: npm i -D h3@2';

/** True when `error` says the module `name` could not be found (Node ESM/CJS, Vite, bundlers). */
export function isModuleMissing(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (!text.includes(`'${name}'`) && !text.includes(`"${name}"`) && !text.includes(` ${name} `)) {
    return false;
  }
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /cannot find (package|module)|failed to (resolve|load)/i.test(text)
  );
}

/** Runs `load`; a missing `name` becomes an Error with `H3_MISSING_MESSAGE`-style advice. */
export async function loadOptional<T>(name: string, load: () => Promise<T>, message: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleMissing(error, name)) throw new Error(message, { cause: error });
    throw error;
  }
}

type H3Module = typeof import('h3');

let h3: Promise<H3Module> | undefined;

/**
 * The h3 module, loaded once; rejects with `H3_MISSING_MESSAGE` when it is not installed and with
 * `H3_WRONG_MAJOR_MESSAGE` when it is not v2 (no `H3` class).
 */
export function loadH3(): Promise<H3Module> {
  if (!h3) {
    h3 = loadOptional('h3', () => import('h3'), H3_MISSING_MESSAGE).then((module) => {
      if (typeof module.H3 !== 'function') throw new Error(H3_WRONG_MAJOR_MESSAGE);
      return module;
    });
    // A failed load is not cached: installing h3 and retrying in the same process works.
    h3.catch(() => {
      h3 = undefined;
    });
  }
  return h3;
}
