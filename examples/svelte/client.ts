// The app's one client, created once in this module (never in a component): its session runs for
// as long as the page does.
import { sessionStore } from 'pam-client/svelte';
import { createDemoClient } from '../shared/app';
import { createStepUpPrompt, responsibleGaming } from '../shared/responsible';

export const client = createDemoClient();
/** The password prompt a sensitive change waits on. */
export const stepUp = createStepUpPrompt();
/** Deposit limit, pause and self-exclusion, each with the step-up prompt. */
export const rg = responsibleGaming(client, stepUp);
/** The session view as a store (`$session.status`), with the commands (`session.login(...)`). */
export const session = sessionStore(client);
