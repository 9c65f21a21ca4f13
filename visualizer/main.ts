// The visualizer page: a live session (`createPamClient`, with its `login` and `refresh`
// children) and an income-report actor, all against the reference server behind `/api`.
// URL parameters: `?poll=<ms>` (report poll interval, default 2000).

import {
  type IncomeReportDeliveryType,
  redactInspection,
  secret,
  type UpdateLimitsPayload,
} from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import {
  createPamClient,
  incomeReportMachine,
  loginMachine,
  playTimeMachine,
  registrationMachine,
  type StepUpRun,
  sessionMachine,
  stepUpMachine,
  tokenRefreshMachine,
} from 'pam-client/machines';
import {
  type Actor,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type EventObject,
  type InspectionEvent,
  waitFor,
} from 'xstate';
import { DIAGRAM_MACHINES, describedGraph } from '../tools/diagrams/generate';
import { describeMachine } from '../tools/diagrams/graph';
import { createPanel, type Panel, stateLink } from './panels';
import { replayElement } from './replay';
import { show } from './show';
import { eventInWords } from './words';

/** The machine's graph with the one-line state descriptions of docs/machines/descriptions.json. */
function graphOf(machine: AnyStateMachine) {
  const doc = DIAGRAM_MACHINES.find((m) => m.machine.id === machine.id);
  return doc ? describedGraph(doc) : describeMachine(machine);
}
const GRAPHS = [
  sessionMachine,
  loginMachine,
  tokenRefreshMachine,
  incomeReportMachine,
  registrationMachine,
  stepUpMachine,
  playTimeMachine,
].map(graphOf);

const params = new URLSearchParams(location.search);
const pollIntervalMs = Number(params.get('poll')) > 0 ? Number(params.get('poll')) : undefined;

// ---- inputs (values set as properties, never attributes: the page's HTML never holds them) ----

const form = document.querySelector<HTMLFormElement>('#inputs')!;
function field(name: string, label: string, value: string, type = 'text'): HTMLInputElement {
  const wrap = document.createElement('label');
  wrap.textContent = `${label} `;
  const input = document.createElement('input');
  input.type = type;
  input.name = name;
  input.dataset.testid = `input-${name}`;
  input.value = value;
  wrap.append(input);
  form.append(wrap);
  return input;
}
const loginInput = field('login', 'Login', 'twofactor@example.com');
const passwordInput = field('password', 'Password', 'Secret123!', 'password');
const codeInput = field('code', '2FA code', '123456', 'password');
const yearInput = field('year', 'Report year', '2025', 'number');
const deliveryInput = field('delivery', 'Delivery', 'download');
const cpfInput = field('cpf', 'CPF (registration)', '135.792.468-28');
const newEmailInput = field('newEmail', 'New player e-mail', 'beatriz@example.com');
const limitInput = field('limit', 'Daily deposit limit (step-up)', '800', 'number');
form.addEventListener('submit', (e) => e.preventDefault());

// ---- event log, fed by the inspector (redactInspection: secrets never reach it), oldest first ----

const log = document.querySelector<HTMLOListElement>('#log')!;
function addLog(text: string) {
  const li = document.createElement('li');
  li.textContent = text;
  log.append(li);
  while (log.children.length > 60) log.firstElementChild?.remove();
  log.scrollTop = log.scrollHeight;
}
let scheduled = false;
function scheduleRender() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    renderAll();
  });
}
// Declared before the client: the inspector already reports while `createPamClient` starts it.
let sessionActor: unknown;
let report: Actor<typeof incomeReportMachine> | undefined;
let registration: Actor<typeof registrationMachine> | undefined;
let stepUp: Actor<typeof stepUpMachine> | undefined;

