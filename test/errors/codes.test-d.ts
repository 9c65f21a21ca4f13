import { describe, expectTypeOf, it } from 'vitest';
import {
  type AbortedError,
  type ConfigurationError,
  HttpError,
  type NetworkError,
  PamError,
  type PamErrorCode,
  type RequestValidationError,
  type ResponseValidationError,
  StepUpRequiredError,
  type StorageError,
  type TimeoutError,
  type TwoFactorRejectedError,
  UnauthorizedError,
  type UnexpectedError,
} from '../../src/errors/index';

describe('code and class agree, and tsc says so', () => {
  it('gives each class its own literal code', () => {
    expectTypeOf<RequestValidationError['code']>().toEqualTypeOf<'invalid_request'>();
    expectTypeOf<ResponseValidationError['code']>().toEqualTypeOf<'invalid_response'>();
    expectTypeOf<UnauthorizedError['code']>().toEqualTypeOf<'unauthorized'>();
    expectTypeOf<StepUpRequiredError['code']>().toEqualTypeOf<'step_up_required'>();
    expectTypeOf<StepUpRequiredError['reason']>().toEqualTypeOf<'required' | 'invalid'>();
    expectTypeOf<NetworkError['code']>().toEqualTypeOf<'network'>();
    expectTypeOf<TimeoutError['code']>().toEqualTypeOf<'timeout'>();
    expectTypeOf<AbortedError['code']>().toEqualTypeOf<'aborted'>();
    expectTypeOf<ConfigurationError['code']>().toEqualTypeOf<'configuration'>();
    expectTypeOf<StorageError['code']>().toEqualTypeOf<'storage'>();
    expectTypeOf<HttpError['code']>().toEqualTypeOf<'http' | 'unauthorized' | 'step_up_required'>();
    expectTypeOf<PamErrorCode>().toEqualTypeOf<
      | 'invalid_request'
      | 'invalid_response'
      | 'http'
      | 'unauthorized'
      | 'step_up_required'
      | 'network'
      | 'timeout'
      | 'aborted'
      | 'configuration'
      | 'storage'
      | 'report_failed'
      | 'two_factor_rejected'
      | 'unexpected'
      | 'step_up_locked'
    >();
    expectTypeOf<UnexpectedError['code']>().toEqualTypeOf<'unexpected'>();
    expectTypeOf<TwoFactorRejectedError['code']>().toEqualTypeOf<'two_factor_rejected'>();
  });

  it('lets no constructor take a code', () => {
    const init = { status: 500, method: 'GET', path: '/' };
    // @ts-expect-error HttpError takes no code: its class decides it
    new HttpError(init, 'unauthorized');
    // @ts-expect-error neither does a subclass
    new UnauthorizedError(init, 'http');
    // @ts-expect-error a step-up error needs its reason
    new StepUpRequiredError(init);
  });
  it('refuses a bare PamError, whose code could disagree with its class', () => {
    // @ts-expect-error the constructor is protected: construct the subclass of the code
    expectTypeOf(() => new PamError('timeout', 'x')).toBeFunction();
  });
});
