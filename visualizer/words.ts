// XState's internal event types in the words a reviewer reads: `xstate.done.actor.0.session.signingOut`
// becomes "logout finished (in signingOut)".

import type { MachineGraph } from '../tools/diagrams/graph';

/** Finds what a child actor id stands for: `login`, or `0.session.signingOut` → the invoke's src. */
function actorName(id: string, graphs: readonly MachineGraph[]): { name: string; where: string | null } {
  const auto = /^(\d+)\.([^.]+)\.(.+)$/.exec(id);
  if (auto) {
    const [, index, machineId, path] = auto;
    const state = graphs.find((g) => g.id === machineId)?.states.find((s) => s.path === path);
    const invoke = state?.invokes[Number(index)];
    return { name: invoke?.src ?? `a task of ${path}`, where: path ?? null };
  }
  for (const graph of graphs) {
    for (const state of graph.states) {
      const invoke = state.invokes.find((i) => i.id === id);
      if (invoke) return { name: invoke.machine ?? invoke.src, where: null };
    }
  }
  return { name: id, where: null };
}

/**
 * A readable name for an event type. Event types written in the machines (`LOGIN`) stay as they are.
 *
 * @example
 * eventInWords('xstate.done.actor.0.session.signingOut', graphs); // 'logout finished (in signingOut)'
 * eventInWords('xstate.after.nextCheck.tokenRefresh.active.idle', graphs); // 'timer nextCheck elapsed (in active.idle)'
 */
export function eventInWords(type: string, graphs: readonly MachineGraph[]): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) {
    const { name, where } = actorName(actor[2]!, graphs);
    return `${name} ${actor[1] === 'done' ? 'finished' : 'failed'}${where ? ` (in ${where})` : ''}`;
  }
  const after = /^xstate\.after\.([^.]+)\.[^.]+\.?(.*)$/.exec(type);
  if (after) return `timer ${after[1]} elapsed${after[2] ? ` (in ${after[2]})` : ''}`;
  const doneState = /^xstate\.done\.state\.[^.]+\.?(.*)$/.exec(type);
  if (doneState) return `${doneState[1] || 'machine'} reached its final state`;
  if (type === 'xstate.stop') return 'stopped';
  // A machine's own timers armed again (after a restore, or the play clock's limit arriving: X-2).
  if (type === 'xstate.restore') return 'timers armed again';
  return type;
}
