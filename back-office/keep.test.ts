import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredEndpoints } from './catalogue.js';
import { endpoint, refreshAfterOf } from './endpoint.js';

const declared = declaredEndpoints();
const kept = declared.filter((d) => d.endpoint.keep);

describe('what the contract lets the server keep', () => {
  it('keeps only reads, each refreshed before its life ends', () => {
    expect(kept.length).toBeGreaterThan(0);
    for (const { name, endpoint: e } of kept) {
      expect(e.method, name).toBe('GET');
      expect(e.changesData, name).toBeUndefined();
      expect(refreshAfterOf(e.keep!), name).toBeLessThan(e.keep!.seconds);
    }
  });

  it('shares beyond one customer only what names no customer’s quota or account', () => {
    for (const { name, endpoint: e } of kept.filter((d) => d.endpoint.keep!.for !== 'customer')) {
      expect(e.path, name).not.toMatch(/^(cotas?|usuarios|core)\b/);
      for (const parameter of e.path.match(/\{(\w+)\}/g) ?? []) expect(['{id}', '{partner}'], `${name}: ${parameter}`).toContain(parameter);
      if (e.path.includes('{id}')) expect(e.path, name).toMatch(/^parceiros\//);
    }
  });

  it('makes a change forget only answers kept for the customer who made it', () => {
    const changing = declared.filter((d) => d.endpoint.invalidates);
    expect(changing.map((d) => d.name)).toEqual(expect.arrayContaining(['quotas.preferences']));
    for (const { name, endpoint: e } of changing) {
      expect(e.method === 'GET' && !e.changesData, `${name} changes something`).toBe(false);
      for (const stale of e.invalidates!()) expect(stale.keep?.for, `${name} forgets ${stale.path}`).toBe('customer');
    }
  });

  it('refuses a keep on a call that changes something, or one refreshed after it ends', () => {
    expect(() => endpoint({ method: 'POST', path: 'x', answer: z.unknown(), keep: { for: 'everyone', seconds: 60 } })).toThrow(/only a read may be kept/);
    expect(() => endpoint({ method: 'GET', path: 'x', changesData: true, answer: z.unknown(), keep: { for: 'everyone', seconds: 60 } })).toThrow(/only a read may be kept/);
    expect(() => endpoint({ method: 'GET', path: 'x', answer: z.unknown(), keep: { for: 'everyone', seconds: 60, refreshAfterSeconds: 60 } })).toThrow(/refreshed before it ends/);
  });
});
