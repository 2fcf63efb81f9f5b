import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs say what is true (docs/architecture.md §9, Docs): every ADR is indexed, every
 * section a citation names is a heading, every source path the docs name exists, and nothing
 * product.md's map marks as built is still called planned.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ARCHITECTURE = 'docs/architecture.md';
const PRODUCT = 'docs/product.md';
const DECISIONS = 'docs/decisions';
/** Where code that may cite the docs lives; and where docs' paths resolve from. */
const CODE_DIRS = ['apps', 'packages', 'bench', 'e2e', 'scripts', 'eslint'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const PATH_ROOTS = ['', 'apps/server/src/', 'apps/web/src/'];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Every file under `dir` (relative to the root), leaving out dependencies, builds and dot folders. */
function filesUnder(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (!entry.isDirectory()) return [relative];
    return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : filesUnder(relative);
  });
}

const codeFiles = [
  ...CODE_DIRS.flatMap(filesUnder),
  ...readdirSync(ROOT).filter((name) => CODE_FILE.test(name)),
].filter((file) => CODE_FILE.test(file));

/** `§3` and `§3.4` of the `## §3 …` / `### §3.4 …` headings of a document. */
function sectionsOf(file: string): Set<string> {
  return new Set([...read(file).matchAll(/^#{2,3} §(\d+(?:\.\d+)?) /gm)].map((match) => match[1]!));
}

/** `docs/architecture.md §4.2, §4.4` → the document and each section it names. */
function citationsIn(text: string, prefix: string): { doc: string; section: string }[] {
  const pattern = new RegExp(
    `${prefix}(architecture|product)\\.md((?:\\s*(?:,|and)?\\s*§\\d+(?:\\.\\d+)?)+)`,
    'g',
  );
  return [...text.matchAll(pattern)].flatMap((match) =>
    [...match[2]!.matchAll(/§(\d+(?:\.\d+)?)/g)].map((section) => ({
      doc: `docs/${match[1]!}.md`,
      section: section[1]!,
    })),
  );
}

describe('docs: ADR index (docs/decisions/README.md)', () => {
  const adrs = readdirSync(path.join(ROOT, DECISIONS)).filter((name) =>
    /^\d{4}-.+\.md$/.test(name),
  );
  const index = read(`${DECISIONS}/README.md`);
  const linked = [...index.matchAll(/\]\(([^)\s#]+\.md)\)/g)].map((match) => match[1]!);

  it('lists every ADR file, and every ADR it links exists', () => {
    expect(adrs.length).toBeGreaterThan(0);
    expect(adrs.filter((adr) => !linked.includes(adr))).toEqual([]);
    expect(linked.filter((file) => !existsSync(path.join(ROOT, DECISIONS, file)))).toEqual([]);
  });

  it('has a row for every number up to the last, written or not', () => {
    const last = Math.max(...adrs.map((adr) => Number(adr.slice(0, 4))));
    const numbers = Array.from({ length: last }, (_, i) => String(i + 1).padStart(4, '0'));
    expect(numbers.filter((n) => !new RegExp(`^\\| ${n} \\|`, 'm').test(index))).toEqual([]);
  });
});

describe('docs: cited sections exist', () => {
  const headings = new Map([ARCHITECTURE, PRODUCT].map((doc) => [doc, sectionsOf(doc)]));

  it('both documents number their headings with §', () => {
    expect(headings.get(ARCHITECTURE)?.size).toBeGreaterThan(10);
    expect(headings.get(PRODUCT)?.size).toBeGreaterThan(5);
  });

  it('every `docs/architecture.md §N` and `docs/product.md §N` in code names a heading', () => {
    const missing = codeFiles.flatMap((file) =>
      citationsIn(read(file), 'docs/')
        .filter(({ doc, section }) => !headings.get(doc)!.has(section))
        .map(({ doc, section }) => `${file}: ${doc} §${section}`),
    );
    expect(missing).toEqual([]);
  });

  it("the docs' own § references name headings", () => {
    const docs = [
      'README.md',
      'bench/README.md',
      ARCHITECTURE,
      PRODUCT,
      ...readdirSync(path.join(ROOT, DECISIONS)).map((name) => `${DECISIONS}/${name}`),
    ];
    const missing = docs.flatMap((file) => {
      const text = read(file);
      const cited = citationsIn(text, '(?:docs/)?').map(
        ({ doc, section }) => [doc, section] as const,
      );
      // A bare §N inside one of the two documents is its own section.
      const self = [ARCHITECTURE, PRODUCT].includes(file)
        ? [
            ...text
              .replace(/(?:architecture|product)\.md((?:\s*(?:,|and)?\s*§\d+(?:\.\d+)?)+)/g, '')
              .matchAll(/§(\d+(?:\.\d+)?)/g),
          ].map((match) => [file, match[1]!] as const)
        : [];
      return [...cited, ...self]
        .filter(([doc, section]) => !headings.get(doc)!.has(section))
        .map(([doc, section]) => `${file}: ${doc} §${section}`);
    });
    expect(missing).toEqual([]);
  });
});

describe('docs: named source paths exist', () => {
  const topFolders = new Set(
    ['apps/server/src', 'apps/web/src'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    ),
  );
  const baseNames = new Set(codeFiles.map((file) => path.basename(file)));

  /** Inline code spans outside fenced blocks; a span may wrap onto the next line. */
  const codeSpansOf = (text: string) =>
    [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`]+)`/g)].map((match) =>
      match[1]!.replace(/\s+/g, ' '),
    );

  /** A backticked span that names a source file, or a folder under a `src/` we own. */
  function isSourcePath(span: string): boolean {
    if (/[\s<>*{}$]|:\/\//.test(span) || span.startsWith('/')) return false;
    if (/\.(ts|tsx|mjs)$/.test(span)) return true;
    const inside = span.replace(/^apps\/(server|web)\/src\//, '');
    return span.includes('/') && (inside !== span || topFolders.has(inside.split('/')[0]!));
  }

  /** Relative to the root, `apps/server/src/` or `apps/web/src/`; a bare file name anywhere. */
  function exists(span: string): boolean {
    const target = span.replace(/\/$/, '');
    if (PATH_ROOTS.some((root) => existsSync(path.join(ROOT, root, target)))) return true;
    return !target.includes('/') && baseNames.has(target);
  }

  it.each([ARCHITECTURE, PRODUCT, 'README.md'])('%s', (file) => {
    const named = codeSpansOf(read(file)).filter(isSourcePath);
    expect(named.filter((span) => !exists(span))).toEqual([]);
  });

  it('the check sees the paths the docs name', () => {
    expect(codeSpansOf(read(ARCHITECTURE)).filter(isSourcePath).length).toBeGreaterThan(50);
  });
});

describe('docs: nothing built is called planned', () => {
  /** The product map's areas whose state starts with "built", each by the names in its cell. */
  function builtAreas(): { area: string; pattern: RegExp }[] {
    const lines = read(PRODUCT).split('\n');
    const header = lines.findIndex((line) => /^\| area\s+\|.*\| state\s+\|$/.test(line));
    expect(header).toBeGreaterThan(-1);
    const rows: string[][] = [];
    for (const line of lines.slice(header + 2)) {
      if (!line.startsWith('|')) break;
      rows.push(cellsOf(line));
    }
    return rows
      .filter((cells) => /^built\b/i.test(cells.at(-1)!))
      .flatMap(([area]) =>
        area!
          .toLowerCase()
          .split(/\s*(?:,|\band\b|\(|\))\s*/)
          .filter(Boolean)
          .map((name) => ({
            area: area!,
            // "alerts" also names an "alert"; "data sources" a "data source".
            pattern: new RegExp(`\\b${name.replace(/s$/, '').replace(/[-.]/g, '\\$&')}s?\\b`, 'i'),
          })),
      );
  }

  const cellsOf = (row: string) =>
    row
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());

  /** What each "planned" marker of a document is about. */
  function plannedSubjects(text: string): string[] {
    const subjects: string[] = [];
    const blocks = text.split(/\n\s*\n/);
    blocks.forEach((block, i) => {
      const lines = block.split('\n');
      if (lines.every((line) => line.trim().startsWith('|'))) {
        const [header, , ...rows] = lines.map(cellsOf);
        const column = header!.findIndex((cell) => cell.toLowerCase() === 'planned');
        for (const cells of rows) {
          if (column > 0 && cells[column] && !/^(—|-)?$/.test(cells[column])) {
            subjects.push(cells[column]);
          }
          cells.forEach((cell, c) => {
            if (c > 0 && /^planned\b/i.test(cell)) subjects.push(cells[0]!);
          });
        }
      }
      // One list item (or paragraph, or diagram line) at a time.
      const items = block
        .split(/\n(?=\s*(?:[-*]|\d+\.) )/)
        .map((item) => item.replace(/\n\s*/g, ' '));
      const rows = block.includes('```') ? lines : items;
      for (const item of rows) {
        // "alerts [planned, 15]", "notifications (planned, 15)": the subject comes before.
        for (const match of item.matchAll(/[[(]planned\b/gi)) {
          const before = item.slice(0, match.index).split(/[,;:|(]|\s{2,}/);
          subjects.push(before.at(-1)!.trim());
        }
        // "Planned: recent alerts (15), …", "Planned (11): …": the subject comes after.
        for (const match of item.matchAll(/\bplanned(?:\s*\(\d+\))?:/gi)) {
          const after = item
            .slice(match.index + match[0].length)
            .split(/\.(?:\s|$)/)[0]!
            .trim();
          subjects.push(after || (blocks[i + 1] ?? ''));
        }
      }
    });
    return subjects;
  }

  it.each([ARCHITECTURE, PRODUCT])('%s', (file) => {
    const areas = builtAreas();
    expect(areas.length).toBeGreaterThan(0);
    const stale = plannedSubjects(read(file)).flatMap((subject) =>
      areas
        .filter(({ pattern }) => pattern.test(subject))
        .map(({ area }) => `"${subject}" is called planned; product.md's map: ${area} is built`),
    );
    expect(stale).toEqual([]);
  });

  it('the check recognises the ways the docs mark something planned', () => {
    const sample = [
      '| service | owns | planned |',
      '| ------- | ---- | ------- |',
      '| live    | data | alerts (15) |',
      '',
      '  | /composer  composer: sources; connections [planned, 14] |',
      '',
      '- Settings: sorting, notifications (planned, 15).',
      '- Planned: recent alerts (15), play activity (16).',
    ].join('\n');
    expect(plannedSubjects(sample)).toEqual([
      'alerts (15)',
      'connections',
      'notifications',
      'recent alerts (15), play activity (16)',
    ]);
  });
});
