// Review 101: the issue-26 model world (../model) with what its truth never sends: an operator
// exclusion, a minor's birth date, a cancelled account, an exclusion flag absent or null, a date or a
// flag that cannot be read, a pause whose zoned end is exact, and whole answers that cannot be read
// (HTML with 200, a cut body, `{}`, no `user`). Each rewrites the profile answers of one player
// while it lasts; a read so rewritten counts as barring (the client cannot know, or the truth bars),
// unless it is the exact zoned pause, judged by its true end.
import fc from 'fast-check';
import { expect } from 'vitest';
import { COMMANDS } from '../model/arbitraries';
import { Cmd, type Cmd as CmdT, login, type Model } from '../model/commands';
import { checkInvariants, InvariantError } from '../model/invariants';
import { DAY, H, MIN, type Oddity, type PlayerTruth } from '../model/truth';
import { ModelWorld, PLAYERS, type StoreKind, sessionOf } from '../model/world';

export type Corruption =
  | 'operator'
  | 'operatorAhead'
  | 'operatorYes'
  | 'spaAbsent'
  | 'spaNull'
  | 'exclusionBadDate'
  | 'exclusionNoDates'
  | 'pauseLiftGarbage'
  | 'minor'
  | 'cancelled'
  | 'inactive'
  | 'zonedPause'
  | 'html200'
  | 'cutBody'
  | 'emptyObject'
  | 'noUser'
  | 'userInfoString';

const BODY_LEVEL: ReadonlySet<Corruption> = new Set([
  'html200',
  'cutBody',
  'emptyObject',
  'noUser',
  'userInfoString',
]);

const iso = (ms: number) => new Date(ms).toISOString();

/** The rewriting of one player's profile answers, and the key of every answer it made unreadable. */
export class Extra {
  readonly corrupt = new Map<number, Corruption>();
  /** Per client key: the order of its latest profile answer made unreadable whole. */
  readonly unreadable = new Map<number, number>();
  /** The zoned pause's true span, per player. */
  readonly zoned = new Map<number, { at: number; until: number }>();
}

type WithTruth = (
  text: string,
  at: number,
  order: number,
  asker: { key: number; index: number },
) => { body: string; read: { userId: number; truth: PlayerTruth; at: number } | null };

export function extend(world: ModelWorld): Extra {
  const extra = new Extra();
  const net = world.net as unknown as { withTruth: WithTruth };
  const orig: WithTruth = net.withTruth.bind(world.net);
  net.withTruth = (text, at, order, asker) => {
    const out = orig(text, at, order, asker);
    if (!out.read) return out;
    const c = extra.corrupt.get(out.read.userId);
    if (!c) return out;
    const json = JSON.parse(out.body) as { user: Record<string, unknown>; userInfo: Record<string, unknown> };
    const isProfile = !('access_token' in json);
    const u = json.userInfo;
    const bar = (): void => {
      out.read!.truth = { ...out.read!.truth, oddity: 'review101' as Oddity };
    };
    if (BODY_LEVEL.has(c)) {
      if (!isProfile) return out;
      extra.unreadable.set(asker.key, order);
      const body =
        c === 'html200'
          ? '<html><body>Maintenance</body></html>'
          : c === 'cutBody'
            ? out.body.slice(0, Math.floor(out.body.length / 2))
            : c === 'emptyObject'
              ? '{}'
              : c === 'noUser'
                ? JSON.stringify({ userInfo: u })
                : JSON.stringify({ user: json.user, userInfo: 'maintenance' });
      return { body, read: null };
    }
    switch (c) {
      case 'operator':
        Object.assign(u, {
          operator_exclusion: 1,
          operator_exclusion_at: null,
          operator_exclusion_note: 'x',
        });
        break;
      case 'operatorAhead':
        Object.assign(u, { operator_exclusion: '1', operator_exclusion_at: iso(at + 30 * DAY) });
        break;
      case 'operatorYes':
        Object.assign(u, { operator_exclusion: 'yes' });
        break;
      case 'spaAbsent':
        delete u.spa_exclusion;
        break;
      case 'spaNull':
        u.spa_exclusion = null;
        break;
      case 'exclusionBadDate':
        Object.assign(u, {
          user_exclusion: 6,
          user_exclusion_at: '2030-02-30 10:00:00',
          user_exclusion_in: null,
        });
        break;
      case 'exclusionNoDates':
        Object.assign(u, { user_exclusion: 3, user_exclusion_at: null, user_exclusion_in: null });
        break;
      case 'pauseLiftGarbage':
        Object.assign(u, { user_pause: 0, user_pause_min: 'soon' });
        break;
      case 'minor':
        json.user.birth_date = iso(at - 10 * 365 * DAY).slice(0, 10);
        break;
      case 'cancelled':
        json.user.cancelled_account = true;
        break;
      case 'inactive':
        json.user.is_active = 0;
        break;
      case 'zonedPause': {
        const z = extra.zoned.get(out.read.userId)!;
        Object.assign(u, {
          user_pause: 1,
          user_pause_at: iso(z.at),
          user_pause_in: iso(z.until),
          user_pause_min: null,
        });
        // The truth: a one-day pause, exact.
        out.read.truth = { ...out.read.truth, pause: { at: z.at, until: z.until, days: 1 } };
        return { body: JSON.stringify(json), read: out.read };
      }
    }
    bar();
    return { body: JSON.stringify(json), read: out.read };
  };
  return extra;
}

