import { z } from 'zod';
import { ActionResult, ScreenResponse } from './screen.js';

/** The committed JSON Schema of the screen contract (renderer, native wrappers and tests validate against it). */
export function screenJsonSchema(): string {
  const registry = z.object({ screen: ScreenResponse, actionResult: ActionResult });
  const schema = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return `${JSON.stringify({ $id: 'https://consorcio.app/schemas/screen.v1.json', title: 'Screen contract v1', ...schema }, null, 2)}\n`;
}
