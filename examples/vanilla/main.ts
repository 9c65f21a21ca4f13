// The vanilla example: no framework. One listener on the session view (`onSessionChange`) picks
// the screen; each screen follows the view itself.
import '../shared/styles.css';
import type { SessionView } from 'pam-client/machines';
import { onSessionChange } from 'pam-client/vanilla';
import { mountAccount } from './account';
import { client } from './client';
import { h } from './dom';
import { followLanguage } from './lang';
import { mountSignedOut } from './login';
import { platformLink } from './platform';

type Screen = 'loading' | 'login' | 'account';

const screenOf = (view: SessionView): Screen =>
  view.status === 'restoring'
    ? 'loading'
    : view.status === 'signedIn' || view.status === 'signingOut'
      ? 'account'
      : 'login';

// English, or pt-BR with ?lang=pt-BR (examples/vanilla/lang.ts).
followLanguage();
const root = h('div');
// The central self-exclusion platform's link is on every screen (Portaria SPA/MF 2.579/2025).
document
  .querySelector('#app')!
  .append(h('header', {}, h('h1', {}, 'pam-client · vanilla')), root, platformLink());

let screen: Screen | null = null;
let unmount = () => {};

onSessionChange(client, (view) => {
  const next = screenOf(view);
  if (next === screen) return;
  screen = next;
  unmount();
  root.replaceChildren();
  if (next === 'login') unmount = mountSignedOut(root, client);
  else if (next === 'account') unmount = mountAccount(root, client);
  else {
    root.append(h('p', { class: 'muted', 'data-testid': 'loading' }, 'Loading…'));
    unmount = () => {};
  }
});
