// Issue 19 item 11: the alerts a machine emits are shown on the states that emit them.

import { describe, expect, it } from 'vitest';
import { createMachine, emit } from 'xstate';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';
import { describeMachine } from '../../tools/diagrams/graph';
import { badgesOf } from '../../tools/diagrams/layout';

describe('emitted events', () => {
  it('names a fixed emitted event by its type', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { entry: emit({ type: 'ding' }) } },
    });
    const a = describeMachine(machine).states[0]!;
    expect(a.emits).toEqual(['ding']);
    expect(badgesOf(a)).toBe('emits ding');
  });

  it("shows play time's two alerts on the states that emit them", () => {
    const graph = describedGraph(DIAGRAM_MACHINES.find((d) => d.machine.id === 'playTime')!);
    const emitting = graph.states.filter((s) => s.emits.length > 0);
    expect(emitting.length).toBe(2);
    for (const s of emitting) expect(badgesOf(s)).toMatch(/emits \w+/);
  });
});
