// The README's tagged code blocks: a line `<!-- snippet: <path> -->` right before a fenced block
// names the file that block is, verbatim. Used by scripts/fresh-apps/run.mjs.
import { readFileSync } from 'node:fs';

/**
 * @param {string} readmePath
 * @returns {Map<string, string>} path -> content (ending in a newline)
 */
export function readSnippets(readmePath) {
  const lines = readFileSync(readmePath, 'utf8').split('\n');
  const snippets = new Map();
  for (let i = 0; i < lines.length; i++) {
    const tag = /^<!-- snippet: (\S+) -->$/.exec(lines[i]);
    if (!tag) continue;
    const open = lines[i + 1] ?? '';
    const fence = /^(`{3,})\S*$/.exec(open);
    if (!fence) throw new Error(`README line ${i + 2}: a fenced block must follow the tag ${tag[1]}`);
    const body = [];
    let j = i + 2;
    for (; j < lines.length && lines[j] !== fence[1]; j++) body.push(lines[j]);
    if (j === lines.length) throw new Error(`README: the block of ${tag[1]} is never closed`);
    if (snippets.has(tag[1])) throw new Error(`README: two blocks are tagged ${tag[1]}`);
    snippets.set(tag[1], `${body.join('\n')}\n`);
    i = j;
  }
  return snippets;
}

/** The README's install line (`npm i pam-client xstate`), as argv after `npm`. */
export function installLine(readmePath) {
  const line = readFileSync(readmePath, 'utf8')
    .split('\n')
    .find((l) => /^npm (i|install) pam-client\b/.test(l));
  if (!line) throw new Error('README: no `npm i pam-client ...` line');
  return line.trim().split(/\s+/).slice(1);
}
