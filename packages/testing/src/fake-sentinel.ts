/**
 * @module fake-sentinel
 * A Redis Sentinel that the test drives: it speaks RESP on 127.0.0.1 and answers the few
 * commands a client sends a sentinel (`SENTINEL get-master-addr-by-name`, `SENTINEL master`
 * with a configuration epoch, `SENTINEL sentinels`, `SUBSCRIBE +switch-master`, `PING`), with
 * the primary the test names. A test
 * can hold the answer to the next primary lookup and announce `+switch-master` to the
 * subscribers while the lookup is held: the exact moment a real failover's announcement can
 * meet a client that is already asking for the primary, which a real sentinel set shows only
 * now and then (docs/operations.md, "Redis failover").
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface FakeSentinel {
  port: number;
  /** Connections subscribed to `channel` (`+switch-master` unless said) now. */
  subscribers(channel?: string): number;
  /** Resolves once at least `n` connections are subscribed to `channel` (`+switch-master` unless said). */
  whenSubscribed(n?: number, channel?: string): Promise<void>;
  /** Sends `message` to the subscribers of `channel`, as a sentinel announces its events. */
  publish(channel: string, message: string): void;
  /** Whether `SENTINEL MASTER` shows `failover_in_progress` in the primary's flags. */
  setFailingOver(on: boolean): void;
  /** The primary the next lookups answer (a new configuration epoch). */
  setPrimary(port: number): void;
  /**
   * Holds every `get-master-addr-by-name` from now on; `asked` resolves once a client has
   * asked. Released, the held lookups (and later ones) are answered with the primary set then.
   */
  holdLookups(): { asked: Promise<void>; waiting(): number; release(): void };
  /** Publishes `+switch-master <name> 127.0.0.1 <old> 127.0.0.1 <new>` to its subscribers. */
  announceSwitch(oldPort: number, newPort: number): void;
  /** Primary lookups answered so far. */
  lookups(): number;
  close(): Promise<void>;
}

function bulk(s: string): string {
  return `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
}

function array(items: string[]): string {
  return `*${items.length}\r\n${items.map(bulk).join('')}`;
}

/** Reads RESP arrays of bulk strings (what clients send) from a stream's chunks. */
function commandReader(onCommand: (args: string[]) => void): (chunk: Buffer) => void {
  let buf = Buffer.alloc(0);
  return (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length === 0 || buf[0] !== 0x2a /* '*' */) {
        // Inline command (a line of words).
        const eol = buf.indexOf('\r\n');
        if (eol < 0) return;
        const line = buf.subarray(0, eol).toString('utf8').trim();
        buf = buf.subarray(eol + 2);
        if (line !== '') onCommand(line.split(/\s+/u));
        continue;
      }
      const args: string[] = [];
      let at = buf.indexOf('\r\n');
      if (at < 0) return;
      const count = Number(buf.subarray(1, at).toString());
      let pos = at + 2;
      let complete = true;
      for (let i = 0; i < count; i++) {
        at = buf.indexOf('\r\n', pos);
        if (at < 0) { complete = false; break; }
        const len = Number(buf.subarray(pos + 1, at).toString());
        const start = at + 2;
        if (buf.length < start + len + 2) { complete = false; break; }
        args.push(buf.subarray(start, start + len).toString('utf8'));
        pos = start + len + 2;
      }
      if (!complete) return;
      buf = buf.subarray(pos);
      onCommand(args);
    }
  };
}

export async function startFakeSentinel(opts: { name: string; primaryPort: number }): Promise<FakeSentinel> {
  let primary = opts.primaryPort;
  let epoch = 0;
  let failingOver = false;
  let answered = 0;
  const subscribed = new Map<Socket, Set<string>>();
  const count = (channel: string): number => [...subscribed.values()].filter((c) => c.has(channel)).length;
  const sockets = new Set<Socket>();
  const subscribedWaiters: Array<{ n: number; channel: string; resolve: () => void }> = [];
  let held: Array<() => void> | null = null;
  let onAsked: (() => void) | null = null;

  const notifySubscribed = (): void => {
    for (const w of [...subscribedWaiters]) {
      if (count(w.channel) >= w.n) {
        subscribedWaiters.splice(subscribedWaiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  const publish = (channel: string, message: string): void => {
    for (const [s, channels] of subscribed) if (channels.has(channel)) s.write(`*3\r\n${bulk('message')}${bulk(channel)}${bulk(message)}`);
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      subscribed.delete(socket);
    });
    socket.on('data', commandReader((args) => {
      const cmd = (args[0] ?? '').toUpperCase();
      const sub = (args[1] ?? '').toLowerCase();
      if (cmd === 'SENTINEL' && sub === 'get-master-addr-by-name') {
        const answer = (): void => {
          answered++;
          if (!socket.destroyed) socket.write(args[2] === opts.name ? array(['127.0.0.1', String(primary)]) : '*-1\r\n');
        };
        if (held) {
          held.push(answer);
          onAsked?.();
        } else {
          answer();
        }
      } else if (cmd === 'SENTINEL' && sub === 'master' && args[2] === opts.name) {
        socket.write(array(['name', opts.name, 'ip', '127.0.0.1', 'port', String(primary), 'flags', failingOver ? 'master,failover_in_progress' : 'master', 'config-epoch', String(epoch)]));
      } else if (cmd === 'SENTINEL') {
        socket.write('*0\r\n'); // no other sentinels, no replicas
      } else if (cmd === 'SUBSCRIBE') {
        const channels = subscribed.get(socket) ?? new Set<string>();
        for (const channel of args.slice(1)) {
          channels.add(channel);
          socket.write(`*3\r\n${bulk('subscribe')}${bulk(channel)}:${channels.size}\r\n`);
        }
        subscribed.set(socket, channels);
        notifySubscribed();
      } else if (cmd === 'PING') {
        socket.write('+PONG\r\n');
      } else if (cmd === 'QUIT') {
        socket.end('+OK\r\n');
      } else {
        socket.write('+OK\r\n'); // CLIENT SETNAME, CLIENT SETINFO, ...
      }
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    subscribers: (channel = '+switch-master') => count(channel),
    whenSubscribed: (n = 1, channel = '+switch-master') => new Promise<void>((resolve) => {
      subscribedWaiters.push({ n, channel, resolve });
      notifySubscribed();
    }),
    publish,
    setFailingOver(on) {
      failingOver = on;
    },
    setPrimary(p) {
      primary = p;
      epoch++;
    },
    holdLookups() {
      const waiting: Array<() => void> = [];
      held = waiting;
      const asked = new Promise<void>((resolve) => {
        onAsked = resolve;
      });
      return {
        asked,
        waiting: () => waiting.length,
        release() {
          if (held === waiting) held = null;
          onAsked = null;
          for (const answer of waiting.splice(0)) answer();
        },
      };
    },
    announceSwitch(oldPort, newPort) {
      publish('+switch-master', `${opts.name} 127.0.0.1 ${oldPort} 127.0.0.1 ${newPort}`);
    },
    lookups: () => answered,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
