// Babel options for the layering check (.dependency-cruiser.cjs): Babel's parser reads TypeScript
// and JSX, and the plugin reduces each file to the modules it names, as plain JavaScript that
// dependency-cruiser's acorn parser understands. A type-only reference (`import type`,
// `export type … from`, `import('x').T` in a type) becomes `typeOnly('x')`, which the config
// declares as an exotic require; runtime imports stay imports, dynamic imports stay `import()`.
// Not named babel.config.*, so no other tool picks it up.

/** @param {{ types: typeof import('@babel/types') }} babel */
function moduleReferencesOnly({ types: t }) {
  const reference = (source, typeOnly) =>
    typeOnly
      ? t.expressionStatement(t.callExpression(t.identifier('typeOnly'), [t.stringLiteral(source)]))
      : t.importDeclaration([], t.stringLiteral(source));
  const typeOnly = (node) =>
    node.importKind === 'type' ||
    node.exportKind === 'type' ||
    (node.specifiers.length > 0 &&
      node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
  return {
    visitor: {
      Program: {
        exit(program) {
          const references = [];
          program.traverse({
            ImportDeclaration(path) {
              references.push(reference(path.node.source.value, typeOnly(path.node)));
            },
            ExportNamedDeclaration(path) {
              if (path.node.source) {
                references.push(reference(path.node.source.value, typeOnly(path.node)));
              }
            },
            ExportAllDeclaration(path) {
              references.push(reference(path.node.source.value, path.node.exportKind === 'type'));
            },
            TSImportType(path) {
              const argument = path.node.argument;
              const source = t.isStringLiteral(argument) ? argument : argument.literal;
              if (t.isStringLiteral(source)) references.push(reference(source.value, true));
            },
            CallExpression(path) {
              const [first] = path.node.arguments;
              if (!t.isStringLiteral(first)) return;
              if (t.isImport(path.node.callee)) {
                references.push(
                  t.expressionStatement(
                    t.callExpression(t.import(), [t.stringLiteral(first.value)]),
                  ),
                );
              } else if (t.isIdentifier(path.node.callee, { name: 'require' })) {
                references.push(reference(first.value, false));
              }
            },
          });
          program.node.body = references;
          program.node.directives = [];
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'module',
  parserOpts: { plugins: ['typescript', 'jsx'] },
  plugins: [moduleReferencesOnly],
};
