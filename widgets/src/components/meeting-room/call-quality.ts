/**
 * The connection-quality indicator of the call, from `RTCPeerConnection.getStats()`: the round
 * trip of the selected candidate pair and the share of inbound packets lost since the last sample.
 */

export type CallQuality = 'good' | 'fair' | 'poor' | 'unknown';

/** What one sample of one connection says. */
export interface QualitySample {
  /** Seconds, from the nominated candidate pair; null before one is selected. */
  roundTripSeconds: number | null;
  packetsReceived: number;
  packetsLost: number;
}

/** The stats entries this reads (a structural subset of RTCStats). */
interface StatsEntry {
  type: string;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
  packetsReceived?: number;
  packetsLost?: number;
  kind?: string;
}

/**
 * Reads one sample from a stats report.
 *
 * @example
 * const sample = sampleOf(await pc.getStats());
 */
export function sampleOf(
  report: Iterable<[string, StatsEntry]> | Map<string, StatsEntry>,
): QualitySample {
  let roundTripSeconds: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  for (const [, entry] of report) {
    if (entry.type === 'candidate-pair' && entry.state === 'succeeded' && entry.nominated) {
      roundTripSeconds = entry.currentRoundTripTime ?? roundTripSeconds;
    }
    if (entry.type === 'inbound-rtp') {
      packetsReceived += entry.packetsReceived ?? 0;
      packetsLost += Math.max(0, entry.packetsLost ?? 0);
    }
  }
  return { roundTripSeconds, packetsReceived, packetsLost };
}

/**
 * The quality between two samples of one connection: good under 150 ms and 2 % loss, poor over
 * 400 ms or 8 % loss, fair between; unknown until a candidate pair is selected.
 *
 * @example
 * qualityOf(previous, current); // 'good'
 */
export function qualityOf(previous: QualitySample | null, current: QualitySample): CallQuality {
  if (current.roundTripSeconds === null) return 'unknown';
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const loss = received + lost > 0 ? Math.max(0, lost) / (received + Math.max(0, lost)) : 0;
  const rttMs = current.roundTripSeconds * 1000;
  if (rttMs > 400 || loss > 0.08) return 'poor';
  if (rttMs > 150 || loss > 0.02) return 'fair';
  return 'good';
}

/**
 * The call's quality is its worst connection's.
 *
 * @example
 * worstQuality(['good', 'fair']); // 'fair'
 */
export function worstQuality(qualities: readonly CallQuality[]): CallQuality {
  const order: CallQuality[] = ['poor', 'fair', 'good', 'unknown'];
  for (const q of order) if (qualities.includes(q)) return q;
  return 'unknown';
}
