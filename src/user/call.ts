import * as z from 'zod/mini';
import type { CallOptions } from '../auth';
import type { HttpAdapter } from '../http/types';
import { PositiveInt, SocialType } from '../schemas/common';
import { parseRequest, parseResponse } from '../schemas/parse';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface OperationSpec<Req extends z.ZodMiniType | undefined, Res extends z.ZodMiniType | undefined> {
  method: Method;
  path: string;
  request?: Req;
  response?: Res;
}

type Result<Res> = Res extends z.ZodMiniType ? z.output<Res> : unknown;

/**
 * One user-module call: validate the payload (nothing is sent when it fails), send, then validate
 * the answer when the spec shows its shape. Where the spec shows none, the parsed body is returned
 * as `unknown`.
 */
export async function call<Req extends z.ZodMiniType | undefined, Res extends z.ZodMiniType | undefined>(
  http: HttpAdapter,
  operation: string,
  spec: OperationSpec<Req, Res>,
  payload: unknown,
  options: CallOptions | undefined,
): Promise<Result<Res>> {
  const body = spec.request ? parseRequest(operation, spec.request, payload) : undefined;
  const opts = { signal: options?.signal };
  const { method, path } = spec;
  // get and delete take no body: (path, options); post and patch take (path, body, options).
  const raw = await (method === 'get' || method === 'delete'
    ? http[method](path, opts)
    : http[method](path, body, opts));
  return (spec.response ? parseResponse(operation, spec.response, raw) : raw) as Result<Res>;
}

const IdParam = /* @__PURE__ */ (() => z.object({ id: PositiveInt }))();
const PageParam = /* @__PURE__ */ (() => z.object({ page: PositiveInt }))();
const SocialTypeParam = /* @__PURE__ */ (() => z.object({ type: SocialType }))();

/** A `{id}` segment: a positive integer (API.md gap default), else nothing is sent. */
export const idSegment = (operation: string, id: unknown): string =>
  String(parseRequest(operation, IdParam, { id }).id);

/** The `?page=` of the login history: an integer >= 1. */
export const pageParam = (operation: string, page: unknown): string =>
  String(parseRequest(operation, PageParam, { page }).page);

/** The `{type}` segment of connectSocial: `^[a-z0-9_-]{1,32}$`, URI-encoded. */
export const socialTypeSegment = (operation: string, type: unknown): string =>
  encodeURIComponent(parseRequest(operation, SocialTypeParam, { type }).type);
