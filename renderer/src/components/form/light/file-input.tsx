import { useRef } from 'react';
import { fileSize } from '../file-size.js';

/**
 * A file field of the light form: the files chosen become data URLs carrying their names (as the
 * JSON form sends them, `data:<type>;name=<name>;base64,…`), listed one a line with their size and
 * "Remover". A list field (`many`) adds what is chosen to what it holds; a single one replaces it.
 */
export function FileInput(props: {
  id: string;
  value: string | string[] | undefined;
  many: boolean;
  onChange: (value: string | string[] | undefined) => void;
  accept?: string | undefined;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const { id, value, many, onChange, accept, required, invalid, describedBy } = props;
  const ref = useRef<HTMLInputElement>(null);
  const held = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);

  async function choose(files: FileList | null) {
    if (!files || files.length === 0) return;
    const read = await Promise.all([...files].map(asNamedDataUrl));
    onChange(many ? [...held, ...read] : read[0]);
    // The same file can be chosen again after it is removed.
    if (ref.current) ref.current.value = '';
  }

  function remove(index: number) {
    const left = held.filter((_, i) => i !== index);
    onChange(many ? left : undefined);
  }

  return (
    <div>
      <input
        ref={ref}
        type="file"
        id={id}
        name={id}
        className="input-file"
        multiple={many}
        accept={accept}
        required={required && held.length === 0}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => void choose(e.target.files)}
      />
      {held.length > 0 && (
        <ul className="file-info">
          {held.map((dataUrl, i) => {
            const { name, bytes } = describe(dataUrl);
            return (
              <li key={`${i}-${name}`}>
                <strong>{name}</strong> · {fileSize(bytes)}
                <button type="button" className="button button-link array-remove" aria-label={`Remover ${name}`} onClick={() => remove(i)}>
                  Remover
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function asNamedDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => resolve(String(reader.result).replace(';base64', `;name=${encodeURIComponent(file.name)};base64`));
    reader.readAsDataURL(file);
  });
}

/** The name a data URL carries and the size of what it holds. */
function describe(dataUrl: string): { name: string; bytes: number } {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const name = /;name=([^;]*)/.exec(head)?.[1];
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return { name: name ? decodeURIComponent(name) : 'arquivo', bytes: Math.max(0, Math.floor((data.length * 3) / 4) - padding) };
}
