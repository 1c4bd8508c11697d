import fp from 'fastify-plugin';
import { securityEvent } from './security-events.js';
import type { FastifyRequest } from 'fastify';
import type { ActionResult } from '../../../screens/contract/index.js';

/** The customer's own lists an id in an action's body is checked against. */
export type OwnedKind =
  /** Open instalments of the selected quota (its second-copy listing). */
  | 'instalment'
  /** Open instalments of all the customer's quotas (the unifying listing). */
  | 'unified-instalment'
  /** Late instalments of the customer that may be renegotiated. */
  | 'late-instalment'
  /** Bids of the selected quota (its history), by protocol. */
  | 'bid'
  /** Slips of the selected quota, by id. */
  | 'slip'
  /** Questions of the partner's help centre. */
  | 'faq-question';

export interface OwnedList {
  /** Which of `ids` are the customer's own: read from the back office (lists, never a change). */
  own(ids: string[], request: FastifyRequest): Promise<ReadonlySet<string>>;
  /** Text key of the message a foreign or guessed id gets. */
  refusal: string;
}

/** An action's ids by the list each must be in: for each kind, the ids of one input. */
export type Owns<I> = Partial<Record<OwnedKind, (input: I) => ReadonlyArray<string | number>>>;

declare module 'fastify' {
  interface FastifyInstance {
    ownership: {
      /** The capability that owns a list says how to read it. */
      define(kind: OwnedKind, list: OwnedList): void;
      /** Null when every id of `input` is among the customer's own; else the refusal, before any change reaches the back office. */
      refusal<I>(owns: Owns<I>, input: I, request: FastifyRequest): Promise<ActionResult | null>;
      defined(): OwnedKind[];
    };
  }
}

/** Decorates `ownership`: ids in action bodies checked against the customer's own lists (actions declare `owns`). */
export default fp(
  async (app) => {
    const lists = new Map<OwnedKind, OwnedList>();
    app.decorate('ownership', {
      define(kind: OwnedKind, list: OwnedList) {
        if (lists.has(kind)) throw new Error(`owned list defined twice: ${kind}`);
        lists.set(kind, list);
      },
      async refusal<I>(owns: Owns<I>, input: I, request: FastifyRequest): Promise<ActionResult | null> {
        for (const [kind, idsOf] of Object.entries(owns) as Array<[OwnedKind, (input: I) => ReadonlyArray<string | number>]>) {
          const ids = [...new Set(idsOf(input).map(String))];
          if (ids.length === 0) continue;
          const list = lists.get(kind);
          if (!list) throw new Error(`no owned list defined for ${kind}`);
          const own = await list.own(ids, request);
          const foreign = ids.filter((id) => !own.has(id));
          if (foreign.length > 0) {
            securityEvent(request, 'access.refused', { reason: 'ownership', target: kind });
            return { kind: 'error', title: app.text('erro.titulo'), message: app.text(list.refusal) };
          }
        }
        return null;
      },
      defined: () => [...lists.keys()],
    });
  },
  { name: 'ownership', dependencies: ['definitions'] },
);
