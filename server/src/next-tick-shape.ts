import { executionAsyncResource } from 'node:async_hooks';

/**
 * Keeps one of Node.js's next-tick records alive for the life of the process, so that every
 * `process.nextTick` (seven a request, inside Node.js's HTTP server and streams) builds its record
 * on the fast path.
 *
 * Node.js builds each record as an object literal with computed symbol keys
 * (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, [async_context_frame]: …, callback, args }`).
 * V8 links the shapes that literal passes through by weak transitions: a full garbage collection that
 * finds no record alive (the queue is empty between requests) drops them, and the next record gets
 * new ones. After four such collections (a server's start makes more) the literal's property sites
 * go megamorphic for good, and every record is then built in V8's runtime, seven times a request.
 * One record kept alive keeps its shapes, and the sites stay monomorphic. What that saves a home
 * screen, by `npm run bench:composition`: docs/performance.md, "The next-tick record".
 *
 * Imported first by the process entry, before the modules whose loading starts the collections.
 */
let kept: object | undefined;

process.nextTick(() => {
  kept = executionAsyncResource();
});

/** The record kept (undefined until the first tick has run). */
export const keptTickRecord = (): object | undefined => kept;
