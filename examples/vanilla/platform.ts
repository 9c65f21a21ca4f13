// The link to the SPA's central self-exclusion platform, which operators must show (Portaria
// SPA/MF 2.579/2025, docs/responsible-gaming.md): on every screen, signed in or not, whatever the
// player's restrictions.
import { SELF_EXCLUSION_PLATFORM_URL } from '../shared/app';
import { STANDING_WORDS } from '../shared/standing';
import { h } from './dom';

export const platformLink = (): HTMLElement =>
  h(
    'footer',
    { class: 'card', 'data-testid': 'spa-platform' },
    STANDING_WORDS.platform,
    h(
      'a',
      { href: SELF_EXCLUSION_PLATFORM_URL, target: '_blank', rel: 'noopener' },
      STANDING_WORDS.platformLink,
    ),
    '.',
  );
