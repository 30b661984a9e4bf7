import { type DestinationStream, pino } from 'pino';
import { currentRequest } from './request-context.ts';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  debug(message: string, detail?: unknown): void;
}

/**
 * Keys whose values never reach a log line, at any depth we log: credentials, tokens and secrets.
 * A value is replaced, the key stays, so a line still says that something was there.
 */
export const REDACTED_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'oldPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'ticket',
  'secret',
  'apiKey',
] as const;

const redactPaths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** Detail as structured fields: an error with its stack as `err`, anything else as `detail`. */
function fieldsOf(detail: unknown): Record<string, unknown> {
  if (detail === undefined) return {};
  return detail instanceof Error ? { err: detail } : { detail };
}

const silentLogger: Logger = { error: () => {}, info: () => {}, debug: () => {} };

let sharedStdout: DestinationStream | undefined;
/** How long a line may wait in the buffer before it is written anyway. */
const FLUSH_EVERY_MS = 1_000;

/**
 * One buffered stdout stream per process: written in 4 KB batches, and at least once a second so
 * that a quiet server's lines (a demo's mail with its link) do not wait for the next batch;
 * flushed synchronously when the process exits.
 */
function stdout(): DestinationStream {
  if (!sharedStdout) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once('exit', () => stream.flushSync());
    setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
    sharedStdout = stream;
  }
  return sharedStdout;
}

/**
 * The server's logger: one JSON object per line (pino), with the level, the ISO time, the request
 * id of the request being served (see `runInRequest`) and no credentials (see `REDACTED_KEYS`).
 * Lines are buffered and written asynchronously, so logging does not hold up a request.
 *
 * @example
 * const logger = createLogger('info');
 * logger.info('listening', { port: 8787 });
 * // {"level":"info","time":"2026-11-25T15:40:00.000Z","msg":"listening","detail":{"port":8787}}
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  if (level === 'silent') return silentLogger;
  const base = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'msg',
      redact: { paths: redactPaths, censor: '[redacted]' },
      mixin: () => {
        const request = currentRequest();
        return request ? { reqId: request.reqId } : {};
      },
    },
    destination ?? stdout(),
  );
  return {
    error: (message, detail) => base.error(fieldsOf(detail), message),
    info: (message, detail) => base.info(fieldsOf(detail), message),
    debug: (message, detail) => base.debug(fieldsOf(detail), message),
  };
}
