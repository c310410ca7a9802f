// The last lines this process logged, kept in memory so the `server` log backend can show the console's
// own log without a log file: pino writes every line to stdout and to this ring.

/** Lines kept; older ones drop off. */
export const SERVER_LOG_RING_SIZE = 10_000;
/** A longer line is cut to this many characters (one huge error must not hold the memory). */
const MAX_LINE = 16_384;

/** One logged line with its sequence number (1 for the first line since start). */
export interface RingLine {
  seq: number;
  text: string;
}

/** A fixed-size ring of text lines with increasing sequence numbers. */
export class LogRing {
  private readonly lines: (string | undefined)[];
  private next = 1;

  constructor(readonly size = SERVER_LOG_RING_SIZE) {
    this.lines = new Array<string | undefined>(size);
  }

  /** Adds one chunk as pino writes it (one JSON line ending in a newline, or several). */
  push(chunk: string): void {
    for (const raw of chunk.split('\n')) {
      if (raw === '') continue;
      this.lines[this.next % this.size] = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
      this.next++;
    }
  }

  /** The newest sequence number, 0 when nothing was logged. */
  get last(): number {
    return this.next - 1;
  }

  /** The oldest sequence number still held. */
  get first(): number {
    return Math.max(1, this.next - this.size);
  }

  /** The line with this sequence number, when still held. */
  at(seq: number): RingLine | undefined {
    if (seq < this.first || seq > this.last) return undefined;
    const text = this.lines[seq % this.size];
    return text === undefined ? undefined : { seq, text };
  }
}

/** The process's ring: every app this process creates logs into it. */
export const serverLogRing = new LogRing();

/** A pino destination that writes to stdout and keeps the line in the ring. */
export function teeToRing(ring: LogRing = serverLogRing): { write(chunk: string): boolean } {
  return {
    write(chunk: string): boolean {
      ring.push(chunk);
      return process.stdout.write(chunk);
    },
  };
}
