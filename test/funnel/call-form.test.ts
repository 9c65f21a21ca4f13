import { ConfigurationError } from 'pam-client';
import { funnelEvents, operatorPreset } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';

// The funnel takes the app's flows (`funnelEvents(operatorPreset(), options?)`). The call form of
// an early draft, `[...operatorPreset(), funnelEvents({ appSources })]`, and a bare
// `funnelEvents()` get a typed error that says how to call it, not a TypeError from inside.
describe('funnelEvents(): the call form', () => {
  const wrong: [string, unknown[]][] = [
    ['no arguments', []],
    ['the options in place of the flows', [{ appSources: ['web'] }]],
    ['one flow, not a list', [operatorPreset()[0]]],
    ['a list with something that is not a flow', [[...operatorPreset(), 'funnel']]],
  ];
  it.each(wrong)('%s: ConfigurationError naming the call form', (_, args) => {
    const call = () => (funnelEvents as (...a: unknown[]) => unknown)(...args);
    expect(call).toThrow(ConfigurationError);
    expect(call).toThrow(/funnelEvents\(flows, options\?\)/);
  });

  it('options that are not an object: ConfigurationError', () => {
    expect(() => funnelEvents(operatorPreset(), 'web' as never)).toThrow(ConfigurationError);
  });

  it('the flows given come back with the funnel last', () => {
    const flows = operatorPreset();
    const out = funnelEvents(flows, { appSources: ['web'] });
    expect(out.map((f) => f.name)).toEqual([...flows.map((f) => f.name), 'funnel']);
  });
});
