// Why a run's worker stops what it is doing: a cancel, a shutdown of this process, or a time limit.
// The engine aborts a run's controller with one of these; the executor reads the kind to close rows honestly.

export type StopKind = 'cancelled' | 'shutdown' | 'action_timeout' | 'run_timeout';

/** An abort reason that both says why (for the action's error) and what kind of stop it is. */
export class RunStop extends Error {
  constructor(
    readonly kind: StopKind,
    message: string,
  ) {
    super(message);
    this.name = 'RunStop';
  }
}

/** The stop kind of an aborted signal, if it was aborted by the engine. */
export function stopKindOf(signal: AbortSignal): StopKind | undefined {
  return signal.aborted && signal.reason instanceof RunStop ? signal.reason.kind : undefined;
}

/** A signal aborted after `ms` with a RunStop of `kind` (undefined ms: never); `clear` stops its timer. */
export function timeLimit(ms: number | undefined, kind: StopKind, message: string): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  if (ms === undefined) return { signal: controller.signal, clear: () => undefined };
  const timer = setTimeout(() => controller.abort(new RunStop(kind, message)), Math.max(0, ms));
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
