// What every page and PDF of the review book says it was built from (issue 31 item 3): the
// package version, the commit (marked when the working tree had changes) and the build's date.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BookStamp {
  version: string;
  /** Short commit id, `+ changes` when the tree differed from it, or `unknown` outside git. */
  commit: string;
  /** `2026-11-28 05:20 UTC`. */
  date: string;
}

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The stamp of a build made now from the repository at `root`.
 *
 * @example
 * bookStamp(ROOT); // { version: '0.1.0', commit: '8f191d4', date: '2026-11-28 05:20 UTC' }
 */
export function bookStamp(root: string, now = new Date()): BookStamp {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
  let commit = 'unknown';
  try {
    commit = git(root, ['rev-parse', '--short', 'HEAD']);
    if (git(root, ['status', '--porcelain', '--untracked-files=no']) !== '') commit += ' + changes';
  } catch {
    // Not a git checkout (a tarball): the version and date still say what this is.
  }
  return { version, commit, date: `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC` };
}

/**
 * The stamp as one line.
 *
 * @example
 * stampLine(stamp); // 'pam-client 0.1.0 · commit 8f191d4 · built 2026-11-28 05:20 UTC'
 */
export const stampLine = (s: BookStamp, built = 'built') =>
  `pam-client ${s.version} · commit ${s.commit} · ${built} ${s.date}`;
