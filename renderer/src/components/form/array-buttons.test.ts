import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { translateString } from './array-buttons.js';
import { fileSize } from './file-size.js';

describe('the words of the JSON form', () => {
  it('names a chosen file by its name and a size a person reads, without its MIME type', () => {
    expect(translateString(TranslatableString.FilesInfo, ['contrato.pdf', 'application/pdf', '1468006'])).toBe('**contrato.pdf** · 1,4 MB');
    expect(fileSize(15)).toBe('15 bytes');
    expect(fileSize(245_760)).toBe('240 KB');
  });
  it('says its buttons in Portuguese', () => {
    expect(translateString(TranslatableString.RemoveButton)).toBe('Remover');
  });
});

describe("an array item's buttons", () => {
  it('are named by the entry they act on, read from the id RJSF gives them, with the noun of ui:options.itemLabel', async () => {
    const { entryOf } = await import('./array-buttons.js');
    expect(entryOf('root_cards_2__moveUp', { 'ui:options': { itemLabel: 'card' } })).toBe('card 3');
    expect(entryOf('root_emails_0__remove', undefined)).toBe('item 1');
    expect(entryOf('root_cards__add', undefined)).toBeNull();
  });
});
