// Spec 4.2: profile and contact. One row and one standalone function per operation.

import type { Operation, WithHttp } from '../operation/operation';
import { reader } from '../schemas/readers/core';
import {
  AddPhoneRun,
  UpdateAddressRun,
  UpdateContractsRun,
  UpdateEmailRun,
  UpdateMarketingRun,
  UpdateUserRun,
  UserAddressRun,
} from '../schemas/readers/user';
import type {
  AddPhonePayload,
  ContractType,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
} from '../schemas/user';
import { idSegment } from './call';
import { userOperation } from './sensitive';
import type { UserModule } from './types';

export const UPDATE_PROFILE = {
  method: 'POST',
  path: (id: number) => `/users/update/${idSegment('updateProfile', id)}`,
  request: /* @__PURE__ */ reader<typeof UpdateUserPayload>(UpdateUserRun),
  mutation: true,
} as const satisfies Operation;

export const GET_ADDRESS = {
  method: 'GET',
  path: '/bff/users/address-by-user',
  response: /* @__PURE__ */ reader<typeof UserAddress>(UserAddressRun),
  mutation: false,
} as const satisfies Operation;

export const UPDATE_EMAIL = {
  method: 'PATCH',
  path: '/bff/users/self-email',
  request: /* @__PURE__ */ reader<typeof UpdateEmailPayload>(UpdateEmailRun),
  mutation: true,
} as const satisfies Operation;

export const ADD_PHONE = {
  method: 'PATCH',
  path: '/bff/users/add-phone',
  request: /* @__PURE__ */ reader<typeof AddPhonePayload>(AddPhoneRun),
  mutation: true,
} as const satisfies Operation;

export const UPDATE_ADDRESS = {
  method: 'PATCH',
  path: '/bff/users/update-address',
  request: /* @__PURE__ */ reader<typeof UpdateAddressPayload>(UpdateAddressRun),
  mutation: true,
} as const satisfies Operation;

export const UPDATE_CONTRACTS = {
  method: 'PATCH',
  path: '/bff/users/self-contracts',
  request: /* @__PURE__ */ reader<typeof UpdateContractsPayload>(UpdateContractsRun),
  // The method takes the contract type; the body is `{ type }`.
  pack: (type: ContractType) => ({ type }),
  mutation: true,
} as const satisfies Operation;

export const UPDATE_MARKETING = {
  method: 'PATCH',
  path: '/bff/users/self-mkt',
  request: /* @__PURE__ */ reader<typeof UpdateMarketingPayload>(UpdateMarketingRun),
  mutation: true,
} as const satisfies Operation;

/**
 * Updates the profile (`POST /users/update/{id}`); `id` must be a positive integer. Sensitive:
 * accepts `password_check` (string or `Secret`) and `kyc_id`, and `options.onStepUp`.
 *
 * @example
 * await updateProfile(http, user.id, { first_name: 'Ana' });
 */
export const updateProfile: WithHttp<UserModule['updateProfile'], 'post'> = /* @__PURE__ */ userOperation(
  'updateProfile',
  UPDATE_PROFILE,
);

/**
 * The player's address (`GET /bff/users/address-by-user`), every key kept.
 *
 * @example
 * const address = await getAddress(http);
 */
export const getAddress: WithHttp<UserModule['getAddress'], 'get'> = /* @__PURE__ */ userOperation(
  'getAddress',
  GET_ADDRESS,
);

/**
 * Changes the e-mail (`PATCH /bff/users/self-email`). Sensitive: the reference server asks for
 * `password_check` (use `options.onStepUp`).
 *
 * @example
 * await updateEmail(http, { email: 'ana@example.com' }, { onStepUp: askPassword });
 */
export const updateEmail: WithHttp<UserModule['updateEmail'], 'patch'> = /* @__PURE__ */ userOperation(
  'updateEmail',
  UPDATE_EMAIL,
);

/**
 * Adds a phone (`PATCH /bff/users/add-phone`). Sensitive, like `updateEmail`.
 *
 * @example
 * await addPhone(http, { phone: '11999990000', ddi: '55' }, { onStepUp: askPassword });
 */
export const addPhone: WithHttp<UserModule['addPhone'], 'patch'> = /* @__PURE__ */ userOperation(
  'addPhone',
  ADD_PHONE,
);

/**
 * Changes the address (`PATCH /bff/users/update-address`). Sensitive, like `updateEmail`.
 *
 * @example
 * await updateAddress(http, { street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000' });
 */
export const updateAddress: WithHttp<UserModule['updateAddress'], 'patch'> = /* @__PURE__ */ userOperation(
  'updateAddress',
  UPDATE_ADDRESS,
);

/**
 * Accepts a contract (`PATCH /bff/users/self-contracts`, body `{ type }`).
 *
 * @example
 * await updateContracts(http, 'lgpd');
 */
export const updateContracts: WithHttp<UserModule['updateContracts'], 'patch'> =
  /* @__PURE__ */ userOperation('updateContracts', UPDATE_CONTRACTS);

/**
 * Sets the marketing consent (`PATCH /bff/users/self-mkt`).
 *
 * @example
 * await updateMarketing(http, { mkt_accepted: false });
 */
export const updateMarketing: WithHttp<UserModule['updateMarketing'], 'patch'> =
  /* @__PURE__ */ userOperation('updateMarketing', UPDATE_MARKETING);
