import { useEffect, useId, useRef, useState } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import type { ActionResult } from '../../../../screens/contract/screen.js';
import { useResultHandler } from '../../actions/use-run-action.js';
import { postAction } from '../../lib/api.js';
import { ColumnHeaders } from '../../ui/column-headers.js';
import { RowControls, RowFinding } from './row-controls.js';
import { WizardSteps } from './wizard-steps.js';
import { addStep, type EditorWizard } from './wizard-model.js';
import { cellOptions, emptyRow, outcomeField, selectedOptions, setCell, setOutcomeField, type EditorTable, type Option } from './table-model.js';

type Node = ComponentOf<'table-editor'>;

const ANY = '*';
const ANALYSE_DELAY_MS = 250;

/** A pick list of several values, "qualquer" first (choosing it clears the others). */
function MultiPick(props: { label: string; options: Option[]; selected: number[] | 'any'; onChange: (picked: number[] | 'any') => void; allowAny?: boolean }) {
  const { options, selected } = props;
  const value = selected === 'any' ? [ANY] : selected.map(String);
  const summary = selected === 'any' ? (props.allowAny === false ? 'nenhum' : 'qualquer') : selected.map((i) => options[i]?.label ?? '').join(', ') || 'nenhum';
  return (
    <>
    <select
      multiple
      aria-label={props.label}
      className="table-editor-pick"
      size={Math.min(6, options.length + (props.allowAny === false ? 0 : 1))}
      value={value}
      onChange={(event) => {
        const picked = [...event.target.selectedOptions].map((o) => o.value);
        if (picked.includes(ANY) && !value.includes(ANY)) props.onChange('any');
        else {
          const indexes = picked.filter((v) => v !== ANY).map(Number);
          props.onChange(indexes.length === 0 && props.allowAny !== false ? 'any' : indexes);
        }
      }}
    >
      {props.allowAny === false ? null : <option value={ANY}>qualquer</option>}
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
    <small className="table-editor-picked">{summary}</small>
    </>
  );
}

