import { describe, expect, it } from 'vitest';
import { endOfLifeMessage, pastEndOfLife } from './node-support.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('pastEndOfLife', () => {
  it('reports Node.js 20 as past its end of life after 30 April 2026, naming the day', () => {
    const eol = pastEndOfLife('20.20.2', day('2026-11-26'));
    expect(eol).toEqual({ node: '20.20.2', line: 20, endOfLife: '2026-04-30' });
    expect(endOfLifeMessage(eol!)).toBe('Node.js 20 reached its end of life on 2026-04-30 and gets no security fixes: run the server on Node.js 24 (LTS), as the image does');
  });

  it('still supports a line on its last day of fixes', () => {
    expect(pastEndOfLife('20.19.0', day('2026-04-30'))).toBeNull();
    expect(pastEndOfLife('20.19.0', day('2026-05-01'))?.endOfLife).toBe('2026-04-30');
  });

  it('says nothing of Node.js 22 and 24 in November 2026, and warns of each past its own day', () => {
    expect(pastEndOfLife('22.15.0', day('2026-11-26'))).toBeNull();
    expect(pastEndOfLife('24.21.0', day('2026-11-26'))).toBeNull();
    expect(pastEndOfLife('22.15.0', day('2027-05-01'))?.endOfLife).toBe('2027-04-30');
    expect(pastEndOfLife('24.21.0', day('2028-05-01'))?.endOfLife).toBe('2028-04-30');
  });

  it('warns of an odd line six months after it came, and of any line older than the table', () => {
    expect(pastEndOfLife('25.1.0', day('2026-11-26'))?.endOfLife).toBe('2026-06-01');
    const ancient = pastEndOfLife('v14.21.3', day('2026-11-26'));
    expect(ancient).toEqual({ node: 'v14.21.3', line: 14, endOfLife: null });
    expect(endOfLifeMessage(ancient!)).toContain('Node.js 14 reached its end of life already');
  });

  it('does not judge a line newer than the table', () => {
    expect(pastEndOfLife('28.0.0', day('2026-11-26'))).toBeNull();
  });
});
