// @ts-check
/**
 * The server's module rule (docs/architecture.md §3.4): a module is a top-level folder of
 * apps/server/src (`warehouse`, `integrations`, `ingestion`, `modelling`, `idp`, …) or one
 * service (`services/<name>`). Another module is reached only through its entry point,
 * `index.ts`; `platform/` is the shared kernel anyone may import and that imports no module;
 * and modules depend on each other without cycles. Tests may reach into the module they test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

const isTest = (file) => /\.test\.ts$|[/\\]__tests__[/\\]/.test(file);

/** The module a file under `srcRoot` belongs to, or null outside it. */
export function moduleOf(srcRoot, file) {
  const relative = path.relative(srcRoot, file).split(path.sep);
  if (relative[0] === '..' || path.isAbsolute(relative.join('/'))) return null;
  if (relative.length === 1) return 'app';
  if (relative[0] === 'services' && relative.length > 2) return `services/${relative[1]}`;
  return relative[0];
}

/** `./x.js` → the absolute `.ts` file it names. */
export function resolveImport(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  return target.endsWith('.js') ? target.replace(/\.js$/, '.ts') : target;
}

const entryOf = (srcRoot, module) =>
  module === 'app' || module === 'services'
    ? null
    : path.join(srcRoot, ...module.split('/'), 'index.ts');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !isTest(full) ? [full] : [];
  });
}

/** Module → modules it imports (non-test files only). */
export function moduleGraph(srcRoot) {
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const file of sourceFiles(srcRoot)) {
    const from = moduleOf(srcRoot, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      const to = moduleOf(srcRoot, resolveImport(file, match[1] ?? match[2]));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A path `from → … → from` through the graph, or null when `from` is on no cycle via `to`. */
export function cycleThrough(graph, from, to) {
  const seen = new Set();
  const walk = (node, trail) => {
    if (node === from) return trail;
    if (seen.has(node)) return null;
    seen.add(node);
    for (const next of graph.get(node) ?? []) {
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(to, [from, to]);
}

/** One graph per source root per lint run. */
const graphs = new Map();

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules: entry points only, platform imports none, no cycles' },
    schema: [
      { type: 'object', properties: { srcRoot: { type: 'string' } }, required: ['srcRoot'] },
    ],
    messages: {
      internals:
        'Module "{{from}}" must not import "{{target}}", an internal file of module "{{to}}"; import its entry point ({{entry}}) and export what is needed there.',
      platform: 'platform/ is the shared kernel: it must not import module "{{to}}".',
      cycle: 'Modules depend on each other in a cycle: {{cycle}}.',
    },
  },
  create(context) {
    const srcRoot = path.resolve(context.cwd, context.options[0].srcRoot);
    const file = context.filename;
    const from = moduleOf(srcRoot, file);
    if (!from || isTest(file)) return {};
    if (!graphs.has(srcRoot)) graphs.set(srcRoot, moduleGraph(srcRoot));
    const graph = graphs.get(srcRoot);

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(file, specifier);
      const to = moduleOf(srcRoot, target);
      if (!to || to === from) return;
      if (from === 'platform') {
        context.report({ node, messageId: 'platform', data: { to } });
        return;
      }
      const entry = entryOf(srcRoot, to);
      if (to !== 'platform' && entry && target !== entry) {
        context.report({
          node,
          messageId: 'internals',
          data: {
            from,
            to,
            target: path.relative(srcRoot, target),
            entry: path.relative(srcRoot, entry),
          },
        });
      }
      const cycle = cycleThrough(graph, from, to);
      if (cycle) context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
