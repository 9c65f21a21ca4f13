// The screen follows the session view's status (useSession); no child actor is ever read.
import { useSession } from 'pam-client/react';
import { Account } from './Account';
import { client } from './client';
import { SignedOut } from './SignedOut';

export function App() {
  const { status } = useSession(client);
  const screen =
    status === 'restoring'
      ? 'loading'
      : status === 'signedIn' || status === 'signingOut'
        ? 'account'
        : 'login';
  return (
    <>
      <header>
        <h1>pam-client · react</h1>
      </header>
      {screen === 'loading' ? (
        <p className="muted" data-testid="loading">
          Loading…
        </p>
      ) : screen === 'login' ? (
        <SignedOut />
      ) : (
        <Account />
      )}
    </>
  );
}