/** The machine actors by name; promise actors and the like keep their XState id. */
function actorName(ref: unknown): string {
  if (ref !== undefined && ref === sessionActor) return 'session';
  if (ref !== undefined && ref === report) return 'incomeReport';
  if (ref !== undefined && ref === registration) return 'registration';
  if (ref !== undefined && ref === stepUp) return 'stepUp';
  // A machine actor is named after its machine (the session, not its system id `x:0`).
  const logic = (ref as { logic?: { id?: unknown; config?: unknown } }).logic;
  if (logic?.config && typeof logic.id === 'string') return logic.id;
  return (ref as { id?: string }).id ?? 'actor';
}
let lastMove = '';
/** `{ active: 'idle' }` → `active.idle`. */
const leafText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.entries(value)
          .map(([k, v]) => `${k}.${leafText(v)}`)
          .join(', ')
      : String(value);
const inspect = (event: InspectionEvent) => {
  const type = event.type === '@xstate.event' ? event.event.type : '';
  // Promise actors resolving are repeated by the `done` event their parent gets.
  if (event.type === '@xstate.event' && type.startsWith('xstate.snapshot.')) {
    // A parent watching its child: say where the child is now, once per move.
    const value = (event.event as { snapshot?: { value?: unknown } }).snapshot?.value;
    const text = `${type.slice('xstate.snapshot.'.length)} is now ${leafText(value)}`;
    if (text !== lastMove) addLog(text);
    lastMove = text;
  } else if (
    event.type === '@xstate.event' &&
    !type.startsWith('xstate.init') &&
    !type.startsWith('xstate.promise.')
  ) {
    const { type: _, ...rest } = event.event;
    const payload = Object.keys(rest).length > 0 ? ` ${show(rest, 0, 160)}` : '';
    addLog(`${actorName(event.actorRef)} got ${eventInWords(type, GRAPHS)}${payload}`);
  }
  if (event.type === '@xstate.snapshot') scheduleRender();
};

// ---- live actors ----

const client = createPamClient({ baseURL: `${location.origin}/api`, inspect });
// The developer door (docs/session.md): the raw actor, with its children and context, which an app
// never holds (apps follow `client.state` / `client.view`).
const session = sessionActorOf(client);
sessionActor = session;

function startReport() {
  report?.stop();
  report = createActor(incomeReportMachine, {
    input: { user: client.user, ...(pollIntervalMs ? { pollIntervalMs } : {}) },
    inspect: redactInspection(inspect),
  });
  report.subscribe({ next: scheduleRender, error: scheduleRender });
  report.start();
}
function stopReport() {
  report?.stop();
  report = undefined;
}

/** The registration form's machine: its `submitted` payload goes to client.register (REGISTER). */
function startRegistration() {
  registration?.stop();
  registration = createActor(registrationMachine, {
    input: { auth: client.auth },
    inspect: redactInspection(inspect),
  });
  registration.on('submitted', ({ payload }) => client.register(payload));
  registration.subscribe({ next: scheduleRender, error: scheduleRender });
  registration.start();
}
startRegistration();

/** A step-up for a looser daily deposit limit: the server asks for the password first. */
function startStepUp() {
  stepUp?.stop();
  const amount = Number(limitInput.value) || 800;
  const run: StepUpRun = (password_check, signal) =>
    client.user.updateLimits(
      {
        user_limit_deposit: amount,
        user_limit_deposit_period: 'daily',
        ...(password_check && { password_check }),
      } as UpdateLimitsPayload,
      { signal },
    );
  stepUp = createActor(stepUpMachine, { input: { run }, inspect: redactInspection(inspect) });
  stepUp.subscribe({ next: scheduleRender, error: scheduleRender });
  stepUp.start();
}

const child = (name: 'login' | 'refresh' | 'playTime'): AnyActorRef | undefined =>
  session.getSnapshot().children[name] as AnyActorRef | undefined;

const credentials = () => ({ login: loginInput.value.trim(), password: secret(passwordInput.value) });
const newPlayer = () => ({
  email: newEmailInput.value.trim(),
  password: secret(passwordInput.value),
  number: cpfInput.value.replace(/\D/g, ''),
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
});
const code = () => secret(codeInput.value.trim());

