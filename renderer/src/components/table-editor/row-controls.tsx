import { duplicateItem, moveItem, removeItem, type RowEdit } from './row-ops.js';

/**
 * The controls of one row of a console editor (a decision-table row, a wizard step): move up, move
 * down, duplicate, delete. Each hands its editor the operation on the list (`onEdit`), which the
 * editor applies to its rows or steps. Each button's accessible name says what it acts on
 * (`subject`, e.g. "linha 2", "passo 3": "Mover linha 2 para cima"); each is at least 40 px
 * square, so a finger or a shaky mouse hits it; the first row cannot go up, the last cannot go
 * down, the only one cannot be deleted.
 */
export function RowControls({ subject, index, count, onEdit }: { subject: string; index: number; count: number; onEdit: (edit: RowEdit) => void }) {
  return (
    <td className="table-editor-actions">
      <div className="row-controls">
        <button type="button" className="row-control" aria-label={`Mover ${subject} para cima`} title={`Mover ${subject} para cima`} disabled={index === 0} onClick={() => onEdit((items) => moveItem(items, index, index - 1))}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className="row-control" aria-label={`Mover ${subject} para baixo`} title={`Mover ${subject} para baixo`} disabled={index === count - 1} onClick={() => onEdit((items) => moveItem(items, index, index + 1))}>
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="row-control" aria-label={`Duplicar ${subject}`} onClick={() => onEdit((items) => duplicateItem(items, index))}>
          Duplicar
        </button>
        <button type="button" className="row-control" aria-label={`Excluir ${subject}`} disabled={count === 1} onClick={() => onEdit((items) => removeItem(items, index))}>
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
