// h3 is an optional peer of `pam-client/testing` (browser apps never install it): it is loaded
// when a server or a reference fetch first needs it, and its absence is said in plain words.

/** The message when h3 cannot be loaded. */
export const H3_MISSING_MESSAGE =
  "pam-client/testing needs the 'h3' package (v2), an optional peer dependency that is not installed. " +
  'Install it as a dev dependency: npm i -D h3';

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

/** The h3 module, loaded once; rejects with `H3_MISSING_MESSAGE` when it is not installed. */
export function loadH3(): Promise<H3Module> {
  if (!h3) {
    h3 = loadOptional('h3', () => import('h3'), H3_MISSING_MESSAGE);
    // A failed load is not cached: installing h3 and retrying in the same process works.
    h3.catch(() => {
      h3 = undefined;
    });
  }
  return h3;
}
