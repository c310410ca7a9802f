/** The expression languages of this module; each error names the one that failed. */
export type ExprLanguage = 'cel' | 'template' | 'jq' | 'jsonpath';

/** Where in the source text a problem is: 1-based line and column plus the 0-based offset. */
export interface ExprPosition {
  line: number;
  column: number;
  offset: number;
}

/**
 * The one error type every expression engine throws: a message that starts with the language and
 * position ("template: 1:7: function \"foo\" not defined"), plus the parts for callers that want them.
 */
export class ExprError extends Error {
  readonly language: ExprLanguage;
  readonly position: ExprPosition | undefined;
  readonly reason: string;

  constructor(language: ExprLanguage, reason: string, position?: ExprPosition) {
    super(position ? `${language}: ${position.line}:${position.column}: ${reason}` : `${language}: ${reason}`);
    this.name = 'ExprError';
    this.language = language;
    this.reason = reason;
    this.position = position;
  }
}

/** Turns a 0-based offset into the 1-based line/column pair used in messages. */
export function positionAt(source: string, offset: number): ExprPosition {
  const clamped = Math.max(0, Math.min(offset, source.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: clamped - lineStart + 1, offset: clamped };
}

/** Counts work done by an interpreter and stops it once a budget is spent, so nothing can hang. */
export class StepBudget {
  private remaining: number;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
    this.remaining = limit;
  }

  /** Spends `n` steps; throws a plain Error the caller wraps with its own language and position. */
  spend(n = 1): void {
    this.remaining -= n;
    if (this.remaining < 0) throw new BudgetExceededError(this.limit);
  }
}

/** Raised when a step budget runs out; engines turn it into an ExprError. */
export class BudgetExceededError extends Error {
  constructor(limit: number) {
    super(`evaluation exceeded the step budget of ${limit} steps`);
    this.name = 'BudgetExceededError';
  }
}
