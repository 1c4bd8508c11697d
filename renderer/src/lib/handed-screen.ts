import type { ScreenResponse } from '../../../screens/contract/screen.js';

/**
 * The document an action's answer brought for the screen it leads to (the server composed it in
 * the same request: NEXT_SCREEN_HEADER). The navigation that follows draws it instead of asking
 * the server; any other navigation, or a second one, asks as always.
 */
let handed: { path: string; screen: ScreenResponse } | null = null;

export function handScreen(path: string, screen: ScreenResponse): void {
  handed = { path, screen };
}

/** The document handed for `path`, once; asking for another path forgets it. */
export function takeHandedScreen(path: string): ScreenResponse | undefined {
  const taken = handed;
  handed = null;
  return taken?.path === path ? taken.screen : undefined;
}
