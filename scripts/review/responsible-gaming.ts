// The responsible-gaming chapter of the review book (issue 19 items 5 and 6, issue 30): each
// scenario with the rule behind it and its source, played in the vanilla app against a fresh
// reference server with the seed account it needs, every step photographed (cropped to the part
// under review, the whole page one click away) with the strings on screen. Every picture is
// checked: no other player's e-mail, CPF or name on the page (step-truth.ts). The scenarios are
// in chapter-registration.ts, chapter-restrictions.ts and chapter-limits.ts.

import { startReferenceServer } from 'pam-client/testing';
import type { Browser, Route } from 'playwright';
import { startDemo } from '../demo/serve.mjs';
import { boxOf, pageText } from './app-driver';
import { LIMIT_SCENARIOS } from './chapter-limits';
import { REGISTRATION_SCENARIOS } from './chapter-registration';
import { RESTRICTION_SCENARIOS } from './chapter-restrictions';
import { byId, type ChapterScenario } from './chapter-steps';
import { inPtBR, listenUntranslated } from './in-pt-BR';
import { cropPng } from './png';
import { identityProblems, SEED_IDENTITIES } from './step-truth';

export type { ChapterScenario } from './chapter-steps';

export interface ChapterStep {
  /** What the player did or saw, in words. */
  caption: string;
  png: Buffer;
  full: Buffer;
  text: string[];
  /** The same moment with the app in pt-BR. */
  pt: { png: Buffer; full: Buffer };
}

export interface ChapterResult {
  scenario: ChapterScenario;
  email: string;
  steps: ChapterStep[];
  failure: string | null;
}

/** The chapter's scenarios, in the order the book shows them. */
export const RESPONSIBLE_GAMING: ChapterScenario[] = [
  ...REGISTRATION_SCENARIOS,
  ...RESTRICTION_SCENARIOS,
  ...LIMIT_SCENARIOS,
];

/**
 * What the app does not show, with why (listed in the chapter). Where the service cannot tell two
 * cases apart, the chapter says so instead of inventing a screen (issue 30.9).
 */
export const NOT_IN_APP: { title: string; why: string }[] = [
  {
    title: 'A self-exclusion made on the central SPA platform',
    why: "It reaches the operator through the SPA register, so the service reports it in the spa_exclusion fields, like any SPA bar: the app cannot tell it apart and shows it as the SPA-barred player's page above (docs/responsible-gaming.md: the spa_exclusion fields are the SPA register check).",
  },
  {
    title: 'The exclusions of Portaria SPA/MF nº 2.217/2025',
    why: "They are not among the service's fields (userInfo carries user_, operator_ and spa_exclusion only), so the app has nothing to show for them. How they reach the operator, and that portaria's text itself (named in issue 30, not among docs/responsible-gaming.md's sources): to be confirmed by compliance.",
  },
  {
    title: "A cancelled account's balance on screen",
    why: 'A cancelled account cannot sign in, so the app cannot read its wallet: the login tells the player the money is still theirs and where to claim it (the cancelled-account scenario above).',
  },
];

/** A long token life: a scenario that moves the clocks a day on keeps its session. */
const TOKEN_TTL_S = 3 * 86_400;

/**
 * Plays every scenario of the chapter in the built vanilla app (`appDir`).
 *
 * @example
 * const results = await playChapter(browser, appDir);
 */
export async function playChapter(
  browser: Browser,
  appDir: string,
  tokens?: Set<string>,
  /** Only these scenarios (by id); default all. */
  ids?: readonly string[],
  /** Receives every text the app showed untranslated in pt-BR. */
  untranslated?: Set<string>,
): Promise<ChapterResult[]> {
  const results: ChapterResult[] = [];
  for (const scenario of RESPONSIBLE_GAMING.filter((s) => !ids || ids.includes(s.id))) {
    let shift = 0;
    const reference = await startReferenceServer({
      reportStepMs: 400,
      tokenTtlSeconds: TOKEN_TTL_S,
      now: () => Date.now() + shift,
    });
    const demo = await startDemo({ apps: [{ mountPath: '/', dir: appDir }], apiTarget: reference.url });
    const context = await browser.newContext({
      viewport: { width: 900, height: 1100 },
      baseURL: demo.url,
      locale: 'en-US',
    });
    const steps: ChapterStep[] = [];
    const allowed = scenario.identities ?? [SEED_IDENTITIES[scenario.account]];
    let failure: string | null = null;
    try {
      const page = await context.newPage();
      listenUntranslated(page, untranslated);
      page.setDefaultTimeout(20_000);
      await page.clock.install();
      // Once the clocks move, the answers carry the server's clock in their Date header (the
      // client learns the server's time from it), not the machine's.
      const dated = async (route: Route) => {
        const response = await route.fetch();
        const date = new Date(Date.now() + shift).toUTCString();
        await route.fulfill({ response, headers: { ...response.headers(), date } });
      };
      const advance = async (ms: number) => {
        if (shift === 0) await page.route(/\/api\//, dated);
        shift += ms;
        await page.clock.fastForward(ms);
      };
      await page.goto('/');
      const look = { animations: 'disabled', caret: 'hide' } as const;
      const snap = async (caption: string, testid: string) => {
        const whole = await pageText(page, null);
        const problems = identityProblems(whole.join('\n'), allowed);
        if (problems.length > 0)
          throw new Error(`"${caption}": the picture is not true: ${problems.join('; ')}`);
        const part = byId(page, testid).first();
        const shown = await part.isVisible();
        // One screenshot per language: the part under review is cut out of the whole page.
        const take = async () => {
          const full = await page.screenshot({ ...look, fullPage: true });
          return { full, png: shown ? cropPng(full, await boxOf(part)) : full };
        };
        steps.push({
          caption,
          ...(await take()),
          text: shown ? await pageText(page, testid) : whole,
          pt: await inPtBR(page, take),
        });
      };
      await scenario.run(page, reference.seed, snap, { server: reference, advance });
    } catch (error) {
      failure = (error as Error).message.split('\n')[0] ?? 'failed';
    } finally {
      for (const r of reference.requests) {
        const auth = r.headers.authorization;
        if (typeof auth === 'string' && auth.startsWith('Bearer ')) tokens?.add(auth.slice(7));
      }
      await context.close().catch(() => {});
      await demo.close();
      await reference.close();
    }
    const email = scenario.identities
      ? `none: a new player (${
          scenario.identities
            .map((i) => i.email)
            .filter(Boolean)
            .join(', ') || 'no e-mail'
        })`
      : reference.seed[scenario.account].email;
    results.push({ scenario, email, steps, failure });
  }
  return results;
}
