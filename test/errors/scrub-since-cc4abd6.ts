// The texts where the scrubber of today parts from the one of cc4abd6 (the copy the size-pass
// equivalence property compared with until the sixty-second pass), each met by a CI or a longer
// random run of that property, with what the scrubber of today gives: `error` as `text()` reads
// what an error carries, `ok` as `deep(text, undefined, true)` reads a 2xx value.
export const SINCE_CC4ABD6: readonly {
  why: string;
  secrets: string[];
  text: string;
  error: string;
  ok: string;
}[] = [
  {
    why: "CI's seed -677518156: the secret's `ã` decomposed (`a` and U+0303), its bytes in base64 at an offset: hidden (cc4abd6 showed it)",
    secrets: ['ãuoOYy3', '--_Ogk_2_eO3_20-3_bIESH8t-A_o21z'],
    text: 'bG9naW5hzIN1b09ZeTMmej05',
    error: 'bG9naW5hzI[redacted]mej05',
    // (A 2xx value reads byte forms of unambiguous secrets only: 8 characters or more, AE-4.)
    ok: 'bG9naW5hzIN1b09ZeTMmej05',
  },
  {
    why: 'seed -67331304: a base64url form with its `_` and `=` as HTML references: hidden in a 2xx value too',
    secrets: ['xx0z3?$@'],
    text: 'eHgwejM&#X005F;JEA&#X003D;',
    error: '[redacted]',
    ok: '[redacted]',
  },
  {
    why: 'seed 846712302: a token glued to a code after doubled quotes, in a 2xx value: the value hidden whole (cc5fd541: peeling finds more than the text shows)',
    secrets: ['Q0UPlYKioAEHptsEKEOi7rt0pEoJ2zs=', '4657', '3224'],
    text: '""4657Q0UPlYKioAEHptsEKEOi7rt0pEoJ2zs=',
    error: '""[redacted][redacted]',
    ok: '[redacted]',
  },
  {
    why: 'seed 736639813: a secret beyond ASCII (fullwidth `Ａ`) whole after a letter: the letter shown (cc4abd6 hid the word)',
    secrets: ['éΩＡ'],
    text: 'aéΩＡ',
    error: 'a[redacted]',
    // (A 2xx value hides a secret standing as a word of its own only: glued to a letter, a name.)
    ok: 'aéΩＡ',
  },
];
