import cronParser from 'cron-parser';

/**
 * A parsed cron expression: five fields, or six with seconds first (`*\/5 * * * * *`). Evaluated in
 * UTC so every server process computes the same ticks whatever its local time zone.
 */
export class Cron {
  private constructor(readonly expression: string) {}

  /** Parse and validate; the error names the expression and what is wrong with it. */
  static parse(expression: string): Cron {
    try {
      cronParser.parseExpression(expression, { tz: 'UTC' });
    } catch (err) {
      throw new Error(`invalid cron expression "${expression}": ${(err as Error).message}`, { cause: err });
    }
    return new Cron(expression);
  }

  /** The latest tick at or before `at`. */
  previous(at: Date): Date {
    // cron-parser's prev() is strictly before its current date; 1 ms later makes an exact tick count.
    const it = cronParser.parseExpression(this.expression, { tz: 'UTC', currentDate: new Date(at.getTime() + 1) });
    return it.prev().toDate();
  }

  /** The first tick strictly after `at`. */
  next(at: Date): Date {
    const it = cronParser.parseExpression(this.expression, { tz: 'UTC', currentDate: at });
    return it.next().toDate();
  }
}
