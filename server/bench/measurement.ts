import type { Db } from '../src/db/client.ts';
import type { CannonOptions, CannonResult } from './cannon.ts';
import type { BenchCounts } from './data.ts';

/**
 * What a bench measurement is given and what it answers. A measurement is one entry of
 * `MEASUREMENTS` (measurements.ts); the runner knows nothing else about it.
 */

/** The shared server of a run: the real app over the big database (built once per run). */
export interface BenchServer {
  url: string;
  databaseUrl: string;
  /** The bearer token of a signed-in franchisor (with a few favourites). */
  token: string;
}

export interface BenchContext {
  /** Starts (once per run) and answers the app server over the 100,000-consultant database. */
  server(): Promise<BenchServer>;
  /** Load with autocannon; see cannon.ts. */
  cannon(options: CannonOptions): Promise<CannonResult>;
  /**
   * `/api/health` at `connections` clients with the run's token (the ceiling a ratio is taken
   * against); measure it right before the figure it is compared with.
   */
  health(connections: number): Promise<CannonResult>;
  /** Seconds per load scenario (BENCH_SECONDS, default 4). */
  durationMs: number;
  log(message: string): void;
}

/** One aim: a figure, its bound, and which side of the bound passes. */
export interface Aim {
  /** The name for it, e.g. `P2`. */
  id: string;
  label: string;
  measured: number;
  aim: number;
  /** `max`: measured ≤ aim passes; `min`: measured ≥ aim passes. */
  kind: 'max' | 'min';
  unit: '×' | 'ms' | 'KB' | 's' | '';
  /** What the figure is, for the reader (e.g. `p99 412 ms / health p99 31 ms`). */
  detail?: string;
}

/** A line of the detail table. */
export interface Row {
  scenario: string;
  clients: number | string;
  p50?: number;
  p99?: number;
  rps?: number;
  errors?: number;
}

export interface MeasurementResult {
  aims: Aim[];
  rows?: Row[];
  /** Free text printed under the tables (e.g. the booking race's count). */
  notes?: string[];
}

export interface Measurement {
  /** Short id used to select it: `npm run bench -- P1 P3`. */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<MeasurementResult>;
  /**
   * Adds rows to the shared database after its bulk load and before the server starts (only when
   * this measurement is chosen), e.g. A1's meetings.
   */
  prepareData?(db: Db, counts: BenchCounts, log: (message: string) => void): Promise<void>;
}

export const passes = (a: Aim) => (a.kind === 'max' ? a.measured <= a.aim : a.measured >= a.aim);
