// What a scenario of the responsible-gaming chapter is, and the moves its scenarios share: logging
// in, waiting for a text, confirming with the password, playing on the page clock, moving the
// server's and the page's clocks together.

import type { ReferenceServer } from 'pam-client/testing';
import type { Page } from 'playwright';
import type { AccountKey, Identity } from './step-truth';

export type Seed = ReferenceServer['seed'];

/** What a scenario holds besides the page: the server's controls and the shared clock. */
export interface ChapterControls {
  server: ReferenceServer;
  /** Moves the server's clock and the page's clock on by `ms` together (timers due fire once). */
  advance(ms: number): Promise<void>;
}

export type Snap = (caption: string, testid: string) => Promise<void>;

export interface ChapterScenario {
  id: string;
  title: string;
  /**
   * The rule behind it, in a sentence a compliance reviewer can check, ending with its source as
   * docs/responsible-gaming.md gives it (a law or a portaria), or "operator's choice", "this
   * library's default", or "to be confirmed by compliance" (never an article from memory).
   */
  rule: string;
  account: AccountKey;
  /** Who else the pictures may show (a new player's own identity, a CPF typed on purpose). */
  identities?: Identity[];
  /** Plays the scenario; `snap(caption, testid)` photographs the part of the page under review. */
  run(page: Page, seed: Seed, snap: Snap, controls: ChapterControls): Promise<void>;
}

export const byId = (page: Page, id: string) => page.getByTestId(id);

export async function logIn(page: Page, email: string, password: string) {
  await byId(page, 'login-form').waitFor({ state: 'visible' });
  await byId(page, 'login-input').fill(email);
  await byId(page, 'password-input').fill(password);
  await byId(page, 'login-submit').click();
}

export const signedIn = (page: Page) => byId(page, 'profile').waitFor({ state: 'visible' });

/** Resolves once the element `[data-testid=id]` says `pattern`. */
export const contains = (page: Page, id: string, pattern: RegExp) =>
  page.waitForFunction(
    ([testid, source, flags]) =>
      new RegExp(source, flags).test(document.querySelector(`[data-testid="${testid}"]`)?.textContent ?? ''),
    [id, pattern.source, pattern.flags.includes('i') ? 'i' : ''] as const,
  );

/** Resolves once `[data-testid=id]` is hidden (or absent). */
export const hidden = (page: Page, id: string) => byId(page, id).first().waitFor({ state: 'hidden' });

/** Confirms a pause or a self-exclusion, then answers the password prompt (step-up). */
export async function confirmWithPassword(page: Page, password: string, snap: Snap) {
  await byId(page, 'confirm').waitFor({ state: 'visible' });
  await snap('The app asks the player to confirm first.', 'breaks');
  await byId(page, 'confirm-yes').click();
  await answerPassword(page, password, snap);
}

/** Answers the step-up prompt with the current password. */
export async function answerPassword(page: Page, password: string, snap: Snap) {
  await byId(page, 'step-up').waitFor({ state: 'visible' });
  await snap('The server asks for the current password (step-up).', 'step-up');
  await byId(page, 'step-up-password').fill(password);
  await byId(page, 'step-up-submit').click();
}

/** In 5-second steps, a moment between them for the app to answer each heartbeat. */
export async function play(page: Page, ms: number) {
  for (let left = ms; left > 0; left -= 5_000) {
    await page.clock.runFor(5_000);
    await page.waitForTimeout(30);
  }
}

/** Sets one limit in the app's form (`deposit` keeps the book's old test ids). */
export async function setLimit(
  page: Page,
  kind: 'deposit' | 'loss' | 'time',
  amount: string,
  period: string,
) {
  const prefix = kind === 'deposit' ? 'limit' : `${kind}-limit`;
  await byId(page, `${prefix}-amount`).fill(amount);
  await byId(page, `${prefix}-period`).selectOption(period);
  await byId(page, `${prefix}-submit`).click();
}
