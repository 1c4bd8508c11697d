/**
 * The soak's load balancer (bench/soak.ts): round robin over the instances that are ready, no
 * sticky sessions, each answer read whole before it is handed on, and the instance that answered
 * named in `x-soak-instance`.
 * - Health-aware: every instance's `/health/ready` is asked each second (3 s to answer); one that
 *   failed twice in a row gets no new request until it answers 200 again (a Kubernetes Service's
 *   endpoints with the readiness probe of deploy/kubernetes), and one whose connection was refused
 *   or reset gets none for 10 s. `drain(instance)` stops sending to an instance before it is
 *   stopped (the pod's preStop wait).
 * - Retries only what is idempotent: a GET whose connection was refused or reset before any answer
 *   goes to the next instance (nginx's proxy_next_upstream; marked `x-soak-retried`). A POST that
 *   failed in transport may have been carried out by the instance that died: it is answered 502
 *   marked `x-soak-proxy: transport`, never sent twice by the balancer; the client sends it again
 *   with the same Idempotency-Key, and the server replays the first result or runs it once.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  agent: http.Agent;
  /** Its readiness answered 200 lately (not failed twice in a row since). */
  ready: boolean;
  /** Readiness failures in a row. */
  failures: number;
  /** No request before then (epoch ms): its connection was refused or reset. */
  downUntil: number;
  /** Taken out of the rotation before it is stopped. */
  draining: boolean;
}

export class Balancer {
  private next = 0;
  private readonly poller: NodeJS.Timeout;
  readonly server: http.Server;

  constructor(readonly instances: Instance[]) {
    this.server = http.createServer((req, res) => this.handle(req, res));
    // Idle client connections are closed by the clients first (undici after 4 s), as nginx's 75 s
    // keepalive_timeout leaves it to them: a connection the balancer closed while a client sent on
    // it would be a reset that no server caused.
    this.server.keepAliveTimeout = 75_000;
    this.poller = setInterval(() => void this.poll(), 1_000);
  }

  /** Asks each instance's readiness once (also called by the poller every second). */
  async poll(): Promise<void> {
    await Promise.all(
      this.instances.map(async (instance) => {
        let ok = false;
        try {
          ok = (await fetch(`http://127.0.0.1:${instance.port}/health/ready`, { signal: AbortSignal.timeout(3_000) })).ok;
        } catch {
          /* refused, reset or late: a failure */
        }
        instance.failures = ok ? 0 : instance.failures + 1;
        instance.ready = instance.failures < 2;
      }),
    );
  }

  drain(instance: Instance): void {
    instance.draining = true;
  }

  /** Puts a restarted instance back (it receives requests once its readiness answers 200). */
  replace(instance: Instance, fresh: Instance): void {
    this.instances[this.instances.indexOf(instance)] = fresh;
  }

  close(): void {
    clearInterval(this.poller);
    this.server.close();
    for (const i of this.instances) i.agent.destroy();
  }

  /** Round robin over the ready instances; when none is, over those not known to be down. */
  private pick(tried: Set<Instance>): Instance | undefined {
    const now = Date.now();
    const open = this.instances.filter((i) => !tried.has(i) && !i.draining);
    const up = open.filter((i) => i.downUntil <= now);
    const ready = up.filter((i) => i.ready);
    const pool = ready.length ? ready : up.length ? up : open;
    return pool[this.next++ % Math.max(1, pool.length)];
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      // The balancer stands for the Gateway, which ends the customers' TLS: the instances are told
      // the request came over https (production refuses /api/ over plain http).
      const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': String(req.headers['x-soak-client'] ?? req.socket.remoteAddress), 'x-forwarded-proto': 'https' };
      // Hop-by-hop: the balancer keeps its own connections to the instances.
      delete headers.connection;
      delete headers['keep-alive'];
      const attempt = (tried: Set<Instance>) => {
        const target = this.pick(tried);
        if (!target) {
          res.writeHead(502, { 'x-soak-proxy': 'transport' }).end('no instance answered');
          return;
        }
        tried.add(target);
        let done = false;
        const failed = (err?: Error) => {
          if (done) return;
          done = true;
          if (process.env.SOAK_DEBUG) console.error(`balancer: ${req.method} ${req.url} on ${target.name} failed: ${String(err)}`);
          target.downUntil = Date.now() + 10_000;
          if (idempotent) attempt(tried);
          else res.writeHead(502, { 'x-soak-proxy': 'transport' }).end('transport failure');
        };
        const out = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers, agent: target.agent }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            done = true;
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-soak-instance': target.name, ...(tried.size > 1 ? { 'x-soak-retried': '1' } : {}) }).end(Buffer.concat(parts));
          });
          answer.on('error', failed);
        });
        out.on('error', failed);
        out.end(body);
      };
      attempt(new Set());
    });
  }
}
