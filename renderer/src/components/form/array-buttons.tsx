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

function textButton(key: TranslatableString, className: string) {
  return function TextButton({ onClick, disabled, registry, id }: IconButtonProps) {
    return (
      <button type="button" id={id} className={`button button-link ${className}`} onClick={onClick} disabled={disabled}>
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
