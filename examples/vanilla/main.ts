// The vanilla example: no framework; the session is followed with `subscribeTo`.
import '../shared/styles.css';
import type { PamClient } from 'pam-client/machines';
import { subscribeTo } from 'pam-client/vanilla';
import { createDemoClient } from '../shared/app';
import { mountAccount } from './account';
import { h } from './dom';
import { mountLogin } from './login';

type Screen = 'loading' | 'login' | 'account';
type SessionSnapshot = ReturnType<PamClient['session']['getSnapshot']>;

const screenOf = (s: SessionSnapshot): Screen =>
  s.matches('restoring') ? 'loading' : s.matches('signedIn') || s.matches('signingOut') ? 'account' : 'login';

const client = createDemoClient();
const view = h('div');
document.querySelector('#app')!.append(h('header', {}, h('h1', {}, 'pam-client · vanilla')), view);

let screen: Screen | null = null;
let unmount = () => {};

function show(next: Screen) {
  if (next === screen) return;
  screen = next;
  unmount();
  view.replaceChildren();
  if (next === 'login') unmount = mountLogin(view, client);
  else if (next === 'account') unmount = mountAccount(view, client);
  else {
    view.append(h('p', { class: 'muted', 'data-testid': 'loading' }, 'Loading…'));
    unmount = () => {};
  }
}

show(screenOf(client.session.getSnapshot()));
subscribeTo(client.session, screenOf, show);
