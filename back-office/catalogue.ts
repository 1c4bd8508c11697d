import * as contract from './index.js';
import { customerTokenOf, type CustomerToken, type Endpoint } from './endpoint.js';

/** A declared call with its export name (`slips.secondCopy`), as the contract's tools list it. */
export interface DeclaredEndpoint {
  name: string;
  endpoint: Endpoint;
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'answer' in value;
}

/**
 * Every call the contract declares, by export name, in declaration order: a top-level endpoint
 * (`inspectionReanalysis`) or one of an area's (`crmCases.create`).
 */
export function declaredEndpoints(): DeclaredEndpoint[] {
  return Object.entries(contract).flatMap(([name, value]): DeclaredEndpoint[] => {
    if (isEndpoint(value)) return [{ name, endpoint: value }];
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([key, endpoint]) => ({ name: `${name}.${key}`, endpoint }));
  });
}

/**
 * A call that only reads: a GET the spec does not make change anything. Some of the spec's GETs
 * start or confirm something (`core/devolucao/iniciar`, `core/dados-cadastrais/confirmar-dados`);
 * their declarations say `changesData`, and read-only tools (the drift check) never call them.
 */
export function isReadOnly(e: Endpoint): boolean {
  return e.method === 'GET' && !e.changesData;
}

/** The path parameters of an endpoint (`cotas/{id}/boletos/{b}` → id, b). */
export function pathParameters(e: Pick<Endpoint, 'path'>): string[] {
  return [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** The declared call a concrete request is (`GET cotas/12/boletos/9`), or undefined. */
export function endpointOfCall(method: string, path: string, declared: readonly DeclaredEndpoint[] = declaredEndpoints()): DeclaredEndpoint | undefined {
  const bare = path.replace(/^\/+/, '').split('?')[0]!;
  // A literal segment beats a parameter (`cotas/simples` is not `cota/{id}`): fewest parameters first.
  const candidates = declared.filter((d) => d.endpoint.method === method.toUpperCase()).sort((a, b) => pathParameters(a.endpoint).length - pathParameters(b.endpoint).length);
  return candidates.find((d) => pathPattern(d.endpoint).test(bare));
}

/** An endpoint's path as a pattern of concrete paths: each `{name}` one segment. */
function pathPattern(e: Pick<Endpoint, 'path'>): RegExp {
  return new RegExp(`^${e.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`);
}

let tokenPolicies: Map<string, { pattern: RegExp; token: CustomerToken }[]> | undefined;

/**
 * What the contract declares of the customer's token for a concrete request (`PATCH verificacao`):
 * `required` for a call it does not declare. Patterns are compiled once, per method, literal
 * segments first.
 */
export function customerTokenOfCall(method: string, path: string): CustomerToken {
  tokenPolicies ??= declaredEndpoints()
    .sort((a, b) => pathParameters(a.endpoint).length - pathParameters(b.endpoint).length)
    .reduce((byMethod, d) => byMethod.set(d.endpoint.method, [...(byMethod.get(d.endpoint.method) ?? []), { pattern: pathPattern(d.endpoint), token: customerTokenOf(d.endpoint) }]), new Map<string, { pattern: RegExp; token: CustomerToken }[]>());
  const bare = path.replace(/^\/+/, '').split('?')[0]!;
  return tokenPolicies.get(method.toUpperCase())?.find((p) => p.pattern.test(bare))?.token ?? 'required';
}
