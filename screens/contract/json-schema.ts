import { z } from 'zod';
import { FlowDefinition, Vocabulary } from './flows.js';
import { RouteTable } from './routes.js';
import { ActionResult, ScreenResponse } from './screen.js';

function render(id: string, title: string, schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ $id: id, title, ...json }, null, 2)}\n`;
}

/** The committed JSON Schema of the screen contract (renderer, native wrappers and tests validate against it). */
export function screenJsonSchema(): string {
  const registry = z.object({ screen: ScreenResponse, actionResult: ActionResult });
  const schema = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return `${JSON.stringify({ $id: 'https://consorcio.app/schemas/screen.v1.json', title: 'Screen contract v1', ...schema }, null, 2)}\n`;
}

/** The committed JSON Schema of a flow definition file or the route table, for editors (screens/flows/*.json, screens/routes.json). */
export function flowJsonSchema(): string {
  return render('https://consorcio.app/schemas/flow.v1.json', 'Flow definition v1', z.union([FlowDefinition, Vocabulary, RouteTable]));
}
