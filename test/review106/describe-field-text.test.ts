// REVIEW106 defect (LOW): describeError hands a player a field message that is empty, or the
// scrubber's marker `[redacted]`, as the server's text. src/describe/describe-error.ts:259
// (`fieldWords`: `namesKey(...) ? ruleWords(...) : clip(message)`) keeps any server message that
// names no key, and `clip` of '   ' is ''; a message the adapter scrubbed whole is '[redacted]'.
// Neither is a sentence for a player, in any locale (the pt-BR-only describer then shows a
// highlighted field with nothing, or with an English-looking technical marker).
import { createDescribeError, errorMessagesPtBR } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { funnelTab } from '../funnel/record';
import { useWorld } from '../support/world';

const world = useWorld();

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('REVIEW106: describeError field messages are sentences', () => {
  it.each([
    ['blank', '   '],
    ['the password echoed whole', 'Senha#Forte9'],
  ])('a server field message that is %s gets our words', async (_, text) => {
    const tab = funnelTab(world);
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 422,
      times: 1,
      body: { errors: { note: [text] } },
    });
    tab.client.login({ login: 'ana@example.com', password: 'Senha#Forte9' });
    await settleUntil(() => tab.client.view.status === 'failed');
    const out = createDescribeError(errorMessagesPtBR)(tab.client.view.error);
    for (const message of out.fields.note ?? []) {
      expect(message.trim()).not.toBe('');
      expect(message).not.toContain('[redacted]');
    }
  });
});
