import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** How often the open connections are looked at: a client that reads nothing of an answer for this long, up to twice this, loses its connection. */
export const STALLED_READER_CHECK_MS = 30_000;

/** What a connection still had to send at the last look. */
interface Waiting {
  /** Bytes queued in the process, not yet taken by the kernel. */
  queued: number;
  /** Bytes the connection had been given to send, in all. */
  given: number;
}

/**
 * Closes a connection whose client has stopped reading its answer: bytes wait in the process to be
 * sent, and from one look to the next none has left and none was added. A socket idle timeout did
 * this before, but it re-arms a timer on every read and every write of every request; one timer
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
    const look = setInterval(() => {
      for (const [socket, before] of open) {
        const queued = socket.writableLength;
        if (queued === 0) {
          if (before) open.set(socket, null);
          continue;
        }
        const given = socket.bytesWritten;
        if (before && before.queued === queued && before.given === given) {
          app.log.warn({ queuedBytes: queued, lookedEveryMs: everyMs }, 'connection closed: its client read nothing of the answer between two looks');
          socket.destroy();
          continue;
        }
        open.set(socket, { queued, given });
      }
    }, everyMs);
    look.unref();
    app.addHook('onClose', async () => clearInterval(look));
  },
  { name: 'stalled-readers' },
);
