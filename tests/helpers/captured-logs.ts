import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../../server/src/logger.js';

/** A logger configured as the server's (at `level`) whose lines a test reads back: `text()`, emptied by `clear()`. */
export function capturedLogs(level = 'warn') {
  let lines = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines += String(chunk);
      done();
    },
  });
  return {
    logger: pino(loggerOptions(level), sink),
    text: () => lines,
    clear: () => {
      lines = '';
    },
  };
}
