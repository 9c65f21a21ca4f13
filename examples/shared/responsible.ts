// Responsible gaming, shared by the four examples: the step-up prompt (the server asks for the
// current password before a sensitive change) and the three changes that may need it. The
// password is boxed (`secret`) the moment it is typed and handed to the client, never kept.

import {
  describeError,
  type PlayTime,
  type Secret,
  type SelfExclusionPayload,
  type StepUpRequiredError,
  secret,
} from 'pam-client';
import type { PamClient, SessionView } from 'pam-client/machines';
import { type EditableLimit, formatDuration, limitPayload } from './app';

export interface StepUpState {
  /** True while a change waits for the player's current password. */
  asking: boolean;
  /** 'invalid' after a wrong password (the change is then sent at most once more by the client). */
  reason: 'required' | 'invalid' | null;
  /** What to tell the player (describeError's title). */
  message: string;
}

/** The prompt a change waits on; a Svelte-compatible store (subscribe calls at once). */
export interface StepUpPrompt {
  get(): StepUpState;
  subscribe(listener: (state: StepUpState) => void): () => void;
  /** `onStepUp` for the client's sensitive calls. */
  ask(error: StepUpRequiredError): Promise<Secret | null>;
  /** The player typed the password: resend the change with it. */
  answer(password: string): void;
  /** The player gave up: the change fails with the step-up error. */
  dismiss(): void;
}

/**
 * @example
 * const prompt = createStepUpPrompt();
 * await client.user.setTimeoutLimits({ user_pause: 7, reason: 1 }, { onStepUp: prompt.ask });
 */
export function createStepUpPrompt(): StepUpPrompt {
  let state: StepUpState = { asking: false, reason: null, message: '' };
  let settle: ((value: Secret | null) => void) | null = null;
  const listeners = new Set<(state: StepUpState) => void>();
  const set = (next: StepUpState) => {
    state = next;
    for (const l of listeners) l(state);
  };
  const finish = (value: Secret | null) => {
    const done = settle;
    settle = null;
    set({ asking: false, reason: null, message: '' });
    done?.(value);
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    ask(error) {
      settle?.(null); // a new question replaces an unanswered one
      return new Promise((resolve) => {
        settle = resolve;
        set({ asking: true, reason: error.reason, message: describeError(error).title });
      });
    },
    answer: (password) => finish(secret(password)),
    dismiss: () => finish(null),
  };
}

/** The responsible-gaming changes of the examples, each with the step-up prompt. */
export function responsibleGaming(client: PamClient, prompt: StepUpPrompt) {
  const options = { onStepUp: prompt.ask };
  return {
    /** An ACTIVE limit of `kind` (a looser one is stored pending by the server). */
    saveLimit: (kind: EditableLimit, amount: string, period: string) =>
      client.user.updateLimits(limitPayload(kind, amount, period), options),
    /** An ACTIVE deposit limit (a looser one is stored pending by the server). */
    saveDepositLimit: (amount: string, period: string) =>
      client.user.updateLimits(limitPayload('deposit', amount, period), options),
    /** Pauses the account for `days` (1..45). */
    pause: (days: number) => client.user.setTimeoutLimits({ user_pause: days, reason: 1 }, options),
    /** Self-excludes for `months`, or for good with -1. */
    selfExclude: (months: number) =>
      client.user.setSelfExclusion(
        { user_exclusion: months as SelfExclusionPayload['user_exclusion'], reason: 1 },
        options,
      ),
  };
}

/** The play-time alert's text, or null when there is nothing to say. */
export function playTimeAlert(view: SessionView): { reached: boolean; text: string } | null {
  const play = view.playTime as PlayTime | null;
  if (!play || (!play.warning && !play.reached)) return null;
  const limit = formatDuration(play.limitMs);
  if (play.reached)
    return { reached: true, text: `You reached your ${play.period} play-time limit (${limit}).` };
  return {
    reached: false,
    text: `${formatDuration(play.leftMs)} left of your ${play.period} play-time limit (${limit}).`,
  };
}
