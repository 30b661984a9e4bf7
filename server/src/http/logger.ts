export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  debug(message: string, detail?: unknown): void;
}

const rank: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

/**
 * A minimal leveled logger writing one line per event to stdout/stderr.
 * @example const logger = createLogger('info'); logger.info('listening', { port });
 */
export function createLogger(level: LogLevel): Logger {
  const at = rank[level];
  const line = (lvl: string, message: string, detail: unknown) => {
    const suffix =
      detail === undefined
        ? ''
        : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : JSON.stringify(detail)}`;
    return `${new Date().toISOString()} ${lvl} ${message}${suffix}`;
  };
  return {
    error: (m, d) => {
      if (at >= 1) console.error(line('error', m, d));
    },
    info: (m, d) => {
      if (at >= 2) console.log(line('info', m, d));
    },
    debug: (m, d) => {
      if (at >= 3) console.log(line('debug', m, d));
    },
  };
}
