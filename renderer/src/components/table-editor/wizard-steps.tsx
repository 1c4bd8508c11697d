import type { ReactElement } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ColumnHeaders } from '../../ui/column-headers.js';
import { RowControls, RowFinding } from './row-controls.js';
import { cellOptions, selectedOptions, type Option, type Scalar } from './table-model.js';
import { readAvailability, setAvailability, setStepField, setStepTexts, type EditorWizard } from './wizard-model.js';

type Node = ComponentOf<'table-editor'>;
type Pick = (props: { label: string; options: Option[]; selected: number[] | 'any'; onChange: (picked: number[] | 'any') => void }) => ReactElement;
type Single = (props: { label: string; options: Option[]; value: unknown; onChange: (value: Scalar) => void }) => ReactElement;

/**
 * A wizard's steps in the table editor (mode "wizard"): the step id and route are pick lists,
 * each availability input a pick list ("qualquer" when absent), label, title and texts free text;
 * steps moved, duplicated and deleted. The analyser's finding is drawn under the step it concerns.
 */
export function WizardSteps(props: { node: Node; wizard: EditorWizard; findings: Record<string, string>; update: (next: EditorWizard) => void; MultiPick: Pick; SinglePick: Single }) {
  const { node, wizard, findings, update, MultiPick, SinglePick } = props;
  const steps = Array.isArray(wizard.steps) ? wizard.steps : [];
  const names = node.inputs.map((i) => i.name);
  const hasTexts = steps.some((s) => s.title !== undefined || s.texts !== undefined);
  const headers = ['#', ...node.outputs.map((o) => o.label ?? (o.field === 'id' ? 'Passo' : o.field === 'route' ? 'Rota' : o.field)), 'Rótulo', ...(hasTexts ? ['Título', 'Textos'] : []), 'Vale quando', 'Ações'];
  const columns = headers.length;
  return (
    <div className="table-scroll">
      <table className="table">
        <caption>{node.label}</caption>
        <ColumnHeaders columns={headers} />
        <tbody>
          {steps.flatMap((step, s) => {
            const n = s + 1;
            const problem = findings[`linha-${n}`];
            const availability = readAvailability(step.available, names);
            const rows = [
              <tr key={`step-${s}`} className={problem ? 'table-editor-row has-finding' : 'table-editor-row'}>
                <th scope="row">{n}</th>
                {node.outputs.map((output) => (
                  <td key={output.field ?? ''}>
                    <SinglePick
                      label={`${output.field === 'route' ? 'Rota' : 'Passo'} do passo ${n}`}
                      options={output.options}
                      value={output.field === 'route' ? (step.route ?? null) : step.id}
                      onChange={(value) => update(setStepField(wizard, s, output.field === 'route' ? 'route' : 'id', value === null ? null : String(value)))}
                    />
                  </td>
                ))}
                <td>
                  <input className="input table-editor-text" aria-label={`Rótulo do passo ${n}`} value={step.label ?? ''} onChange={(event) => update(setStepField(wizard, s, 'label', event.target.value))} />
                </td>
                {hasTexts ? (
                  <td>
                    <input className="input table-editor-text" aria-label={`Título do passo ${n}`} value={step.title ?? ''} onChange={(event) => update(setStepField(wizard, s, 'title', event.target.value))} />
                  </td>
                ) : null}
                {hasTexts ? (
                  <td>
                    <textarea className="input table-editor-text" aria-label={`Textos do passo ${n} (um parágrafo por linha)`} rows={3} value={(step.texts ?? []).join('\n')} onChange={(event) => update(setStepTexts(wizard, s, event.target.value))} />
                  </td>
                ) : null}
                <td>
                  {availability === null ? (
                    <small className="table-editor-condition">{`condição: ${JSON.stringify(step.available)} (edite no JSON)`}</small>
                  ) : (
                    node.inputs.map((input) => {
                      const cell = availability[input.name];
                      const options = cellOptions(input.options, cell);
                      return (
                        <div key={input.name} className="table-editor-availability">
                          <span className="field-label">{input.label ?? input.name}</span>
                          <MultiPick
                            label={`${input.label ?? input.name} do passo ${n}`}
                            options={options}
                            selected={selectedOptions(options, cell)}
                            onChange={(picked) => update(setAvailability(wizard, s, input.name, picked === 'any' ? 'any' : picked.map((i) => options[i]!.value)))}
                          />
                        </div>
                      );
                    })
                  )}
                </td>
                <RowControls subject={`passo ${n}`} index={s} count={steps.length} onEdit={(edit) => update({ ...wizard, steps: edit(steps) })} />
              </tr>,
            ];
            if (problem) rows.push(<RowFinding key={`finding-${s}`} columns={columns} text={`Passo ${n}: ${problem}`} />);
            return rows;
          })}
        </tbody>
      </table>
    </div>
  );
}
