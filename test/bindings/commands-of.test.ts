import { describe, expect, it } from 'vitest';
import { commandsOf } from '../../src/bindings/session';

// The bindings' commands as free functions (LEAN21: the names mapped instead of written out): the
// same five keys in the same order, each a method call on the client (`this`, every argument).
class Client {
  view = {};
  calls: [string, unknown, unknown[]][] = [];
  subscribe() {
    return () => {};
  }
  login(...args: unknown[]) {
    this.calls.push(['login', this, args]);
  }
  register(...args: unknown[]) {
    this.calls.push(['register', this, args]);
  }
  submitCode(...args: unknown[]) {
    this.calls.push(['submitCode', this, args]);
  }
  cancel(...args: unknown[]) {
    this.calls.push(['cancel', this, args]);
  }
  logout(...args: unknown[]) {
    this.calls.push(['logout', this, args]);
  }
}

describe('commandsOf', () => {
  it('gives the five commands, in order, each calling the client as its method', () => {
    const client = new Client();
    const commands = commandsOf(client as never) as unknown as Record<string, (...a: unknown[]) => void>;
    expect(Object.keys(commands)).toEqual(['login', 'register', 'submitCode', 'cancel', 'logout']);
    const { login, register, submitCode, cancel, logout } = commands;
    login!({ login: 'a' });
    register!({ email: 'b' });
    submitCode!('123456', 'token');
    cancel!();
    logout!();
    expect(client.calls).toEqual([
      ['login', client, [{ login: 'a' }]],
      ['register', client, [{ email: 'b' }]],
      ['submitCode', client, ['123456', 'token']],
      ['cancel', client, []],
      ['logout', client, []],
    ]);
  });
});