const panels: Panel[] = [
  createPanel(
    {
      graph: graphOf(sessionMachine),
      live: 'sessionActorOf(createPamClient(…))',
      actor: () => session,
      events: {
        LOGIN: () => ({ type: 'LOGIN', ...credentials() }),
        REGISTER: () => ({ type: 'REGISTER', payload: newPlayer() }),
        SUBMIT_CODE: () => ({ type: 'SUBMIT_CODE', code: code() }),
        CANCEL: () => ({ type: 'CANCEL' }),
        LOGOUT: () => ({ type: 'LOGOUT' }),
        TICK: () => ({ type: 'TICK' }),
        REFRESH: () => ({ type: 'REFRESH' }),
      },
      idleNote: '',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(loginMachine),
      live: 'the session’s child “login” (while signingIn)',
      actor: () => child('login'),
      events: {
        SUBMIT: () => ({ type: 'SUBMIT', ...credentials() }),
        SUBMIT_CODE: () => ({ type: 'SUBMIT_CODE', code: code() }),
        RESET: () => ({ type: 'RESET' }),
      },
      idleNote: 'Runs while the session is signingIn: send LOGIN to the session.',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(tokenRefreshMachine),
      live: 'the session’s child “refresh” (while signedIn)',
      actor: () => child('refresh'),
      events: { TICK: () => ({ type: 'TICK' }), REFRESH: () => ({ type: 'REFRESH' }) },
      idleNote: 'Runs while the session is signedIn.',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(incomeReportMachine),
      live: 'createActor(incomeReportMachine, { input: { user: client.user } }) (while signed in)',
      actor: () => report,
      events: {
        GENERATE: () => ({
          type: 'GENERATE',
          referenceYear: Number(yearInput.value),
          deliveryType: deliveryInput.value.trim() as IncomeReportDeliveryType,
        }),
        CANCEL: () => ({ type: 'CANCEL' }),
        RETRY: () => ({ type: 'RETRY' }),
        RESET: () => ({ type: 'RESET' }),
        SESSION_REFRESHED: () => ({ type: 'SESSION_REFRESHED' }),
      },
      idleNote: 'Starts when the session is signed in.',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(registrationMachine),
      live: 'createActor(registrationMachine, { input: { auth: client.auth } }); its submitted payload goes to client.register',
      actor: () => registration,
      events: {
        CHECK_DOCUMENT: () => ({ type: 'CHECK_DOCUMENT', number: cpfInput.value.trim() }),
        SUBMIT: () => ({ type: 'SUBMIT', payload: newPlayer() }),
        RESET: () => ({ type: 'RESET' }),
      },
      idleNote: 'Ended (the form was sent): use the “New registration form” preset.',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(stepUpMachine),
      live: 'createActor(stepUpMachine, { input: { run: a looser daily deposit limit } })',
      actor: () => stepUp,
      events: {
        CONFIRM: () => ({ type: 'CONFIRM', password: secret(passwordInput.value) }),
        CANCEL: () => ({ type: 'CANCEL' }),
      },
      idleNote:
        'Log in (limits@example.com has a limit to loosen), then use the “Looser limit (step-up)” preset.',
    },
    logSend,
  ),
  createPanel(
    {
      graph: graphOf(playTimeMachine),
      live: 'the session’s child “playTime” (while signedIn): counts play time, alerts at 80 % and 100 %',
      actor: () => child('playTime'),
      events: {},
      idleNote: 'Runs while the session is signedIn (timelimit@example.com has a time limit).',
    },
    logSend,
  ),
];

function logSend(machine: string, event: EventObject) {
  const { type, ...rest } = event;
  addLog(`you sent ${machine} ${type}${Object.keys(rest).length > 0 ? ` ${show(rest, 0, 160)}` : ''}`);
}

const main = document.querySelector<HTMLElement>('#machines')!;
for (const panel of panels) main.append(panel.element);

// ---- the page address names a machine and a state: #machine=login&state=twoFactorRequired ----

function openLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const machine = params.get('machine');
  const state = params.get('state');
  for (const panel of panels) {
    const mine = panel.element.dataset.testid === `machine-${machine}`;
    panel.select(mine ? state : null);
    // The state is reproduced by replaying the review book's shortest path to it.
    panel.showReplay(mine && machine && state ? replayElement(machine, state) : null);
    if (mine) panel.element.scrollIntoView({ block: 'start' });
  }
}
panels.forEach((panel, i) => {
  panel.onSelect((path) => {
    history.replaceState(null, '', stateLink(GRAPHS[i]!.id, path));
    openLink();
  });
});
window.addEventListener('hashchange', openLink);
let signedIn = false;
function renderAll() {
  const nowSignedIn = session.getSnapshot().matches('signedIn');
  if (nowSignedIn !== signedIn) {
    signedIn = nowSignedIn;
    if (signedIn) startReport();
    else stopReport();
  }
  for (const panel of panels) panel.render();
}
session.subscribe({ next: scheduleRender, error: scheduleRender });
window.addEventListener('resize', () => {
  for (const panel of panels) panel.redraw();
});
renderAll();

// ---- preset flows ----

const presets = document.querySelector<HTMLElement>('#presets')!;
const status = document.createElement('span');
status.className = 'preset-status';
status.dataset.testid = 'preset-status';

async function signOutFirst() {
  const s = session.getSnapshot();
  if (s.matches('signedIn')) {
    client.logout();
    await waitFor(session, (x) => x.matches('signedOut'), { timeout: 10_000 });
  }
}

/** Waits until the session carries one of these status tags (see `SessionView.status`). */
async function sessionIn(...tags: string[]) {
  await waitFor(session, (s) => tags.some((t) => s.hasTag(t)), { timeout: 10_000 });
}

const flows: Record<string, [string, () => Promise<void>]> = {
  '2fa': [
    'Log in with 2FA',
    async () => {
      await signOutFirst();
      loginInput.value = 'twofactor@example.com';
      client.login(credentials());
      await sessionIn('twoFactorRequired', 'failed');
      client.submitCode(code());
      await waitFor(session, (s) => s.matches('signedIn'), { timeout: 10_000 });
    },
  ],
  cancelled: [
    'Cancelled account',
    async () => {
      await signOutFirst();
      loginInput.value = 'cancelled@example.com';
      client.login(credentials());
      await sessionIn('cancelledAccount', 'failed');
    },
  ],
  refresh: [
    'Refresh now',
    async () => {
      client.state.send({ type: 'REFRESH' });
    },
  ],
  report: [
    'Generate report',
    async () => {
      if (!report) throw new Error('Log in first: the report actor runs while signed in');
      await waitFor(report, (s) => !s.matches('loadingYears'), { timeout: 10_000 });
      report.send({ type: 'RESET' });
      const year = Number(yearInput.value);
      report.send({ type: 'GENERATE', referenceYear: year, deliveryType: 'download' });
    },
  ],
  register: [
    'New registration form',
    async () => {
      startRegistration();
    },
  ],
  stepUp: [
    'Looser limit (step-up)',
    async () => {
      if (!session.getSnapshot().matches('signedIn')) throw new Error('Log in first');
      startStepUp();
    },
  ],
  logout: [
    'Log out',
    async () => {
      client.logout();
    },
  ],
};
for (const [key, [label, run]] of Object.entries(flows)) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.testid = `preset-${key}`;
  b.addEventListener('click', () => {
    status.textContent = `${label} …`;
    run().then(
      () => {
        status.textContent = `${label}: done`;
      },
      (error: unknown) => {
        status.textContent = `${label}: ${error instanceof Error ? error.message : String(error)}`;
      },
    );
  });
  presets.append(b);
}
presets.append(status);
Promise.all(panels.map((p) => p.ready)).then(() => {
  renderAll();
  openLink();
  document.body.dataset.ready = 'true';
});
