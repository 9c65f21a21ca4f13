// The app's one client, created once in this module (never in a component): its session runs for
// as long as the page does.
import { createDemoClient } from '../shared/app';
import { createStepUpPrompt, responsibleGaming } from '../shared/responsible';

export const client = createDemoClient();
/** The password prompt a sensitive change waits on. */
export const stepUp = createStepUpPrompt();
/** Deposit limit, pause and self-exclusion, each with the step-up prompt. */
export const rg = responsibleGaming(client, stepUp);
