import { z } from 'zod';

/**
 * The operations console's route table (screens/console/routes.json): every page of the console,
 * the screen (layout and loader) that draws it, the staff roles that may open it and the section of
 * the console it belongs to. The console answers on its own host only; its sign-in page is the one
 * page drawn before a staff member is known (`signIn`).
 */
export const ConsoleRoute = z
  .object({
    path: z.string().startsWith('/'),
    screen: z.string().regex(/^[a-z0-9-]+$/),
    /** The kind of staff that may open it: every role (`staff`), those who publish, those who approve. */
    roles: z.enum(['staff', 'publish', 'approve']).default('staff'),
    /** The section (its `to`) marked as current in the console's navigation while this page is open. */
    section: z.string().startsWith('/').optional(),
  })
  .strict();
export type ConsoleRoute = z.infer<typeof ConsoleRoute>;

export const ConsoleRouteTable = z
  .object({
    $comment: z.string().optional(),
    /** The sign-in page: served before anyone is signed in, and where everyone else is sent. */
    signIn: z.string().startsWith('/'),
    /** The console's sections, in the navigation's order: a text key for the label and where it leads. */
    sections: z.array(z.object({ label: z.string().startsWith('@'), to: z.string().startsWith('/') }).strict()).min(1),
    routes: z.array(ConsoleRoute).min(1),
  })
  .strict()
  .meta({ id: 'ConsoleRouteTable' });
export type ConsoleRouteTable = z.infer<typeof ConsoleRouteTable>;
