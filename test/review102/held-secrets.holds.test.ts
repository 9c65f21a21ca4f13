// Review 102 (holds): review's lazily built errors-only scrubber (src/http/held-secrets.ts), kept
// when the same short secret is sent again: still scrubbed from a later error after being sent
// twice, kept 10 minutes from its LAST send, gone after 10 minutes or after 8 others.
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { heldSecrets } from '../../src/http/held-secrets';

const MIN = 60_000;
const PW = 'Hunter#2026x';
const CODE = '482913';

function held() {
  let t = 1_000_000;
  const [, sent, scrubberOf] = heldSecrets(() => t);
  const error = (text: string) =>
    JSON.stringify(scrubberOf([], () => createScrubber([], true)).deep({ message: text }, undefined, false));
  return {
    sent,
    error,
    at: (ms: number) => {
      t += ms;
    },
  };
}

describe('review 102: held short secrets', () => {
  it('sent twice, an error built in between: still scrubbed from a later error', () => {
    const h = held();
    h.sent([PW, CODE]);
    expect(h.error(`rejected ${PW}`)).not.toContain(PW);
    h.sent([PW, CODE]);
    h.sent([PW]);
    expect(h.error(`rejected ${PW} and ${CODE} now`)).not.toContain(PW);
    expect(h.error(`code ${CODE} used`)).not.toContain(CODE);
  });

  it('kept 10 minutes from its last send (sent again at 9 minutes, asked at 15)', () => {
    const h = held();
    h.sent([PW]);
    expect(h.error(PW)).not.toContain(PW);
    h.at(9 * MIN);
    h.sent([PW]);
    h.at(6 * MIN);
    expect(h.error(`x ${PW}`)).not.toContain(PW);
    h.at(4 * MIN);
    expect(h.error(`x ${PW}`)).toContain(PW);
  });

  it('after 8 others: no longer held; after 7: still held', () => {
    const h = held();
    h.sent([PW]);
    expect(h.error(PW)).not.toContain(PW);
    for (let i = 0; i < 7; i++) h.sent([`Other#pass${i}`]);
    expect(h.error(`x ${PW}`)).not.toContain(PW);
    h.sent([PW]); // the newest again
    for (let i = 0; i < 8; i++) h.sent([`Later#pass${i}`]);
    expect(h.error(`x ${PW}`)).toContain(PW);
  });

  it('expired while no error asked, then sent again: scrubbed', () => {
    const h = held();
    h.sent([PW]);
    expect(h.error(PW)).not.toContain(PW);
    h.at(11 * MIN);
    h.sent([PW]);
    expect(h.error(`x ${PW}`)).not.toContain(PW);
  });
});
