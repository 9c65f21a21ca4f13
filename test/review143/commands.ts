// Review 143: the generated commands (weights favour remounts, play time and wrong passwords).
import fc from 'fast-check';
import type { Cmd } from './harness';

export const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Cmd>({ k: 'mount' }) },
  { weight: 2, arbitrary: fc.nat(3).map<Cmd>((i) => ({ k: 'stop', i })) },
  { weight: 4, arbitrary: fc.constant<Cmd>({ k: 'remount' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('pause', 'selfExclusion').map<Cmd>((kind) => ({ k: 'accept', kind })),
  },
  { weight: 2, arbitrary: fc.boolean().map<Cmd>((on) => ({ k: 'lag', on })) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 25 }).map<Cmd>((s) => ({ k: 'play', s })) },
  { weight: 1, arbitrary: fc.constant<Cmd>({ k: 'wait' }) },
  { weight: 3, arbitrary: fc.constant<Cmd>({ k: 'wrong' }) },
  { weight: 2, arbitrary: fc.boolean().map<Cmd>((held) => ({ k: 'refresh', held })) },
);

export const commands = (max = 16) => fc.array(command, { minLength: 1, maxLength: max });
