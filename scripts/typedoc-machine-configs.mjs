// A TypeDoc plugin for `npm run docs:check` (typedoc.docs-check.json): a machine's type is XState's
// `StateMachine<..., TConfig>`, whose last arguments are the machine's config as an inline object
// type (every state, invoke and action, as written). TypeDoc would document each of its members as
// a property of the export and ask for a comment on every one. What an app reads is the machine's
// JSDoc and its named types (input, context, events); the config is the machine's source. So an
// inline object type given to an XState generic is shown as `object` and left out of the check.

import { Converter, IntrinsicType, ReflectionKind, ReflectionType } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    /** @param {import('typedoc').SomeType | undefined} type */
    const strip = (type) => {
      if (!type) return;
      if (type.type === 'reference' && type.package === 'xstate' && type.typeArguments) {
        type.typeArguments = type.typeArguments.map((arg) => {
          if (!(arg instanceof ReflectionType)) {
            strip(arg);
            return arg;
          }
          project.removeReflection(arg.declaration);
          return new IntrinsicType('object');
        });
      } else if (type.type === 'intersection' || type.type === 'union') {
        for (const t of type.types) strip(t);
      }
    };
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Variable)) strip(reflection.type);
  });
}
