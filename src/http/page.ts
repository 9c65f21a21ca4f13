// The page a browser client runs in, and whether a URL stands alone: the adapter's and the
// server-render check's (machines/client/server-render.ts). A module of its own, importing
// nothing: the machines import it relatively (as src/auth/captcha.ts), since pam-client/internal
// holds 12 names at most (test/api/internal-entry).

/** The page's URL (`location.href`), or undefined without one that is a string (a server). */
export const pageURL = (): string | undefined => {
  const href = (globalThis as { location?: { href?: unknown } }).location?.href;
  return typeof href === 'string' ? href : undefined;
};

/** Whether `url` starts with a scheme (`https:`, `http:`, …). */
export const isAbsoluteURL = (url: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(url);
