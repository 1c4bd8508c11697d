import { useState } from 'react';
import { TextInput, type TextInputProps } from './text-input.js';
import { readNumber, shownNumber } from './numbers.js';

/**
 * A free number (a value in reais, a count), typed as a Brazilian writes it: '98.000', '45.900,50',
 * 'R$ 98000'. The field keeps the text as typed and the form holds the number it reads; text that
 * is not a number is sent as it is, so the server answers the field's own message.
 */
export function NumberInput({ value, onChange, whole, ...input }: Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'password' | 'maxLength'> & { value: unknown; onChange: (value: unknown) => void; whole: boolean }) {
  const [text, setText] = useState(() => shownNumber(value));
  return (
    <TextInput
      {...input}
      value={text}
      inputMode={whole ? 'numeric' : 'decimal'}
      onChange={(typed) => {
        setText(typed ?? '');
        onChange(typed === undefined ? undefined : (readNumber(typed, whole) ?? typed));
      }}
    />
  );
}
