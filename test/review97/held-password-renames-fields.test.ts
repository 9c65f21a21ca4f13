// Review 97, DEFECT (MEDIUM): a wrong password that is a word (`message`, `errors`, `email`, `user`)
// is now scrubbed from a later error's KEYS (`errorsOnly` in src/http/held-secrets.ts: `key`
// scrubs every key but `SECRET_KEY_SET`'s, anywhere in it), so for 10 minutes the app loses the
// server's `message` (the generic "failed with 422" instead), its `fieldErrors` whole (`errors`),
// or a field's name (`[redacted]`, `last_[redacted]`, `[redacted]_pause`): a form cannot show
// the error at its field. Before 67ba4b40 keys were left.
import { describe, expect, it } from 'vitest';
import { errorAfter, json, useRaw } from './helpers';

const ref = useRaw();

describe("a wrong password that is a word, and a later error's field names", () => {
  it('password "message": the error keeps the server message', async () => {
    const e = await errorAfter(ref.raw, { password: 'message' }, json(422, { message: 'Limite excedido' }));
    expect(e.message).toBe('Limite excedido');
  });

  it('password "errors": the error keeps its fieldErrors', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'errors' },
      json(422, { message: 'Dados inválidos', errors: { user_pause: ['inválido'] } }),
    );
    expect({ ...e.fieldErrors }).toEqual({ user_pause: ['inválido'] });
  });

  it('password "email": fieldErrors keeps `email`', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'email' },
      json(422, { message: 'Dados inválidos', errors: { email: ['já está em uso'] } }),
    );
    expect(Object.keys(e.fieldErrors ?? {})).toEqual(['email']);
  });

  it('password "user": fieldErrors keeps `user_pause` (a name the password is part of)', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'user' },
      json(422, { message: 'Dados inválidos', errors: { user_pause: ['inválido'] } }),
    );
    expect(Object.keys(e.fieldErrors ?? {})).toEqual(['user_pause']);
  });

  it('password "name": fieldErrors keeps `first_name` and `last_name`', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'name' },
      json(422, { errors: { first_name: ['obrigatório'], last_name: ['obrigatório'] } }),
    );
    expect(Object.keys(e.fieldErrors ?? {})).toEqual(['first_name', 'last_name']);
  });
});
