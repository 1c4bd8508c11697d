import type { FastifyRequest } from 'fastify';
import { CLIENT_PLATFORM_HEADER } from '../../../screens/contract/index.js';

/**
 * A native wrapper names its platform (android, ios) in a header; only it has the bridge
 * (biometrics, push opt-in, status bar, file sharing, the flow-evaluation modal).
 */
export function inNativeWrapper(request: FastifyRequest): boolean {
  const platform = request.headers[CLIENT_PLATFORM_HEADER];
  return platform === 'android' || platform === 'ios';
}
