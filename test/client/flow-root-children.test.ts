// The tabs flow's child (the one that decides on the other tabs' word) comes with the flow, in
// every state (issue 33, sizes): a lean client's session runs no `tabs` child and names no flow's
// child among its actors, so it carries none of them; `sessionCore` and `sessionMachine` keep every
// child (sessionCore's do nothing), in the diagrams' order.

import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createCustomPamClient, tabs } from '../../machines/index';
import { sessionCore, sessionMachine } from '../../machines/sessionMachine';

const rootChildren = (machine: typeof sessionCore) => machine.root.invoke.map((i) => i.id);

function channel() {
  return {
    postMessage: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    close: () => {},
  };
}

function running(flows: Parameters<typeof createCustomPamClient>[0]['flows'], withChannel: boolean) {
  const client = createCustomPamClient({
    baseURL: 'https://api.example.com',
    storage: createMemoryTokenStore(),
    environment: { channel: withChannel ? channel() : null },
    flows,
  });
  const children = Object.keys(sessionActorOf(client).getSnapshot().children);
  client.stop();
  return children;
}

describe("the tabs flow's child", () => {
  it('a lean client runs only the wake-up child at the root', () => {
    expect(running([], false)).not.toContain('tabs');
    expect(running([], false)).toContain('wake');
  });

  it('the tabs flow brings its child', () => {
    expect(running([tabs()], true)).toEqual(expect.arrayContaining(['wake', 'tabs']));
  });

  it("sessionCore and sessionMachine have both, in the diagrams' order", () => {
    expect(rootChildren(sessionCore)).toEqual(['wake', 'tabs']);
    expect(rootChildren(sessionMachine)).toEqual(['wake', 'tabs']);
  });
});
