// Path builders of the user rows: each validates its argument before anything is sent.

import * as z from 'zod/mini';
import { PositiveInt, parseRequest, SocialType } from '../schemas/common';

const IdParam = /* @__PURE__ */ (() => z.object({ id: PositiveInt }))();
const PageParam = /* @__PURE__ */ (() => z.object({ page: PositiveInt }))();
const SocialTypeParam = /* @__PURE__ */ (() => z.object({ type: SocialType }))();

/** A `{id}` segment: a positive integer (docs/contract.md gap default), else nothing is sent. */
export const idSegment = (operation: string, id: unknown): string =>
  String(parseRequest(operation, IdParam, { id }).id);

/** The `?page=` of the login history: an integer >= 1. */
export const pageParam = (operation: string, page: unknown): string =>
  // A page PositiveInt takes as it is (a safe integer >= 1) needs no parse; anything else is
  // zod's to refuse, with its issues.
  String(
    Number.isSafeInteger(page) && (page as number) > 0
      ? page
      : parseRequest(operation, PageParam, { page }).page,
  );

/** The `{type}` segment of connectSocial: `^[a-z0-9_-]{1,32}$`, URI-encoded. */
export const socialTypeSegment = (operation: string, type: unknown): string =>
  encodeURIComponent(parseRequest(operation, SocialTypeParam, { type }).type);