/** One pick list of one value. */
function SinglePick(props: { label: string; options: Option[]; value: unknown; onChange: (value: Option['value']) => void }) {
  const index = props.options.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(props.value));
  return (
    <select aria-label={props.label} className="table-editor-pick" value={index < 0 ? '' : String(index)} onChange={(event) => props.onChange(props.options[Number(event.target.value)]!.value)}>
      {index < 0 ? <option value="">{`${JSON.stringify(props.value)} (fora da lista)`}</option> : null}
      {props.options.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The console's decision-table editor: cells as pick lists from the vocabulary, results as pick
 * lists of the catalogue, row operations, the default row with its `covers`, and a JSON view for
 * developers that round-trips exactly. The server's analyser runs after every change and its
 * findings are drawn next to the row they concern; the server decides everything again on submit.
 */
export function TableEditor({ node }: { node: Node }) {
  const handle = useResultHandler();
  const jsonId = useId();
  const [table, setTable] = useState<EditorTable>(() => structuredClone(node.definition) as unknown as EditorTable);
  const [text, setText] = useState(() => JSON.stringify(node.definition, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [findings, setFindings] = useState<Record<string, string>>(node.findings ?? {});
  const [status, setStatus] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [jsonOpen, setJsonOpen] = useState(false);
  const run = useRef(0);

  function update(next: EditorTable) {
    setTable(next);
    setText(JSON.stringify(next, null, 2));
    setJsonError(null);
  }

  // The analyser runs as the analyst edits: the latest answer wins.
  useEffect(() => {
    if (jsonError) return;
    const mine = ++run.current;
    const timer = setTimeout(() => {
      setStatus('Analisando...');
      postAction(node.analyse.action, { id: node.definitionId, conteudo: text })
        .then((result) => {
          if (mine !== run.current) return;
          const errors = result.kind === 'field-errors' ? result.errors : {};
          setFindings(errors);
          setStatus(result.kind === 'field-errors' && result.message ? result.message : 'Analisador: sem problemas.');
        })
        .catch(() => mine === run.current && setStatus('Não foi possível analisar agora.'));
    }, ANALYSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, jsonError, node.analyse.action, node.definitionId]);

  async function submit() {
    setBusy(true);
    try {
      const result: ActionResult = await postAction(node.submit.action, { id: node.definitionId, conteudo: text });
      if (result.kind === 'field-errors') {
        setFindings(result.errors);
        if (result.errors.conteudo) setJsonOpen(true);
        setStatus(result.message ?? 'Corrija os campos indicados.');
      } else await handle(result);
    } catch {
      setStatus('Não foi possível enviar agora. Tente de novo.');
    } finally {
      setBusy(false);
    }
  }

  const rows = Array.isArray(table.rows) ? table.rows : [];
  const inputs = node.inputs;
  const finding = (key: string) => findings[key];
  const headers = ['#', ...inputs.map((i) => i.label ?? i.name), ...node.outputs.map((o) => o.label ?? o.field ?? 'Resultado'), 'Nota', 'Ações'];
  const columns = headers.length;

  return (
    <section className="table-editor" aria-label={node.label}>
      <p className="table-editor-status" role="status">
        {status}
      </p>
      {finding('tabela') ? <p className="form-message">{finding('tabela')}</p> : null}
      {node.mode === 'wizard' ? (
        <WizardSteps node={node} wizard={table as unknown as EditorWizard} findings={findings} update={(next) => update(next as unknown as EditorTable)} MultiPick={MultiPick} SinglePick={SinglePick} />
      ) : (
      <div className="table-scroll">
        <table className="table">
          <caption>{node.label}</caption>
          <ColumnHeaders columns={headers} />
          <tbody>
            {rows.flatMap((row, r) => {
              const n = r + 1;
              const problem = finding(`linha-${n}`);
              const cells = [
                <tr key={`row-${r}`} className={problem ? 'table-editor-row has-finding' : 'table-editor-row'}>
                  <th scope="row">{n}</th>
                  {inputs.map((input) => (
                    <td key={input.name}>
                      <MultiPick
                        label={`${input.label ?? input.name} da linha ${n}`}
                        options={cellOptions(input.options, row.when?.[input.name])}
                        selected={selectedOptions(cellOptions(input.options, row.when?.[input.name]), row.when?.[input.name])}
                        onChange={(picked) => update(setCell(table, r, input.name, picked, cellOptions(input.options, row.when?.[input.name])))}
                      />
                    </td>
                  ))}
                  {node.outputs.map((output) => (
                    <td key={output.field ?? ''}>
                      <SinglePick
                        label={`${output.label ?? output.field ?? 'Resultado'} da linha ${n}`}
                        options={output.options}
                        value={outcomeField(row.then, output.field)}
                        onChange={(value) => update(setOutcomeField(table, r, output.field, value))}
                      />
                      {row.if !== undefined ? <small className="table-editor-condition">{`condição: ${JSON.stringify(row.if)}`}</small> : null}
                    </td>
                  ))}
                  <td>
                    <input
                      className="input table-editor-text"
                      aria-label={`Nota da linha ${n}`}
                      value={row.note ?? ''}
                      onChange={(event) => {
                        const next = structuredClone(table);
                        if (event.target.value) next.rows[r]!.note = event.target.value;
                        else delete next.rows[r]!.note;
                        update(next);
                      }}
                    />
                  </td>
                  <RowControls subject={`linha ${n}`} index={r} count={rows.length} onEdit={(edit) => update({ ...table, rows: edit(rows) })} />
                </tr>,
              ];
              if (problem) cells.push(<RowFinding key={`finding-${r}`} columns={columns} text={`Linha ${n}: ${problem}`} />);
              return cells;
            })}
            <tr className={finding('padrao') ? 'table-editor-row has-finding' : 'table-editor-row'}>
              <th scope="row">padrão</th>
              <td colSpan={inputs.length}>
                {node.covers ? (
                  <MultiPick
                    label="Valores cobertos pelo padrão"
                    allowAny={false}
                    options={cellOptions(node.covers, table.default?.covers ?? [])}
                    selected={selectedOptions(cellOptions(node.covers, table.default?.covers ?? []), table.default?.covers ?? [], true)}
                    onChange={(picked) => {
                      const next = structuredClone(table);
                      const options = cellOptions(node.covers!, table.default?.covers ?? []);
                      next.default.covers = picked === 'any' ? [] : picked.map((i) => options[i]!.value);
                      update(next);
                    }}
                  />
                ) : (
                  'qualquer'
                )}
              </td>
              {node.outputs.map((output) => (
                <td key={output.field ?? ''}>
                  <SinglePick
                    label={`${output.label ?? output.field ?? 'Resultado'} do padrão`}
                    options={output.options}
                    value={outcomeField(table.default?.then ?? null, output.field)}
                    onChange={(value) => {
                      const next = structuredClone(table);
                      next.default.then = setOutcomeField({ ...table, rows: [{ when: {}, then: table.default.then }] }, 0, output.field, value).rows[0]!.then;
                      update(next);
                    }}
                  />
                </td>
              ))}
              <td colSpan={2}>{table.default?.note ?? ''}</td>
            </tr>
            {finding('padrao') ? (
              <tr className="table-editor-finding">
                <td colSpan={columns} className="form-message">{`Padrão: ${finding('padrao')}`}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      )}
      <div className="table-editor-toolbar">
        {node.mode === 'wizard' ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => update(addStep(table as unknown as EditorWizard, (node.outputs.find((o) => o.field === 'id')?.options ?? []).map((o) => String(o.value))) as unknown as EditorTable)}
          >
            Adicionar passo
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => update({ ...structuredClone(table), rows: [...structuredClone(rows), emptyRow(node.outputs)] })}>
            Adicionar linha
          </button>
        )}
        <button type="button" className="button button-primary" disabled={busy || jsonError !== null} onClick={() => void submit()}>
          {busy ? 'Analisando...' : node.submit.label}
        </button>
      </div>
      <details open={jsonOpen} onToggle={(event) => setJsonOpen((event.target as HTMLDetailsElement).open)}>
        <summary>Ver como JSON (desenvolvedores)</summary>
        <label htmlFor={jsonId} className="field-label">
          Definição (JSON)
        </label>
        <textarea
          id={jsonId}
          rows={24}
          className="table-editor-json"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            try {
              const parsed: unknown = JSON.parse(event.target.value);
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
              setTable(parsed as EditorTable);
              setJsonError(null);
            } catch {
              setJsonError('O conteúdo não é um JSON válido.');
            }
          }}
        />
        {jsonError || finding('conteudo') ? <p className="form-message">{jsonError ?? finding('conteudo')}</p> : null}
      </details>
    </section>
  );
}
