// The screen follows the session view's status (useSession); no child actor is ever read.
import { useSession } from 'pam-client/react';
import { SELF_EXCLUSION_PLATFORM_URL } from '../shared/app';
import { STANDING_WORDS } from '../shared/standing';
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
      {/* On every screen (Portaria SPA/MF 2.579/2025): the central self-exclusion platform. */}
      <footer data-testid="spa-platform">
        {STANDING_WORDS.platform}
        <a href={SELF_EXCLUSION_PLATFORM_URL} target="_blank" rel="noopener">
          {STANDING_WORDS.platformLink}
        </a>
        .
      </footer>
    </>
  );
}
