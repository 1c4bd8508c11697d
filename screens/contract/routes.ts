import { z } from 'zod';

/**
 * The route table (screens/routes.json): every URL the customer can open, public or protected,
 * with the flags the guard table (flows/guard.json) reads.
 */
export const RouteEntry = z.union([
  z.object({ path: z.string().startsWith('/'), redirect: z.string().startsWith('/') }).strict(),
  z
    .object({
      path: z.string().startsWith('/'),
      screen: z.string().min(1),
      access: z.enum(['public', 'protected']),
      needsQuota: z.boolean().default(false),
      transparentLogin: z.boolean().default(false),
      /** Stays open while a mandatory registration update is pending (doc 2 §2.12). */
      mandatoryUpdateExempt: z.boolean().default(false),
      /** Stays open while an expired password must be changed (the change screens, biometrics). */
      passwordChangeExempt: z.boolean().default(false),
      /** Stays open when a mandatory app update is due (the update screen itself). */
      appUpdateExempt: z.boolean().default(false),
      mobileOnly: z.object({ fallback: z.string().startsWith('/') }).optional(),
    })
    .strict(),
]);
export type RouteEntry = z.infer<typeof RouteEntry>;
export type ScreenRoute = Extract<RouteEntry, { screen: string }>;

export const RouteTable = z.object({ $comment: z.string().optional(), routes: z.array(RouteEntry) }).meta({ id: 'RouteTable' });

