import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import serverModules from '../../../eslint/server-modules.mjs';

/** A small source tree: files and their imports, written for the rule's module graph. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'server-modules-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('lint: server modules (docs/architecture.md §3.4)', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  const check = (files: Record<string, string>, file: string): string[] => {
    const root = tree(files);
    roots.push(root);
    const linter = new Linter({ cwd: root });
    return linter
      .verify(
        files[file]!,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser },
            plugins: { 'server-modules': serverModules },
            rules: { 'server-modules/boundaries': ['error', { srcRoot: '.' }] },
          },
        ],
        path.join(root, file),
      )
      .map((message) => message.message);
  };

  it('allows an entry point, the platform and the module itself', () => {
    const files = {
      'warehouse/index.ts': "export { a } from './engine/a.js';\n",
      'warehouse/engine/a.ts':
        "import { log } from '../../platform/log.js';\nexport const a = log;\n",
      'platform/log.ts': 'export const log = 1;\n',
      'ingestion/run.ts':
        "import { a } from '../warehouse/index.js';\nimport { log } from '../platform/log.js';\nimport { b } from './b.js';\nexport const run = [a, log, b];\n",
      'ingestion/b.ts': 'export const b = 2;\n',
    };
    expect(check(files, 'ingestion/run.ts')).toEqual([]);
    expect(check(files, 'warehouse/engine/a.ts')).toEqual([]);
  });

  it("refuses an import into another module's internals, naming the entry point", () => {
    const files = {
      'warehouse/index.ts': 'export {};\n',
      'warehouse/engine/a.ts': 'export const a = 1;\n',
      'services/composer/x.ts':
        "import { a } from '../../warehouse/engine/a.js';\nexport const x = a;\n",
    };
    expect(check(files, 'services/composer/x.ts')).toEqual([
      'Module "services/composer" must not import "warehouse/engine/a.ts", an internal file of module "warehouse"; import its entry point (warehouse/index.ts) and export what is needed there.',
    ]);
  });

  it('refuses a platform file importing a module', () => {
    const files = {
      'warehouse/index.ts': 'export const w = 1;\n',
      'platform/p.ts': "import { w } from '../warehouse/index.js';\nexport const p = w;\n",
    };
    expect(check(files, 'platform/p.ts')).toEqual([
      'platform/ is the shared kernel: it must not import module "warehouse".',
    ]);
  });

  it('refuses modules that depend on each other in a cycle, even through entry points', () => {
    const files = {
      'ingestion/index.ts': "import { m } from '../modelling/index.js';\nexport const i = m;\n",
      'modelling/index.ts': "import { s } from '../services/user/index.js';\nexport const m = s;\n",
      'services/user/index.ts':
        "import { i } from '../../ingestion/index.js';\nexport const s = i;\n",
    };
    expect(check(files, 'ingestion/index.ts')).toEqual([
      'Modules depend on each other in a cycle: ingestion → modelling → services/user → ingestion.',
    ]);
  });
});
