// The review book without a browser: its paths cover the machines and the scenarios reviewers
// asked for, the app tables cover every step of every path, and its checks can fail.
// (`npm run review -- --check` builds the book in Chromium; see docs/review.md.)

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { notInApp } from '../../scripts/review/app-driver';
import { BOOK, checkBook, FORBIDDEN } from '../../scripts/review/book';
import { CHROMIUM_ARGS as REVIEW_ARGS } from '../../scripts/review/chromium.mjs';
import { bookPaths } from '../../scripts/review/paths';
import { cropPng, distinctColours, pngSize } from '../../scripts/review/png';
import { describeMachine } from '../../tools/diagrams/graph';
import { CANARY } from '../support/canary';
import { CHROMIUM_ARGS } from '../support/chromium';

const all = BOOK.map(({ review, app }) => ({ review, app, paths: bookPaths(review) }));
const scenario = (machine: string, name: string) =>
  all.find((m) => m.review.id === machine)?.paths.find((p) => p.kind === 'scenario' && p.title === name);
const last = (machine: string, name: string) => scenario(machine, name)?.steps.at(-1)?.leaves;

describe('review book paths (xstate/graph)', () => {
  it('covers the session, login, token refresh, income report, registration, step-up and play-time machines', () => {
    expect(all.map((m) => m.review.id)).toEqual([
      'session',
      'login',
      'tokenRefresh',
      'incomeReport',
      'registration',
      'stepUp',
      'playTime',
    ]);
  });

  it.each(all.map((m) => [m.review.id, m] as const))(
    '%s: a path to every state but the listed ones',
    (_, m) => {
      const reached = new Set(m.paths.flatMap((p) => p.steps.flatMap((s) => s.states)));
      const states = describeMachine(m.review.machine).states.map((s) => s.path);
      const missing = states.filter((s) => !reached.has(s));
      // Reached only through the page environment (hidden tab, offline) or a registration, which the
      // vanilla app does not offer.
      expect(
        missing.filter((s) => !['polling.paused', 'signingIn.registering', 'registering'].includes(s)),
      ).toEqual([]);
      expect(new Set(m.paths.map((p) => p.slug)).size).toBe(m.paths.length);
      for (const p of m.paths) expect(p.steps[0]?.kind).toBe('start');
    },
  );

  it('has the scenarios reviewers ask about, ending where they should', () => {
    expect(last('login', '2FA success')).toEqual(['authenticated']);
    expect(last('login', 'Five rejected codes')).toEqual(['failed']);
    expect(last('login', 'Cancelled account')).toEqual(['cancelledAccount']);
    expect(last('login', '429 lockout and its wait')).toEqual(['failed']);
    expect(last('tokenRefresh', 'Refresh failure and backoff')).toEqual(['active.idle']);
    expect(last('session', 'Session expiry')).toEqual(['signedOut']);
    expect(last('session', 'Five rejected codes')).toEqual(['failed']);
    expect(last('session', 'Logout after a password login')).toEqual(['signedOut']);
    expect(last('incomeReport', 'Report completed')).toEqual(['completed']);
    expect(last('incomeReport', 'Report failed')).toEqual(['failed']);
    expect(last('incomeReport', 'Report timed out')).toEqual(['timedOut']);
    expect(last('incomeReport', 'Report cancelled')).toEqual(['ready']);
    const codes = scenario('login', 'Five rejected codes')!.steps.filter((s) =>
      s.name.endsWith('wrong code'),
    );
    expect(codes).toHaveLength(5);
  });

  it.each(all.map((m) => [m.review.id, m] as const))('%s: the app table covers every step', (_, m) => {
    const gaps: string[] = [];
    for (const p of m.paths) {
      for (const s of p.steps) {
        if (!m.app.onlyDiagram)
          for (const leaf of s.leaves) if (!m.app.shows[leaf]) gaps.push(`shows ${leaf}`);
        const machineOnly = notInApp(m.app, s.name) !== undefined;
        if (s.kind === 'user' && !m.app.act[s.name] && !machineOnly && !m.app.immediate?.includes(s.name))
          gaps.push(`act ${s.name}`);
        if (
          s.kind === 'answer' &&
          !machineOnly &&
          !m.app.act[s.name] &&
          !m.app.immediate?.includes(s.name) &&
          !m.app.requests[s.source!]
        )
          gaps.push(`request of ${s.source}`);
        if (s.kind === 'timer' && !machineOnly && m.app.timers?.[s.source!] === undefined)
          gaps.push(`timer ${s.source}`);
      }
    }
    expect([...new Set(gaps)]).toEqual([]);
  });

  it('never prints a secret in a step: passwords and codes are placeholders', () => {
    const text = JSON.stringify(all.map((m) => m.paths));
    for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
  });
});

/** A width × height PNG, 8-bit RGB, filter 0, every pixel from `colour(x, y)`. */
function png(
  width: number,
  height: number,
  colour: (x: number, y: number) => [number, number, number],
): Buffer {
  const rows = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(colour(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body, Buffer.alloc(4)]); // the reader does not check CRCs
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('review book checks', () => {
  it('tells a blank screenshot (one colour) from a page', () => {
    expect(distinctColours(png(40, 30, () => [245, 246, 248]))).toBe(1);
    expect(distinctColours(png(40, 30, (x) => (x < 20 ? [255, 255, 255] : [29, 36, 51])))).toBe(2);
  });

  it('cuts the part under review out of the whole page (one screenshot per step and language)', () => {
    const page = png(40, 30, (x) => (x < 20 ? [255, 255, 255] : [29, 36, 51]));
    const dark = cropPng(page, { x: 24, y: 3, width: 10, height: 5 });
    expect(pngSize(dark)).toEqual({ width: 10, height: 5 });
    expect(distinctColours(dark)).toBe(1);
    expect(distinctColours(cropPng(page, { x: 15, y: 0, width: 10, height: 30 }))).toBe(2);
    expect(pngSize(cropPng(page, { x: 35, y: 25, width: 100, height: 100 }))).toEqual({
      width: 5,
      height: 5,
    });
  });

  it('reports a secret, a missing page, a missing screenshot and an English picture in the pt-BR edition', async () => {
    const out = await mkdtemp(join(tmpdir(), 'pam-review-check-'));
    try {
      await mkdir(join(out, 'login'), { recursive: true });
      await writeFile(join(out, 'index.html'), `<p>ok</p><img alt="typed ${CANARY.password}">`);
      await writeFile(
        join(out, 'login', 'to-idle.html'),
        '<section id="step-0"><img src="../shots/x.png" alt=""></section>',
      );
      // The pt-BR edition showing the English app (issue 31: its pictures are the app in pt-BR).
      await mkdir(join(out, 'pt-BR', 'login'), { recursive: true });
      await writeFile(
        join(out, 'pt-BR', 'login', 'to-idle.html'),
        '<section id="step-0"><img src="../../shots/login/to-idle/0.png" alt=""></section>',
      );
      const problems = await checkBook(out);
      expect(problems).toContain(
        'pt-BR/login/to-idle.html shows the app in English (shots/login/to-idle/0.png)',
      );
      expect(problems).toContain(`${join(out, 'index.html')} contains a secret`);
      expect(problems).toContain('missing page login/to-authenticated.html');
      expect(problems).toContain('login/to-idle.html: missing shots/x.png');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('launches Chromium with the flags the tests use', () => {
    expect(REVIEW_ARGS).toEqual(CHROMIUM_ARGS);
  });
});
