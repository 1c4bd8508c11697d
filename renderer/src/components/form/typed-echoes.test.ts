import { describe, expect, it } from 'vitest';
import { TypedEchoes } from './typed-echoes.js';

describe('echoes of what a customer typed', () => {
  it('a parent echoing an older value late does not count as a new value (the field keeps what was typed since)', () => {
    const echoes = new TypedEchoes<string | undefined>();
    for (const typed of ['0', '01', '013', '0131']) echoes.reported(typed);
    expect(echoes.isEcho('01')).toBe(true);
    expect(echoes.isEcho('0131')).toBe(true);
  });

  it('a value the input never reported is written into the field, also one typed and already echoed long ago', () => {
    const echoes = new TypedEchoes<string | undefined>();
    echoes.reported('013');
    expect(echoes.isEcho('013')).toBe(true);
    expect(echoes.isEcho('01310100')).toBe(false);
    expect(echoes.isEcho('013')).toBe(false);
    expect(echoes.isEcho(undefined)).toBe(false);
  });

  it('a cleared field echoed back is an echo; a later reset to empty by the server is not', () => {
    const echoes = new TypedEchoes<string | undefined>();
    echoes.reported(undefined);
    echoes.reported('9');
    expect(echoes.isEcho(undefined)).toBe(true);
    expect(echoes.isEcho('9')).toBe(true);
    expect(echoes.isEcho(undefined)).toBe(false);
  });
});
