/**
 * A generated section of a docs page: the lines between a start and an end marker, written by a
 * script from the code and compared by a docs test, while the rest of the page is written by hand.
 */
export interface Markers {
  start: string;
  end: string;
}

/** The page split around its section (markers included in it); `section` is null when the markers are missing. */
export function splitBetween(page: string, markers: Markers): { before: string; section: string | null; after: string } {
  const start = page.indexOf(markers.start);
  const end = page.indexOf(markers.end);
  if (start < 0 || end < start) return { before: page, section: null, after: '' };
  return { before: page.slice(0, start), section: page.slice(start, end + markers.end.length), after: page.slice(end + markers.end.length) };
}

/** The page with its section replaced by `section`; a page without the markers is refused (the section has its place in the guide). */
export function withSection(page: string, markers: Markers, section: string, pageName: string): string {
  const { before, section: old, after } = splitBetween(page, markers);
  if (old === null) throw new Error(`${pageName} has no ${markers.start.slice(0, 30)}… marker: put the two markers where the section goes`);
  return `${before}${section}${after}`;
}
