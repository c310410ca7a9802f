// Registers extension functions on a cel-js Environment. Handlers get CEL values (ints as BigInt)
// and return CEL values; namespaced names ("time.Now") are recorded for the source rewrite.
import { EvaluationError, type Environment } from '@marcbachmann/cel-js';

const TYPE_ALIASES: Record<string, string> = {
  timestamp: 'google.protobuf.Timestamp',
  duration: 'google.protobuf.Duration',
};

const alias = (t: string) => TYPE_ALIASES[t] ?? t;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers take CEL values of declared types
export type CelHandler = (...args: any[]) => unknown;

/** Rethrows a handler's plain Error as a cel-js error, so cel-js attaches the call's position. */
function positioned(handler: CelHandler, params: string[]): CelHandler {
  if (params.includes('ast')) return handler;
  return (...args: unknown[]) => {
    try {
      return handler(...args);
    } catch (e) {
      if (e instanceof Error && !('range' in e)) throw new EvaluationError(e.message);
      throw e;
    }
  };
}

/** Collects registrations for one environment. */
export class CelRegistrar {
  readonly namespaced = new Set<string>();
  readonly names = new Set<string>();

  constructor(private readonly env: Environment) {}

  /** A global or namespaced function: `fn('time.Now', [], 'timestamp', h)` → `time.Now()`. */
  fn(name: string, params: string[], returns: string, handler: CelHandler): this {
    if (name.includes('.')) this.namespaced.add(name);
    this.names.add(name);
    const sig = `${name.replace('.', '_')}(${params.map(alias).join(', ')}): ${alias(returns)}`;
    this.env.registerFunction(sig, positioned(handler, params));
    return this;
  }

  /** A receiver-style method: `method('string', 'charAt', ['int'], 'string', h)` → `'x'.charAt(0)`. */
  method(receiver: string, name: string, params: string[], returns: string, handler: CelHandler): this {
    this.names.add(`.${name}`);
    this.env.registerFunction(
      `${alias(receiver)}.${name}(${params.map(alias).join(', ')}): ${alias(returns)}`,
      positioned(handler, params),
    );
    return this;
  }
}

export type CelLibrary = (r: CelRegistrar) => void;
