import { TranslatableString, englishStringTranslator, type IconButtonProps } from '@rjsf/utils';
import { fileSize } from './file-size.js';

/** RJSF's own words in pt-BR (its default buttons are icon fonts this app does not ship). */
const PT_BR: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: 'Adicionar',
  [TranslatableString.AddItemButton]: 'Adicionar',
  [TranslatableString.RemoveButton]: 'Remover',
  [TranslatableString.MoveUpButton]: 'Subir',
  [TranslatableString.MoveDownButton]: 'Descer',
  [TranslatableString.CopyButton]: 'Copiar',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  // A chosen file: its name and size (RJSF's default also names its MIME type, in English).
  if (key === TranslatableString.FilesInfo && params) return `**${params[0] ?? ''}** · ${fileSize(Number(params[2] ?? 0))}`;
  return PT_BR[key] ?? englishStringTranslator(key, params);
}

/** An item's buttons are named by the word they show and the entry they act on ("Subir card 3"), so each name is unique and starts with what is seen. */
const ITEM_BUTTONS = new Set([TranslatableString.MoveUpButton, TranslatableString.MoveDownButton, TranslatableString.CopyButton, TranslatableString.RemoveButton]);

/**
 * The entry an item's button acts on: RJSF ids an item's buttons by the item's path
 * (`root_cards_2__moveUp`), so its position is read there; the noun comes from the items' uiSchema
 * (`ui:options.itemLabel`, e.g. "card"), else "item".
 */
export function entryOf(id: string | undefined, uiSchema: IconButtonProps['uiSchema']): string | null {
  const index = /_(\d+)_+(?:moveUp|moveDown|copy|remove)$/.exec(id ?? '')?.[1];
  if (index === undefined) return null;
  const options = (uiSchema?.['ui:options'] ?? {}) as { itemLabel?: unknown };
  const noun = typeof options.itemLabel === 'string' && options.itemLabel ? options.itemLabel : 'item';
  return `${noun} ${Number(index) + 1}`;
}

function textButton(key: TranslatableString, className: string) {
  return function TextButton({ onClick, disabled, registry, id, uiSchema }: IconButtonProps) {
    const entry = entryOf(id, uiSchema);
    const name = entry && ITEM_BUTTONS.has(key) ? `${registry.translateString(key)} ${entry}` : undefined;
    return (
      <button type="button" id={id} className={`button button-link ${className}`} onClick={onClick} disabled={disabled} aria-label={name}>
        {registry.translateString(key)}
      </button>
    );
  };
}

/** Array buttons as words ("Adicionar", "Remover") so that lists of entries (e-mail recipients) are usable. */
export const BUTTON_TEMPLATES = {
  AddButton: textButton(TranslatableString.AddButton, 'array-add'),
  RemoveButton: textButton(TranslatableString.RemoveButton, 'array-remove'),
  MoveUpButton: textButton(TranslatableString.MoveUpButton, 'array-move'),
  MoveDownButton: textButton(TranslatableString.MoveDownButton, 'array-move'),
  CopyButton: textButton(TranslatableString.CopyButton, 'array-copy'),
};
