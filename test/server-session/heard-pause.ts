// Tab A started from a fresh seed on a channel hub, past its ask wait, holding tab X's pause heard
// in flight (X then closed: a crash or a reload): the start of the R26 ask tests.

import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { pauseToldByX } from './forged-support';
import { type Answer, NOON, seedOf, startSeeded } from './seeded-client';

export async function holdingHeardPause(answer?: (path: string, body?: unknown) => Answer) {
  const hub = new FakeChannelHub();
  const seed = seedOf({ readAt: NOON });
  const a = startSeeded(seed, { at: NOON, channel: hub.channel(), ...(answer && { answer }) });
  const started = [a];
  await turns(10);
  a.advance(600);
  await turns(10);
  const x = hub.channel();
  x.postMessage(pauseToldByX());
  await turns(10);
  return { hub, seed, a, x, started };
}
