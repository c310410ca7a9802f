/** A script that did not compile, threw, or ran out of its time, memory or stack budget. */
export class JavascriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JavascriptError';
  }
}
