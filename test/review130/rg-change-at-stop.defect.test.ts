import { describe, expect, it } from 'vitest';
import { funnelTab, typesOf } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// docs/events.md: `session.stopped` is "the last event, after every run still open was told
// abandoned". A responsible-gaming change (`rg.changeRequested`, a run of its own) whose answer is
// still on its way when the client stops is never told anything: no `rg.changeAccepted`,
// `rg.changeFailed` nor an abandon. A funnel counting requested vs answered changes keeps it open
// for ever (the OTel bridge ends its span as `stopped`, so the two channels disagree).

const world = useWorld({ reportStepMs: S });
const LIMITS = /\/bff\/users\/update-limits$/;

async function signedInTab() {
  const tab = funnelTab(world);
  await logIn(world, tab);
  for (let i = 0; i < 100 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
    await world.advance(50, 50);
  tab.funnel.length = 0;
  return tab;
}

describe('a responsible-gaming change in flight when the client stops', () => {
  it('its run is closed (told failed or abandoned) before session.stopped', async () => {
    const tab = await signedInTab();
    world.hangAnswers({ method: 'PATCH', path: LIMITS, times: 1 });
    const call = tab.client.user.updateLimits({
      user_limit_deposit: 100,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'daily',
    });
    call.catch(() => {});
    for (let i = 0; i < 50 && world.count('PATCH', LIMITS) === 0; i++) await world.advance(50, 50);
    expect(world.count('PATCH', LIMITS)).toBe(1);
    expect(typesOf(tab.funnel)).toEqual(['rg.changeRequested']);
    tab.client.stop();
    await world.settle();
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    const types = typesOf(tab.funnel);
    expect(types.at(-1)).toBe('session.stopped');
    // Every run the funnel opened is closed before the last event.
    const run = (tab.funnel[0] as { run: number }).run;
    const closing = tab.funnel.filter(
      (e) => (e as { run?: number }).run === run && e.type !== 'rg.changeRequested',
    );
    expect(closing.map((e) => e.type)).toHaveLength(1);
  });
});
