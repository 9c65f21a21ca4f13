// REVIEW-N (LOW): downloadIncomeReport({ download_url: 'http://x@host/f' }) sent nothing (fetch
// refuses a URL with credentials) but failed as a NetworkError ("got no response"): isDownloadURL
// took a URL with user information. It is now refused up front: `invalid_request` on
// `download_url`, nothing sent. An `@` after the host (in the path, query or fragment), or in a
// path under the API, is no user information: sent as before.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downloadIncomeReport, RequestValidationError } from '../../src/index';
import { isDownloadURL } from '../../src/user/download';
import { signedIn, useReferenceServer } from '../support/server';

let clock = 1_800_000_000_000;
const ctx = useReferenceServer({ reportStepMs: 1000, now: () => clock });

/** A completed download report's URL on the reference server. */
async function reportURL(user: ReturnType<typeof signedIn>['user']): Promise<string> {
  const created = await user.generateIncomeReport({ reference_year: 2025, type: 'download' });
  clock += 5_000;
  const report = await user.getIncomeReportStatus(created.id);
  expect(report.download_url).toMatch(/^\/income-report\//); // a path under the API (REVIEW-AA AA-4)
  return `${ctx.server.url}${report.download_url}`; // the same file by its absolute URL
}

describe('downloadIncomeReport: a download_url with user information', () => {
  it('is refused (invalid_request on download_url), nothing sent; the same URL without it downloads', async () => {
    const { user } = signedIn(ctx.server);
    const url = await reportURL(user);
    const { host } = new URL(url);
    const rest = url.slice(`http://${host}`.length);
    const before = ctx.server.requests.length;
    for (const userinfo of ['x@', 'user:PASS@', ':@', '@', `${host}@`, 'a%40b@']) {
      for (const prefix of ['http://', 'HTTP://', 'http:', 'http:/', 'http:///', 'https://']) {
        const bad = `${prefix}${userinfo}${host}${rest}`;
        const error = await user.downloadIncomeReport({ download_url: bad, reference_year: 2025 }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, bad).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).code).toBe('invalid_request');
        expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual([
          'download_url',
        ]);
        expect(JSON.stringify(error)).not.toContain('PASS');
      }
    }
    expect(ctx.server.requests.length).toBe(before);
    const { blob } = await user.downloadIncomeReport({ download_url: url, reference_year: 2025 });
    expect(await blob.text()).toMatch(/^%PDF/);
    expect(ctx.server.requests.length).toBe(before + 1);
  });

  it('the standalone function refuses it too, before its adapter is asked', async () => {
    let asked = 0;
    const http = {
      get: async () => {
        asked++;
        return {};
      },
    } as never;
    await expect(
      downloadIncomeReport(http, { download_url: 'http://x@127.0.0.1:1/f', reference_year: 2025 }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(asked).toBe(0);
  });
});

// Generated URLs: an http(s) scheme in any case, 0-3 slashes, user information or none, a host,
// and a path, query and fragment that may hold `@`.
const piece = (chars: string) => fc.stringMatching(new RegExp(`^[${chars}]{0,8}$`));
const url = fc.record({
  scheme: fc.constantFrom('http', 'https', 'HTTP', 'hTtPs'),
  slashes: fc.constantFrom('', '/', '//', '///'),
  userinfo: fc.option(
    fc.tuple(piece("a-zA-Z0-9._~!$&'()*+,;=%-"), fc.option(piece("a-zA-Z0-9._~!$&'()*+,;=:%@-"))),
    { nil: undefined },
  ),
  host: fc.constantFrom('bucket.example', '127.0.0.1:8080', 'localhost', '[::1]:9'),
  path: piece('a-z0-9/@._-'),
  query: fc.option(piece('a-z0-9=&@'), { nil: undefined }),
  fragment: fc.option(piece('a-z0-9@'), { nil: undefined }),
});

describe('property: isDownloadURL and user information', () => {
  it('refuses a URL exactly when its authority holds user information, or it is not written `scheme://host` (EDGES33-2)', () => {
    fc.assert(
      fc.property(url, (u) => {
        const info = u.userinfo && `${u.userinfo[0]}${u.userinfo[1] === null ? '' : `:${u.userinfo[1]}`}@`;
        const tail = `/${u.path}${u.query === undefined ? '' : `?${u.query}`}${u.fragment === undefined ? '' : `#${u.fragment}`}`;
        const full = `${u.scheme}:${u.slashes}${info ?? ''}${u.host}${tail}`;
        // `http:host`, `http:/host`, `http:///host`: the host is a parser's guess (EDGES33-2).
        expect(isDownloadURL(full), full).toBe(info === undefined && u.slashes === '//');
        // What a URL parser makes of it agrees: no URL sent has a user name or password.
        const parsed = URL.canParse(full) ? new URL(full) : null;
        expect(isDownloadURL(full) && !!parsed && parsed.username + parsed.password !== '', full).toBe(false);
        // A path under the API with an `@` is no user information: sent.
        expect(isDownloadURL(`files/${u.path}@x${tail}`)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
