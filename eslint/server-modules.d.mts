import type { ESLint, Rule } from 'eslint';
export function moduleOf(srcRoot: string, file: string): string | null;
export function resolveImport(fromFile: string, specifier: string): string;
export function moduleGraph(srcRoot: string): Map<string, Set<string>>;
export function cycleThrough(
  graph: Map<string, Set<string>>,
  from: string,
  to: string,
): string[] | null;
export const boundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
