// Issue 34: pam-client/otel in a Chromium page with the OpenTelemetry web tracer: a sign-in with
// a rejected code and a report left open at stop, as spans, through the in-process reference server.
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { createPamClient, funnelEvents, operatorPreset } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../../machines/otel/index';

describe('traceFunnel with the web tracer, in Chromium', () => {
  it('a span per sign-in (steps as events, status OK) and per report (ended at stop); nothing identifying', async () => {
    const kit = createReferenceFetch({ baseURL: `http://pam-otel-${Date.now()}.test` });
    const exporter = new InMemorySpanExporter();
    const provider = new WebTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: 5000,
      environment: { channel: null },
      flows: funnelEvents(operatorPreset()),
    });
    traceFunnel(client, { tracer: provider.getTracer('web') });
    const { email, password, twoFactorCode } = kit.seed.twoFactor;
    client.login({ login: email, password });
    // Real-time polls in this file: in a Chromium page there is no node event loop to wait on.
    await expect.poll(() => client.view.status).toBe('twoFactorRequired');
    client.submitCode('000000');
    await expect.poll(() => client.view.codeAttemptsLeft).toBe(4);
    client.submitCode(twoFactorCode as string);
    await expect.poll(() => client.view.status).toBe('signedIn');
    await client.user.generateIncomeReport({ reference_year: 2025, type: 'email' });
    client.stop();

    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['pam.signIn', 'pam.incomeReport']);
    const [signIn, report] = spans;
    expect(signIn!.status.code).toBe(SpanStatusCode.OK);
    expect(signIn!.events.map((e) => e.name)).toEqual(['codeAsked', 'codeRejected']);
    expect(report!.attributes).toMatchObject({ 'pam.outcome': 'abandoned', 'pam.abandon_reason': 'stopped' });
    const text = JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events, s.status]));
    expect(text).not.toContain(email);
    expect(text).not.toContain('enduser');
  });
});
