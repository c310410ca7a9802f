// A minimal RESP2 client over node:net: enough for AUTH, SELECT, PING and INFO, so the redis check
// needs no driver. Commands are sent one at a time; replies are parsed incrementally.
import { connect, type Socket } from 'node:net';

export type RespValue = string | number | null | RespValue[] | RespError;

/** An error reply ("-ERR …"). */
export class RespError extends Error {}

/** A connected client; call `close` when done. */
export class RespClient {
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (v: RespValue) => void; reject: (e: Error) => void } | undefined;
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    const fail = (err: Error) => {
      this.failure = err;
      this.waiting?.reject(err);
      this.waiting = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed by the server')));
  }

  /** Connects to host:port; rejects on error or after `timeoutMs`. */
  static connect(host: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<RespClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => fail(new Error(`dial tcp ${host}:${port}: i/o timeout`)), Math.max(1, timeoutMs));
      const onAbort = () => fail(new Error('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      function fail(err: Error) {
        clearTimeout(timer);
        socket.destroy();
        reject(err);
      }
      socket.once('error', fail);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', fail);
        resolve(new RespClient(socket));
      });
      signal.addEventListener('abort', () => socket.destroy(), { once: true });
    });
  }

  /** Sends one command and waits for its reply; error replies reject with RespError. */
  command(...args: string[]): Promise<RespValue> {
    if (this.failure) return Promise.reject(this.failure);
    const parts = [`*${args.length}\r\n`, ...args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`)];
    return new Promise((resolve, reject) => {
      this.waiting = { resolve: (v) => (v instanceof RespError ? reject(v) : resolve(v)), reject };
      this.socket.write(parts.join(''));
      this.drain();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private drain(): void {
    if (!this.waiting) return;
    let parsed: [RespValue, number] | undefined;
    try {
      parsed = parseReply(this.buffer, 0);
    } catch (err) {
      this.failure = err as Error;
      this.waiting.reject(this.failure);
      this.waiting = undefined;
      this.socket.destroy();
      return;
    }
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed[1]);
    const w = this.waiting;
    this.waiting = undefined;
    w.resolve(parsed[0]);
  }
}

/** Parses one reply at `off`; undefined when more bytes are needed. */
export function parseReply(buf: Buffer, off: number): [RespValue, number] | undefined {
  const eol = buf.indexOf('\r\n', off);
  if (eol < 0) return undefined;
  const line = buf.toString('utf8', off + 1, eol);
  const next = eol + 2;
  switch (String.fromCharCode(buf[off]!)) {
    case '+':
      return [line, next];
    case '-':
      return [new RespError(line), next];
    case ':':
      return [Number(line), next];
    case '$': {
      const len = Number(line);
      if (len < 0) return [null, next];
      if (buf.length < next + len + 2) return undefined;
      return [buf.toString('utf8', next, next + len), next + len + 2];
    }
    case '*': {
      const n = Number(line);
      if (n < 0) return [null, next];
      const items: RespValue[] = [];
      let p = next;
      for (let i = 0; i < n; i++) {
        const item = parseReply(buf, p);
        if (!item) return undefined;
        items.push(item[0]);
        p = item[1];
      }
      return [items, p];
    }
    default:
      throw new Error(`unexpected reply from the server: ${JSON.stringify(line.slice(0, 40))}`);
  }
}
