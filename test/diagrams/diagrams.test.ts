import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { incomeReportMachine, loginMachine, sessionMachine, tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { DIAGRAM_MACHINES, DIAGRAMS_DIR, generateDiagramFiles } from '../../tools/diagrams/generate';
import { activePaths, describeMachine, eventsIn } from '../../tools/diagrams/graph';
import { toMermaid } from '../../tools/diagrams/mermaid';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string | null => {
  try {
    return readFileSync(root + path, 'utf8');
  } catch {
    return null;
  }
};
const RUN = 'out of date: run `npm run diagrams` and commit docs/machines';

describe('docs/machines', async () => {
  const files = await generateDiagramFiles();
  const GENERATED = /\.(md|json|svg)$/;

  it('holds exactly what `npm run diagrams` generates', () => {
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'docs/machines/login.md',
        'docs/machines/login.json',
        'docs/machines/login.svg',
        'docs/machines/README.md',
      ]),
    );
    for (const file of files) {
      expect(read(file.path), `${file.path} is ${RUN}`).toBe(file.content);
    }
    const onDisk = readdirSync(root + DIAGRAMS_DIR).filter(
      (n) => GENERATED.test(n) && n !== 'descriptions.json',
    );
    expect(onDisk.map((n) => `${DIAGRAMS_DIR}/${n}`).sort(), `stale files in ${RUN}`).toEqual(
      files.map((f) => f.path).sort(),
    );
  });

  it('covers every machine of pam-client/machines, the four reviewed ones first', () => {
    expect(DIAGRAM_MACHINES.slice(0, 4).map((m) => m.machine.id)).toEqual([
      'session',
      'login',
      'tokenRefresh',
      'incomeReport',
    ]);
  });

  it('gives every machine a page with its SVG, its Mermaid diagram and a JSON export', () => {
    for (const { machine } of DIAGRAM_MACHINES) {
      const md = files.find((f) => f.path === `docs/machines/${machine.id}.md`)?.content ?? '';
      expect(md).toContain('```mermaid\nstateDiagram-v2\n');
      expect(md).toContain(`![${machine.id} state machine](${machine.id}.svg)`);
      const svg = files.find((f) => f.path === `docs/machines/${machine.id}.svg`)?.content ?? '';
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      for (const state of describeMachine(machine).states) {
        expect(svg, `${machine.id}.svg draws ${state.path}`).toContain(
          `data-testid="state-${machine.id}-${state.path}"`,
        );
      }
      const json = JSON.parse(
        files.find((f) => f.path === `docs/machines/${machine.id}.json`)?.content ?? '{}',
      );
      expect(json.id).toBe(machine.id);
      expect(json.states.length).toBe(Object.keys(machine.root.states).length + nestedCount(machine.root));
    }
  });

  it('describes every state of every machine in one line (docs/machines/descriptions.json)', () => {
    for (const { machine, summary } of DIAGRAM_MACHINES) {
      expect(summary, `${machine.id} has no summary in docs/machines/descriptions.json`).not.toBe('');
      const md = files.find((f) => f.path === `docs/machines/${machine.id}.md`)?.content ?? '';
      for (const state of describeMachine(machine).states) {
        const row = md.split('\n').find((line) => line.startsWith(`| \`${state.path}\` |`)) ?? '';
        const description = row.split(' | ').at(-1)?.replace(/ \|$/, '') ?? '';
        expect(description.trim(), `${machine.id}.${state.path} has no description`).not.toBe('');
        expect(description, `${machine.id}.${state.path}: one line`).not.toContain('\n');
      }
    }
  });
});

function nestedCount(node: { states: Record<string, unknown> }): number {
  let n = 0;
  for (const child of Object.values(node.states) as { states: Record<string, unknown> }[]) {
    n += Object.keys(child.states).length + nestedCount(child);
  }
  return n;
}

