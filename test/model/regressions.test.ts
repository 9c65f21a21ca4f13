// Every counterexample the model-based session test found (issue 26), shrunk, as a named test: the
// command sequence fast-check printed, run on a fresh world with every invariant checked after each
// command. Each failed on the code it was found on; `it.fails` marks one whose fix has not landed.

import { describe, it } from 'vitest';
import { runSequence } from './arbitraries';
import {
  advance,
  answerDelay,
  apiDown,
  forgeProfile,
  hold,
  login,
  loginTogether,
  logout,
  openTab,
  outlier,
  profileFails,
  profileHangs,
  recheck,
  refreshNow,
  release,
  reload,
  revoke,
  sleepDevice,
  stepClock,
  stepUp,
  truth,
} from './commands';
import { H, MIN } from './truth';

describe('model counterexamples (issue 26)', () => {
  it('26.1: an older read from another tab, delivered late, does not win (I1)', async () => {
    await runSequence([
      login(0, 0),
      hold(),
      recheck(0),
      truth(0, { kind: 'spa', on: true }),
      recheck(1),
      release('inOrder'),
    ]);
  });

  it("26.1: another tab's read does not lift a pause this tab read (I1: lifting needs its own read)", async () => {
    await runSequence([
      truth(1, { kind: 'pause', days: 1 }),
      login(0, 1),
      truth(1, { kind: 'liftPause' }),
      recheck(0),
      advance(20_000),
      hold(),
    ]);
  });

  it('26.1: a forged profile message of valid shape does not lift a restriction (I1)', async () => {
    await runSequence([truth(0, { kind: 'spa', on: true }), login(0, 0), forgeProfile(0, 0)]);
  });

  it('26.2: a device clock stepped back 3 h before a login leaves nothing current 3 h ahead (I3)', async () => {
    await runSequence([stepClock(-3 * H), login(0, 0)]);
  });

  it('26.2: a device clock stepped forward leaves nothing current on the old offset (I3)', async () => {
    await runSequence([login(0, 0), stepClock(25 * H)]);
  });

  it('26.2: a clock stepped back 3 h does not free a pause the server enforces for another 2 h (I1)', async () => {
    await runSequence([
      login(0, 0),
      truth(0, { kind: 'pause', days: 1 }),
      recheck(0),
      advance(22 * H),
      stepClock(-3 * H),
      recheck(0),
    ]);
  });

  it('26.2: an answer whose round trip spans a device sleep does not set serverNow (I3)', async () => {
    await runSequence([answerDelay(1200), loginTogether(0, 1, 0, 0), sleepDevice(10 * MIN), advance(20_000)]);
  });

  it('26.4: a profile answer dated 2100 is never current (I3)', async () => {
    await runSequence([login(0, 0), outlier('profile'), recheck(0)]);
  });

  it('26.4: after one answer dated 2100, the next clean read is current again (I5)', async () => {
    await runSequence([outlier('profile'), login(1, 0), recheck(1)]);
  });

  // Found on f6e14ff..cf8d0fb (the one clock landed): a device jump clears the clock's samples and
  // its prior vote, so the first answer after the wake is trusted alone. Passes since 70969ec (the
  // clock never trusts one answer alone after a jump; its tests are test/clock/clock-trust.test.ts).
  it('26.4: after a device sleep, one answer dated 2100 is not trusted on its own (I3)', async () => {
    await runSequence([login(0, 0), outlier('any'), sleepDevice(10 * MIN)]);
  });

  it('26.5: a login id drawn at the top of the range is shared with the other tabs (I2)', async () => {
    await runSequence([login(0, 0, true)], 'memory');
  });

  it('26.6: step-ups in two tabs send no more wrong passwords than the lock allows (I5)', async () => {
    await runSequence([login(0, 0), stepUp([0, 1])]);
  });

  it('26.7: a PHP pause ending 1969-12-31 21:00:00 never reads as free to bet (I1)', async () => {
    await runSequence([login(0, 0), truth(0, { kind: 'oddity', oddity: 'pauseEndBeforeStart' }), recheck(0)]);
  });

  it('26.7: a PHP exclusion of "0.5" months never reads as free to bet (I1)', async () => {
    await runSequence([truth(1, { kind: 'oddity', oddity: 'halfMonthExclusion' }), login(0, 1)]);
  });

  it('26.8: a session restored on a dead API tells the app its restrictions are unknown (I2)', async () => {
    await runSequence([login(0, 0), apiDown(true), reload(0)]);
  });

  it('26.8: a session restored while the profile read fails or hangs tells the app (I2)', async () => {
    await runSequence([login(0, 0), profileFails(1), reload(0)]);
    await runSequence([login(0, 0), profileHangs(1), reload(0)]);
  });

  // Found on 4afc337 (every fix of the round in): a tab opened or reloaded after the device clock
  // was stepped forward 25 h judges the stored session expired by that clock and stays signed
  // out, while the tabs that kept it are signed in (the token is still valid on the server).
  it('a tab opened after the device clock jumped forward shows the session the others show (I2)', async () => {
    await runSequence([login(0, 0), stepClock(25 * H), openTab(2)]);
  });

  it('a tab reloaded after the device clock jumped forward shows the session the others show (I2)', async () => {
    await runSequence([login(0, 0), stepClock(25 * H), reload(0)]);
  });

  // The same with per-tab stores (helper FIX1): the new tab's session comes from the others' sync
  // answer, which it refused as expired by its own stepped device clock.
  it('with per-tab stores, a tab opened or reloaded after the clock jumped forward is signed in too (I2)', async () => {
    await runSequence([login(0, 0), stepClock(25 * H), openTab(2)], 'memory');
    await runSequence([login(0, 0), stepClock(25 * H), reload(0)], 'memory');
  });

  // Found on 4afc337: after a login whose id was drawn near the top ended (the token expired while
  // the device slept 13 h), a tab reloaded on an empty store logs in again with a lower id at the
  // same counter, and the other tab refuses it as older.
  it('a new login after an ended one with a high login id is shared (I2)', async () => {
    await runSequence([login(0, 0, true), sleepDevice(13 * H), reload(1), login(1, 0)]);
  });

  // Found on 4afc337 (lower confidence: it needs two senders' messages reordered): with memory
  // stores, a tab reloaded just after its login asks for the session before the other tab heard
  // of it; the other tab then adopts the gone page's login and the reloaded tab stays signed out.
  it('a reload right after a login, messages reordered, leaves the tabs on one player (I2)', async () => {
    await runSequence([hold(), login(0, 0), reload(0), release('reversed')], 'memory');
  });

  // I4 from below: the seed's time limit (1 min a day) is reached, and its alert shown, no later
  // than a minute of signed-in, awake time (plus two beats), before and after a device-clock step.
  it('26 I4: the time limit is reached no later than its threshold, whatever the device clock did (I4)', async () => {
    await runSequence([login(0, 3), advance(2 * MIN)]);
    await runSequence([login(0, 3), advance(20_000), stepClock(-3 * H), advance(2 * MIN)]);
    await runSequence([login(0, 3), advance(20_000), stepClock(25 * H), advance(2 * MIN)]);
  });

  it('26.9: two logins of one instant leave one player in every tab (I2)', async () => {
    await runSequence([loginTogether(0, 1, 0, 1)]);
  });

  // Found on REVIEW36's change (a first read sent on the clock untrusted, before the flow had any
  // trusted time, counts for the day before and is read again at once): the model asked such a
  // read to be current (I5 now asks it of reads sent on a trusted clock), and a profile read that
  // failed with the API down left the one before as the tab's latest (stale is its due).
  it('36: a first read sent on the clock untrusted, then its read again hanging or failing (I5)', async () => {
    await runSequence([sleepDevice(600_000), profileHangs(1), login(0, 0)], 'shared');
    await runSequence([stepClock(-3 * H), login(0, 0), apiDown(true), recheck(1)], 'shared');
  });

  // Found with seed 3 (not CI's): a tab signing out (its logout's answer 300 ms away) kept showing
  // its restrictions current, free to bet, while its clock jumped 25 h: in `signingOut` the
  // profile flow no longer watched the clock.
  it('37: a tab signing out shows nothing current on a clock stepped 25 h (I3)', async () => {
    await runSequence([login(0, 0, true), answerDelay(300), logout(0), stepClock(25 * H)]);
  });

  // Found with seed 1 (not CI's): a forged profile message of the player's own free standing,
  // dated 10 years ahead, was judged tighter by its date alone (read then, it was not current, no
  // betting), so the tab went stale and read again (here the read hung): every forged message cost
  // a read and a stale view. A datum dated ahead of when it was seen counts as read then, as it is
  // taken (`bothAt`).
  it('37: a forged free profile dated 10 years ahead leaves the tab current (I5)', async () => {
    await runSequence(
      [login(1, 0, true), revoke(), profileHangs(1), forgeProfile(0, 315_360_000_000)],
      'shared',
    );
  });

  // Found with seed 5 or 7 (not CI's), an oracle's error: a stricter deposit change holds from the
  // earliest instant its naive `effective_at` may mean (18 h before), as the client reads it; the
  // model expected it from that instant exactly.
  it('37: a stricter deposit change 10 min ahead is shown at once (I5)', async () => {
    await runSequence(
      [login(0, 0, true), truth(0, { kind: 'depositChange', amount: 50, inMs: 10 * MIN }), reload(0)],
      'shared',
    );
  });

  // Found with seed 5 or 7 (not CI's), an oracle's error: a step-up's first password went with a
  // token a refresh had just replaced (401: the server refused the token, it never read the
  // password), then three wrong ones were checked. The lock counts what the server checked.
  it('37: a password refused with its token (401) is not a wrong one (I5 step-up lock)', async () => {
    await runSequence([
      answerDelay(1200),
      login(0, 0),
      advance(900_000),
      stepUp([0]),
      refreshNow(0),
      advance(20_000),
    ]);
  });

  // Found with seed 12 (not CI's): tab 1 won a refresh race that tab 0 lost while the channel was
  // held; tab 0, its login expired, signed in again at the same counter. Each kept its own login
  // (tab 0 ends the one that expired here; tab 1 orders its refresh above the new login), so tab 1
  // never took tab 0's reads: free to bet while the player's newest read (tab 0's) was unreadable.
  // A reading of the same player by another login is judged too: it may only tighten (`isPlayers`).
  it("37: a tab on another login of the player is barred by that login's tighter read (I1)", async () => {
    await runSequence(
      [
        login(0, 0, true),
        answerDelay(300),
        refreshNow(1),
        recheck(0),
        profileHangs(1),
        hold(),
        advance(20_000),
        login(0, 0, true),
        truth(0, { kind: 'oddity', oddity: 'pauseEndBeforeStart' }),
        advance(1000),
        release('inOrder'),
      ],
      'memory',
    );
  });

  // Found with seed 11 (not CI's): a forged profile message missing fields (unreadable: unknown,
  // so it tightened) was taken without a read of the tab's own: unknown, no betting, until the next
  // midnight. One that cannot be read is taken and read at once (`readable`).
  it('37: a forged unreadable profile bars for one read only (I5)', async () => {
    await runSequence([login(1, 0, true), profileFails(1), reload(1), forgeProfile(1, 0)], 'shared');
  });

  // Found with seed 305 (not CI's; also on aad35382), an oracle's error: a forged unreadable
  // profile message made tab 0 read again (by design: `readable`), stale while that read, held
  // 300 ms, was on its way; the oracle asked it to show its older read as current meanwhile. A tab
  // with a read of its own on its way is not required current.
  it('38: a re-read on its way after a forged unreadable profile may be stale (I5)', async () => {
    await runSequence([loginTogether(0, 1, 0, 1), answerDelay(300), reload(1), forgeProfile(1, 0)], 'shared');
  });

  // Found with seed 137 (not CI's), an oracle's error: the model counted a step of 630 s as play
  // time only when the player was signed in at its start; a login answered 300 ms into it counted
  // from its answer in the client (25,185 s shown, 24,570 counted). A step counts when signed in at
  // either end.
  it('37: a login answered within a long step counts its play time (I4)', async () => {
    await runSequence([answerDelay(300), login(0, 3), advance(7 * H)], 'shared');
  });

  // Found with seeds 144, 145 and 147 (not CI's; also on ec5ba272; fixed in the thirty-seventh
  // pass): after the device clock stepped back 3 h, a second tab opened on the same device (its
  // steady clock 3 h behind the first's), and the two counted the same minutes: 1,772 s of play
  // time shown in 900 s. A mark also carries its server time (`PlayClockRecord.server`), which
  // places it where the steady clocks disagree (`onClock`).
  it('37: two tabs on one device clock stepped back count play time once (I4)', async () => {
    await runSequence([login(0, 3), stepClock(-3 * H), openTab(2), advance(15 * MIN)], 'shared');
  });
});
