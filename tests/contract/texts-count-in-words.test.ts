import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const texts = JSON.parse(readFileSync(new URL('../../screens/texts/pt-BR.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('texts that count (screens/texts/pt-BR.json)', () => {
  it('never write a plural as "(s)": a count has its two forms, <key>.um and <key>.outros (app.countText)', () => {
    expect(Object.entries(texts).filter(([, text]) => /\w\((s|es|ns|is)\)/.test(text))).toEqual([]);
  });

  it('give every counted text both forms, each with the count', () => {
    const counted = Object.keys(texts).filter((key) => key.endsWith('.um') || key.endsWith('.outros'));
    for (const key of counted) {
      const base = key.slice(0, key.lastIndexOf('.'));
      expect(texts, `${base}.um`).toHaveProperty(`${base}.um`);
      expect(texts, `${base}.outros`).toHaveProperty(`${base}.outros`);
      expect(texts[key], key).toContain('{{n}}');
    }
  });
});
