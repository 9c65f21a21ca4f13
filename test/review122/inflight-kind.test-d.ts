// Review 122: `InFlightKind` is one public type, from `pam-client` and `pam-client/machines` alike.
import type { InFlightKind as Core, RestrictionKind } from 'pam-client';
import type { CrossTabMessage, InFlightKind as Machines } from 'pam-client/machines';
import { expectTypeOf, test } from 'vitest';

test('InFlightKind', () => {
  expectTypeOf<Core>().toEqualTypeOf<Machines>();
  expectTypeOf<Core>().toEqualTypeOf<
    'pause' | 'selfExclusion' | 'betLimitZero' | 'lossLimitZero' | 'timeLimitZero'
  >();
  expectTypeOf<Core>().toExtend<RestrictionKind>();
  expectTypeOf<Extract<CrossTabMessage, { type: 'inflight' }>['kind']>().toEqualTypeOf<Core>();
});