/** A tab whose own latest profile answer (for the login it holds) could not be read never shows canBet. */
export function checkUnreadable(world: ModelWorld, extra: Extra): void {
  for (const tab of world.openTabs()) {
    const last = world.net.lastProfile.get(tab.key);
    if (!last || extra.unreadable.get(tab.key) !== last.order) continue;
    if (last.sid !== sessionOf(tab.client).sid) continue;
    if (tab.client.view.restrictions?.canBet === true)
      throw new InvariantError(
        'R101 unreadable answer',
        `tab ${tab.index}: its latest profile answer could not be read, yet canBet is true (${tab.client.view.restrictions.status})`,
      );
  }
}

/** The view never holds a token or a password. */
export function checkNoSecret(world: ModelWorld): void {
  for (const tab of world.openTabs()) {
    const text = JSON.stringify(tab.client.view);
    const held = tab.client.tokens.get();
    const token = held && !(held instanceof Promise) ? held.accessToken : null;
    if (token && text.includes(token))
      throw new InvariantError('R101 secret', `tab ${tab.index}'s view holds its token`);
    for (const p of PLAYERS)
      if (text.includes(p.password))
        throw new InvariantError('R101 secret', `tab ${tab.index}'s view holds a password`);
  }
}

let current: Extra | null = null;

class XCmd extends Cmd {
  constructor(label: string, act: (w: ModelWorld, x: Extra) => void) {
    super(
      label,
      () => true,
      (w) => act(w, current!),
    );
  }
  override async run(m: Parameters<Cmd['run']>[0], w: ModelWorld): Promise<void> {
    await super.run(m, w);
    checkUnreadable(w, current!);
    checkNoSecret(w);
  }
}

export const corrupt = (p: number, c: Corruption | null) =>
  new XCmd(`corrupt(${p}, ${c === null ? 'null' : `'${c}'`})`, (w, x) => {
    const id = PLAYERS[p]!.id;
    if (c === null) x.corrupt.delete(id);
    else {
      if (c === 'zonedPause') {
        const at = w.trueNow();
        x.zoned.set(id, { at: at - (at % 1000), until: at - (at % 1000) + DAY });
      }
      x.corrupt.set(id, c);
    }
  });

const ALL: Corruption[] = [
  'operator',
  'operatorAhead',
  'operatorYes',
  'spaAbsent',
  'spaNull',
  'exclusionBadDate',
  'exclusionNoDates',
  'pauseLiftGarbage',
  'minor',
  'cancelled',
  'inactive',
  'zonedPause',
  'html200',
  'cutBody',
  'emptyObject',
  'noUser',
  'userInfoString',
];

/** The issue-26 commands and this review's, each of ours weighted 4 (the corruptions) and 2 (their end). */
export function extendedRuns(maxCommands: number, without: readonly string[] = []) {
  const player = fc.integer({ min: 0, max: PLAYERS.length - 1 });
  const mine: fc.Arbitrary<CmdT>[] = [
    ...Array<fc.Arbitrary<CmdT>>(4).fill(
      fc.tuple(player, fc.constantFrom(...ALL)).map(([p, c]) => corrupt(p, c)),
    ),
    ...Array<fc.Arbitrary<CmdT>>(2).fill(player.map((p) => corrupt(p, null))),
    fc.constantFrom(MIN, 10 * MIN, H).map(
      (ms) =>
        new Cmd(
          `advance(${ms})`,
          () => true,
          (w) => w.advance(ms),
        ),
    ),
  ];
  const theirs = Object.entries(COMMANDS)
    .filter(([name]) => !without.includes(name))
    .flatMap(([, [weight, a]]) => Array<fc.Arbitrary<CmdT>>(weight).fill(a));
  // Every run starts signed in (tab 0, any player, one of its rewritings maybe already on), and logs in often.
  const logins = Array<fc.Arbitrary<CmdT>>(4).fill(
    fc.tuple(fc.integer({ min: 0, max: 1 }), player).map(([t, p]) => login(t, p)),
  );
  return fc
    .tuple(
      player,
      fc.option(fc.constantFrom(...ALL), { nil: null }),
      fc.commands([...theirs, ...mine, ...logins], { maxCommands, size: 'max' }),
      fc.constantFrom<StoreKind>('shared', 'memory'),
    )
    .map(([p, c, commands, store]) => {
      const first: CmdT[] = [...(c ? [corrupt(p, c)] : []), login(0, p)];
      const all = [...first, ...commands];
      // (fast-check prints the generated part; the first commands are named here.)
      return [Object.assign(all, { toString: () => all.map(String).join(', ') }), store] as const;
    });
}

/** Runs `commands` as ../model's `runSequence` does, with this review's rewriting and checks. */
export async function runExtended(
  commands: Iterable<fc.AsyncCommand<Model, ModelWorld>>,
  store: StoreKind = 'shared',
): Promise<void> {
  const world = new ModelWorld(store);
  current = extend(world);
  const model = { open: [true, true, false, false], asleep: [false, false, false, false], holding: false };
  const rejections: unknown[] = [];
  const onRejection = (r: unknown) => rejections.push(r);
  process.on('unhandledRejection', onRejection);
  try {
    world.openTab(0);
    world.openTab(1);
    await world.settle();
    checkInvariants(world);
    await fc.asyncModelRun(() => ({ model, real: world }), commands);
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
    world.dispose();
    current = null;
  }
}
