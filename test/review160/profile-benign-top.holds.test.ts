// Review 160 (1): a profile read whose top level carries benign envelope fields stays current.
import { describe, expect, it } from 'vitest';
import { restrictionsWith } from '../review156/profile-with';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('a profile with benign top-level fields', () => {
  it.each([
    ['status active', { status: 'active' }],
    ['status 200', { status: 200 }],
    ['success true, errors []', { success: true, errors: [], error: null }],
    ['JSend success', { status: 'success', message: 'ok' }],
  ])('%s: restrictions current', async (_n, extra) => {
    const r = await restrictionsWith(ctx.server, extra);
    expect(r.status).toBe('current');
    expect(r.code).toBeNull();
  });
});
