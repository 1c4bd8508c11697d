/**
 * The controls of one row of a console editor (a decision-table row, a wizard step): move up, move
 * down, duplicate, delete. Each button's accessible name says what it acts on (`subject`, e.g.
 * "linha 2", "passo 3": "Mover linha 2 para cima"); each is at least 40 px square, so a finger or a
 * shaky mouse hits it; the first row cannot go up, the last cannot go down, the only one cannot be
 * deleted.
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
      <div className="row-controls">
        <button type="button" className="row-control" aria-label={`Mover ${subject} para cima`} title={`Mover ${subject} para cima`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className="row-control" aria-label={`Mover ${subject} para baixo`} title={`Mover ${subject} para baixo`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="row-control" aria-label={`Duplicar ${subject}`} onClick={onDuplicate}>
          Duplicar
        </button>
        <button type="button" className="row-control" aria-label={`Excluir ${subject}`} disabled={count === 1} onClick={onDelete}>
          Excluir
        </button>
      </div>
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
