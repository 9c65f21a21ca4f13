// The token a login answer grants, found as the answer streams past, keeping none of it: when the
// proxy gives up on a login answer it cannot read (larger than `maxAnswerBytes`, or still coming
// at the deadline), the API may still have signed the player in, and that token is revoked
// (REVIEW-S). A small JSON scanner: the top-level `access_token` and `token_type` strings only.

/** The longest string kept (a token past it cannot be sent anyway: the heap stays bounded). */
const MAX_KEPT = 16_384;
const WANTED = new Set(['access_token', 'token_type']);
/** The most tokens one answer is taken to grant (each costs a revoke call): a session's bound. */
const MAX_GRANTED = 8;

/**
 * Feeds on a JSON text in pieces (`feed`) and keeps the top-level object's `access_token` and
 * `token_type` string values (`found`), whatever comes between and however it is cut.
 *
 * @example
 * const scan = new GrantScan();
 * scan.feed('{"user":{"access_token":"x"},"access_tok');
 * scan.feed('en":"abc"}');
 * scan.found; // { access_token: 'abc' }
 */
export class GrantScan {
  /** The wanted fields met so far (a repeated key: its last value, as `JSON.parse` reads it). */
  readonly found: { access_token?: string; token_type?: string } = {};
  /**
   * Every top-level `access_token` string met, each once, the last `MAX_GRANTED` (an answer read
   * as unreadable may name several: each is revoked, review 112). A `}` or `]` before the object
   * (an anti-XSSI prefix, a stray one) leaves its depth at 0 (review 114).
   */
  readonly granted: string[] = [];
  private depth = 0;
  /** The text is an object (`{` first): only then are depth-1 strings keys and values. */
  private object = false;
  /** At depth 1, the next string is a key. */
  private keyNext = false;
  private key: string | null = null;
  private inString = false;
  private escaped = false;
  /** The current depth-1 string as written (escapes kept), when it is kept. */
  private raw: string | null = null;

  feed(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') {
          this.inString = false;
          this.ended();
          continue;
        }
        if (this.raw !== null) this.raw = this.raw.length < MAX_KEPT ? this.raw + c : null;
        continue;
      }
      if (c === '"') {
        this.inString = true;
        const kept = this.depth === 1 && this.object && (this.keyNext || WANTED.has(this.key ?? ''));
        this.raw = kept ? '' : null;
      } else if (c === '{' || c === '[') {
        if (this.depth === 0) this.object = c === '{';
        this.depth++;
        if (this.depth === 1) this.keyNext = true;
      } else if (c === '}' || c === ']') this.depth = Math.max(0, this.depth - 1);
      else if (this.depth === 1 && c === ':') this.keyNext = false;
      else if (this.depth === 1 && c === ',') {
        this.keyNext = true;
        this.key = null;
      }
    }
  }

  /** A string ended: a depth-1 key is remembered, a wanted key's value kept. */
  private ended(): void {
    const raw = this.raw;
    this.raw = null;
    if (raw === null || this.depth !== 1 || !this.object) return;
    let value: unknown;
    try {
      value = JSON.parse(`"${raw}"`);
    } catch {
      return;
    }
    if (this.keyNext) this.key = value as string;
    else if (this.key === 'access_token' || this.key === 'token_type') {
      this.found[this.key] = value as string;
      // (The last ones: a reader takes a key's last value; decoys first push none out, review 114.)
      if (this.key === 'access_token') {
        const seen = this.granted.indexOf(value as string);
        if (seen >= 0) this.granted.splice(seen, 1);
        this.granted.push(value as string);
        if (this.granted.length > MAX_GRANTED) this.granted.shift();
      }
    }
  }
}
