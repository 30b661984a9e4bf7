import { Writable } from 'node:stream';

/**
 * A log destination that keeps every line written to it: parsed (`lines`) and as written (`raw`).
 * Test-only.
 * @example const out = logMemory(); const logger = createLogger('info', out.stream); … out.lines[0]?.msg;
 */
export function logMemory() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines, raw };
}
