// The book and the visualizer link to each other at the same machine and state (issue 19 item 14):
// the book's pages link to `../../visualizer/#machine=<id>&state=<state>` (the visualizer replays
// the book's path to it and links back; see test/visualizer).

import { describe, expect, it } from 'vitest';
import { bookPaths } from '../../scripts/review/paths';
import { loginReview } from '../../scripts/review/review-machines';
import { bookFiles, type MachinePage, visualizerLink } from '../../scripts/review/site';

const paths = bookPaths(loginReview);
const page: MachinePage = {
  id: 'login',
  title: 'Login',
  summary: 'Signs a player in.',
  svg: '<svg></svg>',
  productSvg: '<svg></svg>',
  hidden: 0,
  words: [],
  descriptions: { idle: 'waits', twoFactorRequired: 'asks for the code' },
  coverage: [
    { state: 'twoFactorRequired', kind: 'real', path: 'to-twofactorrequired', step: 2 },
    { state: 'idle', kind: 'none', why: 'not shown' },
  ],
  appNote: null,
  paths: paths.map((path) => ({
    path,
    account: null,
    steps: path.steps.map(() => ({
      svg: '',
      shot: 'shots/x.png',
      full: 'shots/x-full.png',
      size: { width: 10, height: 10 },
      note: null,
      text: [],
    })),
  })),
};

describe('links between the book and the visualizer', () => {
  it('writes the visualizer deep link relative to a page of the book', () => {
    expect(visualizerLink('login', 'twoFactorRequired', 1)).toBe(
      '../visualizer/#machine=login&state=twoFactorRequired'.replace(/^/, '../'),
    );
    expect(visualizerLink('session', 'signingIn.twoFactorRequired', 0)).toBe(
      '../visualizer/#machine=session&state=signingIn.twoFactorRequired',
    );
  });

  it('links each state of the machine page and each step of a path page to that state in the visualizer', () => {
    const files = bookFiles([page], [], '');
    const index = files.get('login/index.html')!;
    for (const state of ['idle', 'twoFactorRequired']) {
      expect(index).toContain(`href="../../visualizer/#machine=login&amp;state=${state}"`);
    }
    const to2fa = paths.find(
      (p) => p.kind === 'shortest' && p.steps.at(-1)!.leaves.includes('twoFactorRequired'),
    )!;
    const html = files.get(`login/${to2fa.slug}.html`)!;
    const last = to2fa.steps.length - 1;
    expect(html).toMatch(
      new RegExp(
        `id="step-${last}"[\\s\\S]*href="\\.\\./\\.\\./visualizer/#machine=login&amp;state=twoFactorRequired"`,
      ),
    );
    // Every link stays relative (the book's check fails on an absolute one).
    for (const text of files.values()) expect(text).not.toMatch(/(src|href)="(\/|https?:)/);
  });
});
