// Review 43: docs/errors.md ("Deciding: brand and code, never `instanceof`") and the JSDoc of
// PamError / HttpError / isPamError tell apps to decide with `isPamError(e) && e.code === '…'` and
// then read the class's fields (`e.reason`, `e.status`, `e.fieldErrors`, `e.issues`). Under strict
// TypeScript that pattern does not compile: `isPamError` narrows to the base `PamError`, and a
// check of `code` does not narrow it to the class of that code.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

const SNIPPET = `
import { createOfetchAdapter, createUserModule, isPamError } from 'pam-client';
const user = createUserModule(createOfetchAdapter({ baseURL: 'https://api.example.com' }));
declare function askPassword(reason: 'required' | 'invalid'): void;
declare const form: { setErrors(errors: Readonly<Record<string, readonly string[]>>): void };
declare function showIssues(issues: unknown): void;
export async function save(): Promise<void> {
  try {
    await user.updateEmail({ email: 'a@b.co' });
  } catch (e) {
    if (isPamError(e) && e.code === 'step_up_required') askPassword(e.reason);
    else if (isPamError(e) && e.code === 'http' && e.status === 422) form.setErrors(e.fieldErrors ?? {});
    else if (isPamError(e) && e.code === 'invalid_request') showIssues(e.issues);
    else throw e;
  }
}
`;

describe('review43: the documented isPamError + code pattern type-checks', () => {
  it('compiles under strict TypeScript', () => {
    const file = `${root}test/review43/__snippet__.ts`;
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
      types: [],
      baseUrl: root,
      paths: { 'pam-client': ['./src/index.ts'] },
    };
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    const exists = host.fileExists.bind(host);
    host.readFile = (f) => (f === file ? SNIPPET : read(f));
    host.fileExists = (f) => f === file || exists(f);
    const getSource = host.getSourceFile.bind(host);
    host.getSourceFile = (f, lang, ...rest) =>
      f === file ? ts.createSourceFile(f, SNIPPET, lang) : getSource(f, lang, ...rest);
    const program = ts.createProgram([file], options, host);
    const messages = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages).toEqual([]);
  }, 60_000);
});
