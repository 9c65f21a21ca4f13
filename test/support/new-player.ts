// A sign-up of a player the reference server does not know yet (`registerSimplified`'s payload).

/** A new player's registration, every required field given (no name: add one where it matters). */
export const NEW_PLAYER = {
  email: 'new.player@example.com',
  password: 'Another123!',
  country: 'BR',
  nationalities: JSON.stringify(['BR']),
  optIn: true,
};
