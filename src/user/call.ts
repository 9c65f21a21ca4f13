// Path builders of the user rows: each validates its argument before anything is sent.

// They read with the hand-written readers of src/schemas/readers (issue 33, sizes: no zod in the
// bundle), each as the zod object of `PositiveInt` or `SocialType` it stands for
// (test/schemas/readers-user.property.test.ts).

import type * as z from 'zod/mini';
import { type PositiveInt, parseRequest, type SocialType } from '../schemas/common';
import { reader } from '../schemas/readers/core';
import { IdParamRun, PageParamRun, SocialTypeParamRun } from '../schemas/readers/user';

type Param<K extends string, S extends z.ZodMiniType> = z.ZodMiniObject<{ [key in K]: S }>;

const IdParam = /* @__PURE__ */ reader<Param<'id', typeof PositiveInt>>(IdParamRun);
const PageParam = /* @__PURE__ */ reader<Param<'page', typeof PositiveInt>>(PageParamRun);
const SocialTypeParam = /* @__PURE__ */ reader<Param<'type', typeof SocialType>>(SocialTypeParamRun);

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
