import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import stalledReaders from './stalled-readers.js';

/** 64 MiB in chunks of 64 KiB: more than the loopback's socket buffers hold, sent as a download is. */
const CHUNK = Buffer.alloc(64 * 1024, 'a');
const CHUNKS = 1024;

let app: FastifyInstance;
afterEach(() => app.close());

async function serverWithLargeAnswer(): Promise<number> {
  app = Fastify();
  await app.register(stalledReaders, { everyMs: 400 });
  app.get('/grande', async (_request, reply) => reply.type('application/octet-stream').send(Readable.from(Array.from({ length: CHUNKS }, () => CHUNK))));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/** Asks for the large answer on a raw connection; the caller decides how the client reads it. */
function ask(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.write('GET /grande HTTP/1.1\r\nHost: localhost\r\n\r\n');
  return socket;
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
/** The connections the server still holds. */
const held = () => new Promise<number>((resolve, reject) => app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));

describe('a client that stops reading its answer', () => {
  it('loses its connection once nothing of the answer leaves for two looks in a row', async () => {
    const port = await serverWithLargeAnswer();
    const accepted = once(app.server, 'connection');
    const socket = ask(port);
    await accepted;
    // Reads nothing: the socket's buffers fill, then the server's. The client, behind the answer
    // it does not read, sees no end: the server is asked.
    socket.pause();
    socket.on('error', () => undefined);
    try {
      await expect.poll(held, { timeout: 10_000, interval: 50 }).toBe(0);
      expect(socket.bytesRead).toBeLessThan(CHUNK.length * CHUNKS);
    } finally {
      socket.destroy();
    }
  });

  it('keeps a client that reads slowly but keeps reading, to the end of the answer', async () => {
    const socket = ask(await serverWithLargeAnswer());
    let received = 0;
    socket.on('data', (data: Buffer) => {
      received += data.length;
      // A reader slower than the server: a pause after each read, long beside the looks' pace.
      socket.pause();
      setTimeout(() => socket.resume(), 2);
      if (received >= CHUNK.length * CHUNKS) socket.end();
    });
    await closed(socket);
    expect(received).toBeGreaterThan(CHUNK.length * CHUNKS);
  });
});
