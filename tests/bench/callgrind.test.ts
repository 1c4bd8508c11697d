import { describe, expect, it, vi } from 'vitest';
import { byFunction, groupOf, printDifferences, UNNAMED } from '../../bench/callgrind.js';

const annotated = `--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
874,512,793 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
30,992,410 ( 3.54%)  ???:Builtins_KeyedStoreIC_Megamorphic [/root/node/bin/node]
25,697,919 ( 2.62%)  ???:void v8::internal::String::WriteToFlat2<unsigned char>(unsigned char*, v8::internal::Tagged<v8::internal::ConsString>, unsigned int) [/root/node/bin/node]
13,280,000 ( 1.52%)  ???:0x0000000028325710 [???]
 4,000,000 ( 0.46%)  ???:0x000000002831d050 [???]
 2,000,000 ( 0.23%)  ???:0x000000002831d000 [???]
 1,000,000 ( 0.11%)  ???:0x0000000028277580 [???]
 6,156,664 ( 0.63%)  ./string/../sysdeps/x86_64/multiarch/memmove-vec-unaligned-erms.S:__memcpy_avx_unaligned_erms [/usr/lib/x86_64-linux-gnu/libc.so.6]
`;

// An older line at the route handler's address, overwritten by it: the later line names the code.
const perfMap = [
  '2831d000 2000 JS:^startupOnly /w/node_modules/dayjs/dayjs.min.js:1:1',
  '2831d040 16ec JS:*\'routeHandler /w/node_modules/fastify/lib/route.js:465:25',
  "28325700 2b50 JS:*' file:///w/build/server/src/plugins/core/observability.js:47:12",
].join('\n');

describe('callgrind counts by function', () => {
  it('names generated code by the latest perf-map line at its address, per request', () => {
    const counts = byFunction(annotated, perfMap, 10_000, '/w');
    expect(counts.get('Builtins_KeyedStoreIC_Megamorphic')).toBeCloseTo(3_099.241, 3);
    expect(counts.get('void v8::internal::String::WriteToFlat2<unsigned char>')).toBeCloseTo(2_569.79, 2);
    expect(counts.get("JS (anonymous) build/server/src/plugins/core/observability.js:47:12")).toBe(1_328);
    expect(counts.get('JS routeHandler node_modules/fastify/lib/route.js:465:25')).toBe(400);
    expect(counts.get('__memcpy_avx_unaligned_erms')).toBeCloseTo(615.67, 2);
    expect([...counts.keys()].some((name) => name.includes('startupOnly'))).toBe(false);
  });

  it('names another build folder’s files as this tree’s build, so that two builds pair up', () => {
    const elsewhere = perfMap.replace('file:///w/build/', 'file:///tmp/main/build/');
    expect(byFunction(annotated, elsewhere, 10_000, '/w', '/tmp/main/build').get('JS (anonymous) build/server/src/plugins/core/observability.js:47:12')).toBe(1_328);
    const beside = perfMap.replace('file:///w/build/', 'file:///w/build-base/');
    expect(byFunction(annotated, beside, 10_000, '/w', 'build-base').get('JS (anonymous) build/server/src/plugins/core/observability.js:47:12')).toBe(1_328);
  });

  it('counts code no map line names, and an address before the first line, as one unnamed line', () => {
    const counts = byFunction(annotated, perfMap, 10_000, '/w');
    expect(counts.get(UNNAMED)).toBe(300);
    expect(byFunction(annotated, '', 10_000, '/w').get(UNNAMED)).toBe(2_028);
  });

  it('groups a function by its package or file, else as V8 or native code', () => {
    expect(groupOf('JS routeHandler node_modules/fastify/lib/route.js:465:25')).toBe('fastify');
    expect(groupOf("JS (anonymous) build/server/src/plugins/core/observability.js:47:12")).toBe('server/src/plugins/core/observability');
    expect(groupOf('JS processHeader node:_http_outgoing:575:23')).toBe('node:_http_outgoing');
    expect(groupOf('Builtins_KeyedStoreIC_Megamorphic')).toBe('V8 built-ins and runtime');
    expect(groupOf('void v8::internal::String::WriteToFlat2<unsigned char>')).toBe('V8 built-ins and runtime');
    expect(groupOf('__memcpy_avx_unaligned_erms')).toBe('native (Node.js, libc)');
    expect(groupOf(UNNAMED)).toBe(UNNAMED);
  });

  it('prints where one count runs more or less than another, by group then by function, largest first', () => {
    const screen = { perRequest: 0, byFunction: new Map([['JS fill build/server/src/composition/template.js:1:1', 5_000], ['sha256_block_data_order_avx2', 120_000], ['JS routeHandler node_modules/fastify/lib/route.js:465:25', 900]]) };
    const passthrough = { perRequest: 0, byFunction: new Map([['JS routeHandler node_modules/fastify/lib/route.js:465:25', 1_400]]) };
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      printDifferences('screen − pass-through', screen, passthrough, 2);
    } finally {
      log.mockRestore();
    }
    expect(lines.map((line) => line.trim())).toEqual([
      'screen − pass-through, by group (self instructions per request):',
      '+120,000  native (Node.js, libc)  (120000 − 0)',
      '+ 5,000  server/src/composition/template  (5000 − 0)',
      'screen − pass-through, by function:',
      '+120,000  sha256_block_data_order_avx2  (120000 − 0)',
      '+ 5,000  JS fill build/server/src/composition/template.js:1:1  (5000 − 0)',
    ]);
    expect(lines.some((line) => line.includes('fastify'))).toBe(false);
  });
});
