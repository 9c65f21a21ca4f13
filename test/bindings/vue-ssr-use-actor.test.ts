// pam-client/vue's useActor under Vue's server renderer (REVIEW-P P3b): Vue SSR runs a
// component's setup but never mounts it and never disposes its scope, so an actor useActor
// created and started there would live on after every render (timers, requests). Given logic,
// useActor starts the actor when the component mounts (as the React binding does in an effect);
// outside a component (a bare effect scope) it starts at once, as before.
import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { fromCallback, setup } from 'xstate';
import { useActor } from '../../src/bindings/vue';

/** A machine whose initial state runs a callback actor: `live` counts the ones running. */
function pollingMachine() {
  let live = 0;
  const machine = setup({
    actors: {
      poll: fromCallback(() => {
        live++;
        return () => {
          live--;
        };
      }),
    },
  }).createMachine({ initial: 'polling', states: { polling: { invoke: { src: 'poll' } } } });
  return { machine, live: () => live };
}

describe('useActor given logic, rendered on the server', () => {
  it('renders the initial snapshot and starts nothing, render after render', async () => {
    const { machine, live } = pollingMachine();
    const Poller = defineComponent({
      setup() {
        const { snapshot } = useActor(machine);
        return () => h('p', String(snapshot.value.value));
      },
    });
    for (let i = 0; i < 5; i++) {
      expect(await renderToString(createSSRApp(Poller))).toContain('polling');
    }
    expect(live()).toBe(0);
  });
});
