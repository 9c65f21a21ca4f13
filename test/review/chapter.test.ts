// The responsible-gaming chapter without a browser (issue 30): the scenarios a compliance
// reviewer asked for are there, and every rule names its source as docs/responsible-gaming.md
// gives it, or says whose choice it is, never an article number from memory.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_IN_APP, RESPONSIBLE_GAMING } from '../../scripts/review/responsible-gaming';

const docs = readFileSync(new URL('../../docs/responsible-gaming.md', import.meta.url), 'utf8');
const ids = RESPONSIBLE_GAMING.map((s) => s.id);

describe('the responsible-gaming chapter', () => {
  it.each([
    ['1: a CPF that already has an account is refused', 'registration-cpf-taken'],
    ['2: an under-18 refusal', 'registration-under-18'],
    ['2: the document check unavailable, then what follows', 'registration-document-unavailable'],
    ['4: what an SPA-barred player sees', 'spa-barred-login'],
    ['5: a cancelled account and its money', 'cancelled-account'],
    ['6: restrictions that cannot be read', 'restrictions-unknown'],
    ['7: play time at 80 % and 100 %', 'play-time'],
    ['7: a time limit set and changed', 'time-limit'],
    ['8: a looser limit says until when', 'looser-limit'],
    ['9: the mandatory limits at onboarding', 'mandatory-limits'],
    ['9: a permanent self-exclusion', 'permanent-self-exclusion'],
    ['9: an operator exclusion', 'operator-exclusion'],
    ['9: a pause lifted at its end', 'pause-ends'],
    ['9: the report actually downloaded', 'report-download'],
  ])('has a scenario for item %s', (_, id) => {
    expect(ids).toContain(id);
  });

  it('ids are unique', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(RESPONSIBLE_GAMING.map((s) => [s.id, s.rule] as const))(
    '%s: the rule names its source',
    (_, rule) => {
      const source = rule.split('Source: ')[1];
      expect(source, 'a "Source: " sentence').toBeDefined();
      // Each law or portaria named is one docs/responsible-gaming.md lists, with an article only
      // where the docs give that article.
      const named =
        source?.match(/(Lei|Portaria SPA\/MF nº|nº|Instrução Normativa SPA nº) [\d.]+\/\d{4}/g) ?? [];
      for (const n of named) expect(docs).toContain(n);
      for (const article of rule.match(/art\. \d+/g) ?? []) expect(docs).toContain(article);
      const kinds = [
        /docs\/responsible-gaming\.md/,
        /operator's choice/,
        /this library's (default|rule)/,
        /to be confirmed by compliance/,
        /\(spec\)/,
      ];
      expect(kinds.some((k) => k.test(source ?? ''))).toBe(true);
    },
  );

  it('says where the service cannot tell cases apart, instead of a screen (issue 30.9)', () => {
    const said = NOT_IN_APP.map((n) => `${n.title}: ${n.why}`).join('\n');
    expect(said).toMatch(/central SPA platform[^\n]*cannot tell it apart/);
    expect(said).toMatch(/2\.217\/2025[^\n]*not among the service's fields/);
    expect(said).not.toMatch(/mandatory limits/i);
  });

  it('the SPA rule says registration and the first login of each day, not every login (issue 30.4)', () => {
    const spa = RESPONSIBLE_GAMING.find((s) => s.id === 'spa-barred-login');
    expect(spa?.rule).toMatch(/at registration and at the first login of each day/);
    expect(spa?.rule).not.toMatch(/every login/);
  });
});
