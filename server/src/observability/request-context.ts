import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request spent upstream, for its single log line; and its id, carried to the back office. */
export interface RequestContext {
  requestId: string;
  upstreamMs: number;
  upstreamCalls: number;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The current request's context, if the call happens inside one. */
export const currentRequest = (): RequestContext | undefined => requestContext.getStore();
