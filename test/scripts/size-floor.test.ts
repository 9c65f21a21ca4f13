import { describe, expect, it } from 'vitest';

// scripts/size-floor.mjs's scanner: which names of a dependency a row's code calls. Its floor column
// read 0 "(none)" on every row whose code held a regex literal with a quote (the adapter's
// CREDENTIAL = /(token[\\"']*…)/): the scan took the quote for a string's start and emptied the
// rest of the bundle, every call after it included.
type Scanner = {
  cutImports: (text: string, packages: string[]) => { body: string; used: Map<string, Set<string>> };
  withoutStrings: (text: string) => string;
};
const load = async (): Promise<Scanner> =>
  import(/* @vite-ignore */ new URL('../../scripts/size-floor.mjs', import.meta.url).href);

const calls = async (text: string) => {
  const { cutImports } = await load();
  const { used } = cutImports(text, ['ofetch', 'xstate', 'xstate/*']);
  return Object.fromEntries([...used].map(([spec, names]) => [spec, [...names].sort()]));
};

describe('size-floor: the names a row calls', () => {
  it('reads calls after a regex literal that holds a quote, a backtick or a slash in a class', async () => {
    const text = [
      'import{createFetch}from"ofetch";',
      `var C=/(token[\\\\"']*\\s*[=:])/gi,T=/[\`/]+/;`,
      "function f(s){return/'/.test(s)?createFetch({}):0}",
      'import{createActor,setup}from"xstate";',
      'var a=createActor(1)/2;export{f,a};',
    ].join('\n');
    expect(await calls(text)).toEqual({ ofetch: ['createFetch'], xstate: ['createActor'] });
  });

  it('a division is no regex: code after `a/b` and `)/` still counts', async () => {
    const text = 'import{createFetch}from"ofetch";var n=1,x=n/2,y=(x)/3;createFetch(y/x);export{x};';
    expect(await calls(text)).toEqual({ ofetch: ['createFetch'] });
  });

  it('a name only in a string, a regex or a key is no call', async () => {
    const text =
      'import{createFetch,$fetch}from"ofetch";var s="createFetch",r=/\\$fetch/,o={createFetch:1};export{s,r,o};';
    expect(await calls(text)).toEqual({});
  });
});