describe('describeMachine', () => {
  it('reads states, initial and final states, guards and invoke outcomes of the login machine', () => {
    const graph = describeMachine(loginMachine);
    expect(graph.initial).toBe('idle');
    expect(graph.states.map((s) => s.path)).toEqual([
      'idle',
      'submitting',
      'registering',
      'twoFactorRequired',
      'verifyingTwoFactor',
      'authenticated',
      'cancelledAccount',
      'failed',
    ]);
    expect(graph.states.find((s) => s.path === 'authenticated')?.type).toBe('final');
    const submitting = graph.states.find((s) => s.path === 'submitting')!;
    expect(submitting.transitions).toContainEqual({
      event: 'done: submitLogin',
      kind: 'done',
      target: 'twoFactorRequired',
      guard: 'asksForCode',
      reenter: false,
    });
    expect(submitting.transitions).toContainEqual(
      expect.objectContaining({ event: 'error: submitLogin', target: 'failed', guard: null }),
    );
  });

  it('reads nested states, `after`, `always`, re-entry and deep targets of the refresh cycle', () => {
    const graph = describeMachine(tokenRefreshMachine);
    const byPath = Object.fromEntries(graph.states.map((s) => [s.path, s]));
    expect(byPath['active.idle']).toMatchObject({ parent: 'active', initial: true });
    expect(byPath.signedOut?.transitions).toContainEqual(
      expect.objectContaining({ event: 'always', guard: 'hasToken', target: 'active' }),
    );
    expect(byPath['active.idle']?.transitions).toContainEqual(
      expect.objectContaining({ event: 'after nextCheck', guard: 'isDue', target: 'active.refreshing' }),
    );
    expect(byPath['active.refreshing']?.transitions).toContainEqual(
      expect.objectContaining({ event: 'error: refreshToken', guard: 'isUnauthorized', target: 'signedOut' }),
    );
    expect(byPath.active?.transitions).toContainEqual(
      expect.objectContaining({ event: 'TOKEN_SAVED', target: 'active.idle', reenter: true }),
    );
  });

  it('names invoked machines (and chosen child ids), and reads targetless transitions', () => {
    // A machine of its own: the session's children change as its flows are split out.
    const child = createMachine({ id: 'child', initial: 'a', states: { a: {} } });
    const parent = setup({ actors: { child, task: fromPromise(async () => 1) } }).createMachine({
      id: 'parent',
      initial: 'busy',
      states: {
        busy: {
          invoke: [{ src: 'task' }, { id: 'kid', src: 'child' }],
          on: { TICK: { actions: () => {} } },
        },
      },
    });
    const busy = describeMachine(parent).states.find((s) => s.path === 'busy')!;
    expect(busy.invokes).toEqual([{ src: 'task' }, { src: 'child', id: 'kid', machine: 'child' }]);
    expect(busy.transitions).toContainEqual(expect.objectContaining({ event: 'TICK', target: null }));
  });

  it('is deterministic', () => {
    expect(JSON.stringify(describeMachine(incomeReportMachine))).toBe(
      JSON.stringify(describeMachine(incomeReportMachine)),
    );
  });
});

describe('toMermaid', () => {
  // Mermaid's stateDiagram lexer: an id is [^:\n\s\-{]+ and an edge label is ":" [^:\n;]+.
  const EDGE = /^\s*(\[\*\]|[^:\s{-]+) --> (\[\*\]|[^:\s{-]+)( : [^:;]+)?$/;
  const DECL = /^\s*(state ("[^"]+" as )?[^:\s{-]+( \{)?|\}|stateDiagram-v2)$/;

  it('writes only lines that Mermaid stateDiagram-v2 can lex', () => {
    for (const machine of [sessionMachine, loginMachine, tokenRefreshMachine, incomeReportMachine]) {
      const lines = toMermaid(describeMachine(machine)).split('\n');
      for (const line of lines) expect(EDGE.test(line) || DECL.test(line), line).toBe(true);
    }
  });

  it('nests children, marks initial and final states and keeps cross-boundary edges outside', () => {
    const text = toMermaid(describeMachine(incomeReportMachine));
    expect(text).toContain('  [*] --> loadingYears');
    expect(text).toContain('  state polling {\n    [*] --> polling_waiting\n');
    expect(text).toContain('    polling_waiting --> polling_fetching : after pollDelay');
    // Declared at the root, so Mermaid does not pull `completed` into the composite.
    expect(text).toMatch(/\n {2}polling_fetching --> completed : done pollStatus \[isCompleted\]/);
    expect(toMermaid(describeMachine(loginMachine))).toContain('  authenticated --> [*]');
  });
});

describe('activePaths / eventsIn', () => {
  it('lists nested active paths and the events the active states handle', () => {
    expect(activePaths({ active: 'idle' })).toEqual(['active', 'active.idle']);
    expect(activePaths('ready')).toEqual(['ready']);
    expect(eventsIn(describeMachine(tokenRefreshMachine), ['active', 'active.idle'])).toEqual([
      'TICK',
      'xstate.restore',
      'REFRESH',
      'TOKEN_SAVED',
      'SIGN_OUT',
    ]);
    expect(eventsIn(describeMachine(loginMachine), ['twoFactorRequired'])).toEqual(['SUBMIT_CODE', 'RESET']);
  });
});
