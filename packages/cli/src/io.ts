/** What a command reads and writes, so tests can run `main` in-process with their own streams and env. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** The whole of standard input (for `-f -`). */
  readStdin(): Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** The real process: stdout, stderr, stdin, environment and working directory. */
export function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    env: process.env,
    cwd: process.cwd(),
  };
}
