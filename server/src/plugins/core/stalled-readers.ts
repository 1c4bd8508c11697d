import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** How often the open connections are looked at. */
export const STALLED_READER_CHECK_MS = 20_000;

/** Looks in a row that find a connection's answer stalled before it is closed: 40 to 60 s of nothing read. */
const STALLED_LOOKS = 2;

/** What a connection still had to send at the last look. */
interface Waiting {
  /** Bytes queued in the process, not yet taken by the kernel. */
  queued: number;
  /** Bytes the connection had been given to send, in all. */
  given: number;
  /** Looks in a row since which neither has moved. */
  stalled: number;
}

/**
 * Closes a connection whose client has stopped reading its answer: bytes wait in the process to be
 * sent, and for two looks in a row none has left and none was added. Not a socket idle timeout,
 * which re-arms a timer on every read and every write of every request; one timer
 * for the server looking at each open connection, the way Node checks its own header and request
 * timeouts, costs the requests nothing. A client slow to send its request is Node's to end
 * (`requestTimeout`), an idle keep-alive connection too (`keepAliveTimeout`).
 */
export default fp<{ everyMs?: number }>(
  async (app, options) => {
    const everyMs = options.everyMs ?? STALLED_READER_CHECK_MS;
    const open = new Map<Socket, Waiting | null>();
    app.server.on('connection', (socket: Socket) => {
      open.set(socket, null);
      socket.once('close', () => open.delete(socket));
    });
    let lookedAt = performance.now();
    const look = setInterval(() => {
      // A look that comes late says the process itself stood still (a long pause, a throttled
      // CPU): no client had the chance to read, so this look counts for nothing.
      const now = performance.now();
      const late = now - lookedAt > everyMs * 1.5;
      lookedAt = now;
      for (const [socket, before] of open) {
        const queued = socket.writableLength;
        if (queued === 0) {
          if (before) open.set(socket, null);
          continue;
        }
        const given = socket.bytesWritten;
        const still = before !== null && before.queued === queued && before.given === given;
        const stalled = still ? before.stalled + (late ? 0 : 1) : 0;
        if (stalled >= STALLED_LOOKS) {
          app.log.warn({ queuedBytes: queued, stalledMs: stalled * everyMs }, 'connection closed: its client read nothing of the answer');
          socket.destroy();
          continue;
        }
        open.set(socket, { queued, given, stalled });
      }
    }, everyMs);
    look.unref();
    app.addHook('onClose', async () => clearInterval(look));
  },
  { name: 'stalled-readers' },
);
