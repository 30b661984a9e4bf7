/** How long a writer waits for another process's or connection's lock (and a reader for a writer's). */
export const BUSY_TIMEOUT_MS = 10_000;
