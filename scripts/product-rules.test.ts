import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every "rule N" cited in the repository is a section of docs/product-rules.md, and no comment,
 * test title or doc still cites the outside spec's numbers ("D" + number), the old robustness
 * list's labels ("R" + digit) or the tracker's issue numbers, which resolve nowhere in the
 * repository: code names the rule or aim it serves.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const RULES_DOC = 'docs/product-rules.md';
const SKIPPED = new Set([RULES_DOC, 'package-lock.json']);

/** `## Rule 16. The meeting room and measured presence` → 16. */
const HEADING = /^## Rule (\d+)\. \S.*$/gm;
/** "rule 7", "Rules 2 and 8", "rules 11, 12, 13 and 15", "rules 8–10". */
const CITATION = /\b[Rr]ules? (\d+(?:(?:, | and |–)\d+)*)/g;
const OLD_CITATIONS = [
  /\bD(?:1[0-9]|2[0-3]|[1-9])\b/g,
  /\bR[1-9]\b/g,
  /\b[Ii]ssues? #?\d+(?:\.\d+)?/g,
];

/**
 * Real uses of those labels that are not citations, removed from a line before it is checked:
 * Cloudflare's bucket service (spelled in parts here, so this file passes its own scan).
 */
const ALLOWED_OLD_STYLE: readonly { path: string; text: string }[] = [
  { path: 'docs/operations.md', text: `Cloudflare ${'R'}2` },
];

/**
 * The rule numbers a citation names, ranges expanded.
 *
 * @example citedNumbers('rules 8–10 and 12') // [8, 9, 10, 12]
 */
function citedNumbers(list: string): number[] {
  const numbers: number[] = [];
  for (const item of list.split(/, | and /)) {
    const [from, to] = item.split('–').map(Number);
    if (from === undefined) continue;
    for (let n = from; n <= (to ?? from); n += 1) numbers.push(n);
  }
  return numbers;
}

/** Every cited rule number on every line of `text`, with its line number (1-based). */
function citations(text: string): { line: number; rule: number }[] {
  const found: { line: number; rule: number }[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(CITATION)) {
      for (const rule of citedNumbers(match[1] ?? '')) found.push({ line: index + 1, rule });
    }
  });
  return found;
}

/** Old-style citations left on the lines of `text`, after the allowed uses of `path` are removed. */
function oldCitations(path: string, text: string): { line: number; label: string }[] {
  const allowed = ALLOWED_OLD_STYLE.filter((entry) => entry.path === path);
  const found: { line: number; label: string }[] = [];
  text.split('\n').forEach((content, index) => {
    const checked = allowed.reduce((line, entry) => line.replaceAll(entry.text, ''), content);
    for (const pattern of OLD_CITATIONS) {
      for (const match of checked.matchAll(pattern))
        found.push({ line: index + 1, label: match[0] });
    }
  });
  return found;
}

/** The rule numbers that have a section in the rules document. */
function ruleHeadings(doc: string): number[] {
  return [...doc.matchAll(HEADING)].map((match) => Number(match[1]));
}

/** Tracked text files, as they are in the working tree (binary files have a NUL byte). */
function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && !SKIPPED.has(path) && existsSync(join(root, path)));
  return paths.flatMap((path) => {
    const bytes = readFileSync(join(root, path));
    if (bytes.subarray(0, 8000).includes(0)) return [];
    return [{ path, text: bytes.toString('utf8') }];
  });
}

describe('the citation readers', () => {
  it('read single rules, lists and ranges', () => {
    expect(citations('per rule 8; Rules 2 and 8: x')).toEqual([
      { line: 1, rule: 8 },
      { line: 1, rule: 2 },
      { line: 1, rule: 8 },
    ]);
    expect(citations('a\n(rules 11, 12, 13 and 15)').map((c) => c.rule)).toEqual([11, 12, 13, 15]);
    expect(citedNumbers('8–10')).toEqual([8, 9, 10]);
    expect(citations('the layout rules hide the footer; 18+ rule')).toEqual([]);
  });

  it('find the old labels, except the allowed uses', () => {
    const spec = `${'D'}16`;
    const robustness = `${'R'}4`;
    expect(oldCitations('a.ts', `// (${spec}) and ${robustness}:`)).toEqual([
      { line: 1, label: spec },
      { line: 1, label: robustness },
    ]);
    expect(oldCitations('a.ts', 'D24, D100, AD16, R10, R2D2, 3D')).toEqual([]);
    const tracker = `${'issue'} 31.4`;
    expect(oldCitations('a.ts', `// (${tracker}) and ${'Issue'} #14:`)).toEqual([
      { line: 1, label: tracker },
      { line: 1, label: `${'Issue'} #14` },
    ]);
    expect(oldCitations('a.ts', 'the issues list; an issue with 3 parts')).toEqual([]);
    expect(oldCitations('docs/operations.md', `AWS S3, Cloudflare ${'R'}2,`)).toEqual([]);
    expect(oldCitations('other.md', `AWS S3, Cloudflare ${'R'}2,`)).toHaveLength(1);
  });
});

describe(RULES_DOC, () => {
  const doc = readFileSync(join(root, RULES_DOC), 'utf8');
  const rules = ruleHeadings(doc);
  const files = trackedTextFiles();

  it('has one section per rule, in order', () => {
    expect(rules.length).toBeGreaterThan(0);
    expect([...rules].sort((a, b) => a - b)).toEqual(rules);
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('names code and tests that exist on every "Where:" line', () => {
    // A "Where:" paragraph runs to the next blank line.
    const where = doc.split('\n\n').filter((paragraph) => paragraph.startsWith('Where:'));
    const paths = where.flatMap((paragraph) =>
      [...paragraph.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''),
    );
    expect(where.length).toBe(rules.length);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('has a section for every rule cited in the repository', () => {
    const known = new Set(rules);
    const unknown = files.flatMap(({ path, text }) =>
      citations(text)
        .filter(({ rule }) => !known.has(rule))
        .map(({ line, rule }) => `${path}:${line}: rule ${rule} has no section in ${RULES_DOC}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is cited instead of the spec numbers, the old robustness labels and issue numbers', () => {
    const old = files.flatMap(({ path, text }) =>
      oldCitations(path, text).map(
        ({ line, label }) => `${path}:${line}: ${label} (cite "rule N" or name the aim)`,
      ),
    );
    expect(old).toEqual([]);
  });
});
