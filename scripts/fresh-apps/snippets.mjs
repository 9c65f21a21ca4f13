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

/** Every funnel event's name (issue 34; docs/events.md), for the probe below. */
const FUNNEL_TYPES = [
  ...['started', 'codeAsked', 'codeRejected', 'signedIn', 'failed', 'cancelledAccount', 'abandoned'].map(
    (m) => `signIn.${m}`,
  ),
  ...['started', 'codeAsked', 'codeRejected', 'completed', 'failed', 'cancelledAccount', 'abandoned'].map(
    (m) => `registration.${m}`,
  ),
  ...['restored', 'adopted', 'refreshed', 'refreshFailed', 'expired', 'signedOut', 'stopped'].map(
    (m) => `session.${m}`,
  ),
  ...['started', 'passwordRejected', 'completed', 'cancelled', 'failed', 'abandoned'].map(
    (m) => `stepUp.${m}`,
  ),
  ...[
    'restrictionsRead',
    'limitChanged',
    'changeRequested',
    'changeAccepted',
    'changeFailed',
    'playTimeAlert',
  ].map((m) => `rg.${m}`),
  ...['requested', 'completed', 'failed', 'downloaded', 'abandoned'].map((m) => `incomeReport.${m}`),
];

/**
 * The funnel probe (issue 34): the complete app's client (`<prefix>src/pam.ts`) with `funnelEvents()`
 * among its flows, every funnel event kept in order, whole, in `sessionStorage['pam-funnel']` (so a
 * reload keeps what came before), for drive-app.mjs to check their order and that they hold
 * nothing of the player. The rest of the file is the docs' code, verbatim.
 *
 * @param {Map<string, string>} snippets
 * @param {string} prefix e.g. 'vue-app/'
 */
export function withFunnelProbe(snippets, prefix) {
  const path = `${prefix}src/pam.ts`;
  const text = snippets.get(path);
  const imports = "import { createPamClient } from 'pam-client/machines';";
  const call = "createPamClient({ baseURL: '/api', storage: createWebStorageTokenStore() })";
  if (!text?.includes(imports) || !text.includes(call))
    throw new Error(`${path}: the funnel probe looks for \`${call}\``);
  const probe = `
// The funnel probe (scripts/fresh-apps/snippets.mjs): every funnel event, in order, kept for the driver.
for (const type of ${JSON.stringify(FUNNEL_TYPES)} as FunnelEventType[])
  client.on(type, (event) => {
    const kept = JSON.parse(sessionStorage.getItem('pam-funnel') ?? '[]') as unknown[];
    sessionStorage.setItem('pam-funnel', JSON.stringify([...kept, event]));
  });
`;
  snippets.set(
    path,
    text
      .replace(
        imports,
        "import { createPamClient, type FunnelEventType, funnelEvents, operatorPreset } from 'pam-client/machines';",
      )
      .replace(call, call.replace(' })', ', flows: funnelEvents(operatorPreset()) })')) + probe,
  );
  return snippets;
}
