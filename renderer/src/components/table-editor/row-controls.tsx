/**
 * The controls of one row of a console editor (a decision-table row, a wizard step): move up, move
 * down, duplicate, delete. Each button's accessible name says what it acts on (`subject`, e.g.
 * "a linha 2", "o passo 3"); the first row cannot go up, the last cannot go down, the only one
 * cannot be deleted.
 */
export function RowControls({
  subject,
  index,
  count,
  onMove,
  onDuplicate,
  onDelete,
}: {
  subject: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  return (
    <td className="table-editor-actions">
      <button type="button" className="btn btn-link" aria-label={`Subir ${subject}`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        ↑
      </button>
      <button type="button" className="btn btn-link" aria-label={`Descer ${subject}`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        ↓
      </button>
      <button type="button" className="btn btn-link" aria-label={`Duplicar ${subject}`} onClick={onDuplicate}>
        Duplicar
      </button>
      <button type="button" className="btn btn-link" aria-label={`Excluir ${subject}`} disabled={count === 1} onClick={onDelete}>
        Excluir
      </button>
    </td>
  );
}

/** The analyser's finding on a row, drawn as a row of its own below it ("Linha 3: …", "Passo 2: …"). */
export function RowFinding({ columns, text }: { columns: number; text: string }) {
  return (
    <tr className="table-editor-finding">
      <td colSpan={columns} className="form-message">
        {text}
      </td>
    </tr>
  );
}
