// Parses the summary of iputils `ping` (Debian's iputils-ping) and busybox ping.

/** Packets and round-trip times from ping's summary lines. */
export interface PingSummary {
  transmitted: number;
  received: number;
  /** Percent of packets lost (0–100). */
  loss: number;
  rtt?: { min: number; avg: number; max: number };
}

/**
 * Reads "N packets transmitted, M received, X% packet loss" and
 * "rtt min/avg/max/mdev = a/b/c/d ms" (busybox: "round-trip min/avg/max = a/b/c ms").
 */
export function parsePingOutput(output: string): PingSummary | undefined {
  const counts =
    /(\d+) packets transmitted, (\d+) (?:packets )?received(?:, \+\d+ errors)?(?:, \+\d+ duplicates)?, ([\d.]+)% packet loss/.exec(output);
  if (!counts) return undefined;
  const summary: PingSummary = { transmitted: Number(counts[1]), received: Number(counts[2]), loss: Number(counts[3]) };
  const rtt = /(?:rtt|round-trip) min\/avg\/max(?:\/mdev)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(output);
  if (rtt) summary.rtt = { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) };
  return summary;
}
