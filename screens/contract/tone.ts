import { z } from 'zod';

/** Semantic tone; the renderer maps it to theme tokens, never to raw colours. */
export const Tone = z.enum(['neutral', 'info', 'success', 'warning', 'danger']);
