import type { CannonOptions, CannonResult } from './cannon.ts';
import type { BenchContext, Row } from './measurement.ts';

/**
 * One load scenario measured right after the health check it is compared with, at the same
 * number of clients: both figures, and their two rows of the detail table (the health check's
 * first). A scenario with errors is logged.
 * @example const { health, result, rows } = await besideHealth(ctx, 'search', { url, path, connections: 32, headers });
 */
export async function besideHealth(
  ctx: BenchContext,
  name: string,
  options: Omit<CannonOptions, 'durationMs'>,
): Promise<{ health: CannonResult; result: CannonResult; rows: Row[] }> {
  const health = await ctx.health(options.connections);
  const result = await ctx.cannon({ ...options, durationMs: ctx.durationMs });
  if (result.errors > 0) ctx.log(`${name}: ${result.errors} errors`);
  const row = (scenario: string, r: CannonResult): Row => ({
    scenario,
    clients: options.connections,
    ...r,
  });
  return {
    health,
    result,
    rows: [row(`/api/health (before ${name})`, health), row(name, result)],
  };
}
