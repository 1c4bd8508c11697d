import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { DecisionTable, FlowBundle, Wizard } from '../../../screens/contract/flows.js';
import { analysisContext, type Definitions } from './definitions.js';
import { FlowStore, StaleVersionError, type FlowVersionSummary } from '../storage/flow-store.js';
import { analyse, formatReport, type Report } from './flows/analyse.js';
import { parseBundle, FlowFormatError } from './flows/bundle.js';
import { availableSteps, decide, type Decision, type Inputs } from './flows/decide.js';
import { diffFiles } from './flows/diff.js';

/** A publish the analyser refused: nothing changed, the report says why. */
export class FlowRejectedError extends Error {
  override name = 'FlowRejectedError';
  constructor(readonly report: Report | null, message: string) {
    super(message);
  }
}

export { StaleVersionError };

interface Current {
  version: number;
  bundle: FlowBundle;
  files: Record<string, unknown>;
}

function stableHash(files: Record<string, unknown>): string {
  const ordered = Object.keys(files)
    .sort()
    .map((k) => [k, files[k]]);
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
}

/**
 * The flow definitions in service: version 1 is what screens/flows ships; operations publish
 * further versions from the console. Every instance polls the store and swaps to a newer
 * version within one poll interval.
 */
export class FlowService {
  private current: Current;
  private timer: NodeJS.Timeout | undefined;
  /** A draft bundle the console previews: screens computed inside `withBundle` decide with it, nothing else does. */
  private readonly preview = new AsyncLocalStorage<FlowBundle>();

  constructor(
    private readonly store: FlowStore,
    private readonly definitions: Definitions,
    private readonly log: { info(o: object, m: string): void; error(o: object, m: string): void },
  ) {
    this.current = { version: 0, bundle: definitions.flows, files: definitions.flowFiles };
  }

  /** Records the shipped definitions as a version when they are new, then loads the latest one. */
  async start(pollMs: number): Promise<void> {
    const shipped = this.definitions.flowFiles;
    const hash = stableHash(shipped);
    if ((await this.store.latestDeployHash()) !== hash) {
      const latest = await this.store.latestVersion();
      const previous = latest ? await this.store.get(latest) : null;
      try {
        await this.store.insert({
          version: latest + 1,
          files: shipped,
          author: 'deploy',
          comment: latest ? 'Definições entregues com uma nova versão do servidor' : 'Definições entregues com o servidor',
          source: 'deploy',
          sourceHash: hash,
          diff: previous ? diffFiles(previous.files, shipped) : '(versão inicial)',
        });
      } catch (err) {
        if (!(err instanceof StaleVersionError)) throw err; // another instance recorded it first
      }
    }
    await this.refresh();
    if (pollMs > 0) {
      this.timer = setInterval(() => void this.refresh().catch((err: unknown) => this.log.error({ err }, 'flow refresh failed')), pollMs);
      this.timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Loads the newest stored version if it is newer than the one in service. */
  async refresh(): Promise<void> {
    const latest = await this.store.latestVersion();
    if (latest <= this.current.version) return;
    const stored = await this.store.get(latest);
    if (!stored) return;
    const checked = this.check(stored.files);
    if (!checked.report.ok) {
      this.log.error({ version: latest, report: formatReport(checked.report) }, 'stored flow version refused by the analyser; keeping the one in service');
      return;
    }
    this.current = { version: latest, bundle: checked.bundle, files: stored.files };
    this.log.info({ version: latest }, 'flow definitions in service');
  }

  /** Parses and analyses a candidate set of files. */
  check(files: Record<string, unknown>): { bundle: FlowBundle; report: Report } {
    let bundle: FlowBundle;
    try {
      bundle = parseBundle(files);
    } catch (err) {
      if (err instanceof FlowFormatError) {
        return { bundle: this.current.bundle, report: { ok: false, findings: [{ level: 'erro', where: 'formato', message: err.message }] } };
      }
      throw err;
    }
    return { bundle, report: analyse(bundle, analysisContext(this.definitions)) };
  }

  get version(): number {
    return this.current.version;
  }
  get files(): Record<string, unknown> {
    return this.current.files;
  }
  get bundle(): FlowBundle {
    return this.preview.getStore() ?? this.current.bundle;
  }

  /** Runs `work` (a screen request the console makes for a persona) deciding with `bundle` instead of the version in service. */
  withBundle<T>(bundle: FlowBundle, work: () => Promise<T>): Promise<T> {
    return this.preview.run(bundle, work);
  }

  table(id: string, bundle: FlowBundle = this.bundle): DecisionTable {
    const table = bundle.definitions.find((d): d is DecisionTable => d.kind === 'decision-table' && d.id === id);
    if (!table) throw new Error(`decision table ${id} is not defined`);
    return table;
  }

  wizard(id: string, bundle: FlowBundle = this.bundle): Wizard {
    const wizard = bundle.definitions.find((d): d is Wizard => d.kind === 'wizard' && d.id === id);
    if (!wizard) throw new Error(`wizard ${id} is not defined`);
    return wizard;
  }

  decide(tableId: string, inputs: Inputs): Decision {
    return decide(this.table(tableId), inputs);
  }

  steps(wizardId: string, inputs: Inputs): string[] {
    return availableSteps(this.wizard(wizardId), inputs);
  }

  /** A decision under another bundle (a draft being previewed). */
  decideIn(bundle: FlowBundle, tableId: string, inputs: Inputs): Decision {
    return decide(this.table(tableId, bundle), inputs);
  }

  stepsIn(bundle: FlowBundle, wizardId: string, inputs: Inputs): string[] {
    return availableSteps(this.wizard(wizardId, bundle), inputs);
  }

  /**
   * Publishes `files` as the next version, if the analyser accepts them and `baseVersion` is
   * still the one in service (a concurrent publish makes this one stale, never overwritten).
   */
  async publish(input: { files: Record<string, unknown>; author: string; approvedBy?: string | null; comment: string; baseVersion: number; source?: 'console' | 'rollback' }): Promise<FlowVersionSummary> {
    const { report } = this.check(input.files);
    if (!report.ok) throw new FlowRejectedError(report, formatReport(report));
    const latest = await this.store.latestVersion();
    if (latest !== input.baseVersion) throw new StaleVersionError(`a versão ${input.baseVersion} não é mais a atual (agora é a ${latest})`);
    const previous = await this.store.get(latest);
    await this.store.insert({
      version: latest + 1,
      files: input.files,
      author: input.author,
      approvedBy: input.approvedBy ?? null,
      comment: input.comment,
      source: input.source ?? 'console',
      diff: diffFiles(previous?.files ?? {}, input.files),
    });
    await this.refresh();
    const [published] = await this.store.history();
    return published!;
  }

  /** Makes an earlier version current again, as a new version (history stays linear). */
  async rollback(input: { version: number; author: string; comment: string; baseVersion: number }): Promise<FlowVersionSummary> {
    const target = await this.store.get(input.version);
    if (!target) throw new FlowRejectedError(null, `versão ${input.version} não existe`);
    return this.publish({ files: target.files, author: input.author, comment: input.comment || `Volta à versão ${input.version}`, baseVersion: input.baseVersion, source: 'rollback' });
  }

  history(): Promise<FlowVersionSummary[]> {
    return this.store.history();
  }

  getVersion(version: number) {
    return this.store.get(version);
  }
}
