/** The sandbox's control routes (/__sandbox), as tests use them. */
export interface RecordedCall {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  /** Body fields, secrets shown as '***'. */
  body?: Record<string, unknown>;
  /** A multipart upload's file: its part's name, the file name it was given, its declared type. */
  file?: { field: string; name: string; type: string };
  requestId?: string;
  traceparent?: string;
}

export class SandboxControl {
  /** `afterReset`: what else starts afresh with the back office (the stack's server forgets the moves made against it). */
  constructor(
    readonly url: string,
    private readonly afterReset?: () => Promise<void>,
  ) {}

  private async send(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }

  /** perf: a big portfolio for the persona's first quota (quotas, open instalments, past bids). */
  async setPortfolio(persona: string, sizes: { cotas?: number; parcelasEmAberto?: number; lances?: number }): Promise<void> {
    await this.send('POST', `customers/${persona}/portfolio`, sizes);
  }

  async calls(): Promise<RecordedCall[]> {
    const answer = (await this.send('GET', 'calls')) as RecordedCall[] | { data: RecordedCall[] };
    return Array.isArray(answer) ? answer : answer.data;
  }
  async clearCalls(): Promise<void> {
    await this.send('DELETE', 'calls');
  }
  async reset(): Promise<void> {
    await this.send('POST', 'reset');
    await this.afterReset?.();
  }
  /** Fails (status) or only slows down (delayMs alone) the next matching calls. */
  async fault(fault: { method?: string; path: string; status?: number; times?: number; delayMs?: number; body?: unknown }): Promise<void> {
    await this.send('POST', 'faults', fault);
  }
  async clearFaults(): Promise<void> {
    await this.send('DELETE', 'faults');
  }
  async setWarnings(partnerId: number, warnings: unknown[]): Promise<void> {
    await this.send('PUT', `partners/${partnerId}/warnings`, warnings);
  }
  /** The code of the newest message the back office "sent" (SMS or e-mail) that carries one. */
  async lastCode(): Promise<string> {
    const { data } = (await this.send('GET', 'outbox')) as { data: Array<{ code?: string }> };
    const code = data.filter((m) => m.code).at(-1)?.code;
    if (!code) throw new Error('no code in the sandbox outbox');
    return code;
  }
  /** A one-use transparent-login token for the persona (first quota unless idCota given). */
  async transparentToken(persona: string, idCota?: number, agent?: string): Promise<string> {
    const answer = (await this.send('POST', 'transparent-tokens', { persona, ...(idCota === undefined ? {} : { idCota }), ...(agent ? { agent } : {}) })) as { token: string };
    return answer.token;
  }
  /** The bank confirms the payment of a slip. */
  async paySlip(idBoleto: string): Promise<void> {
    await this.send('POST', `boletos/${idBoleto}/pagar`);
  }
  /** Puts a persona's quotas on a renegotiation boundary. */
  async setPlan(persona: string, plan: { renegociacoes: number; parcelasPagas?: number }): Promise<void> {
    await this.send('POST', `quotas/${persona}/renegociacoes`, plan);
  }
  async outbox(): Promise<Array<{ channel: string; to: string; text: string }>> {
    return ((await this.send('GET', 'outbox')) as { data: Array<{ channel: string; to: string; text: string }> }).data;
  }
  /** Sets a quota's cash-credit billing status (any of the 23 of doc 2 §4.4). */
  async setCashBilling(idCota: number, status: string, possuiCaso?: boolean): Promise<void> {
    await this.send('PUT', `quotas/${idCota}/faturamento-credito`, { status, ...(possuiCaso === undefined ? {} : { possuiCaso }) });
  }
  /** Removes a quota's cash-credit billing process. */
  async removeCashBilling(idCota: number): Promise<void> {
    await this.send('DELETE', `quotas/${idCota}/faturamento-credito`);
  }
  /** What the core system says about a quota's billing: FGTS in the contemplating bid, a restriction code (null clears), the analyst's answer. */
  async setQuotaFlags(idCota: number, flags: { lanceComFgts?: boolean; codigoRestricao?: number | null; respostaAnalista?: string }): Promise<void> {
    await this.send('PATCH', `quotas/${idCota}`, flags);
  }
  /** Opens a CRM case for a persona. */
  async addCase(persona: string, kase: { numero: string; tipo: string; status: string; fase: string; criadoHaDias: number }): Promise<void> {
    await this.send('POST', `customers/${persona}/cases`, kase);
  }
  /** Sets the awarded flow of a persona's contemplated quota: any status of doc 2 §4.3, the documents found unreadable, the identity match (0–1). */
  async setAwarded(persona: string, state: { status?: string; ilegiveis?: string[]; identidade?: number }): Promise<void> {
    await this.send('PUT', `customers/${persona}/contemplacao`, state);
  }
  /** Sets the refund of a persona's quota: status (null = no phase), a reversed payment, the next identity-scan outcome. */
  async setRefund(persona: string, change: { status?: string | null; estornar?: true; proximaAnalise?: string; respostaAnalista?: string; documentosRecusados?: string[] }): Promise<void> {
    await this.send('PUT', `personas/${persona}/devolucao`, change);
  }
  async setClock(now: string): Promise<void> {
    await this.send('PUT', 'clock', { now });
  }
  async advanceClock(seconds: number): Promise<void> {
    await this.send('POST', 'clock/advance', { seconds });
  }
}
