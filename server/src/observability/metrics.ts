import { BlockList, isIPv6 } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one instance: request rate and latency per screen family, upstream latency
 * per route group, errors by code, live sessions, breaker state and the definitions version in
 * service. Off unless METRICS_PORT is set; served on that port only, to the allowed networks.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({ name: 'http_request_duration_seconds', help: 'Requests by screen family, action area or route', labelNames: ['family', 'method', 'status'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [this.registry] });
  readonly upstream = new Histogram({ name: 'upstream_request_duration_seconds', help: 'Back-office calls by route group', labelNames: ['group', 'method', 'status'] as const, buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry] });
  readonly errors = new Counter({ name: 'app_errors_total', help: 'Answers with an error, by code', labelNames: ['code'] as const, registers: [this.registry] });
  readonly sessions = new Gauge({ name: 'sessions_live', help: 'Live customer sessions in the store', registers: [this.registry] });
  readonly breakers = new Gauge({ name: 'upstream_breaker_open', help: '1 while the circuit breaker of an upstream route group is open', labelNames: ['group'] as const, registers: [this.registry] });
  readonly definitions = new Gauge({ name: 'definitions_version', help: 'Flow definitions version in service', registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}

/** The networks allowed to read metrics, from `127.0.0.0/8,10.0.0.0/8,::1/128`-style text. */
export function networks(list: string): BlockList {
  const allowed = new BlockList();
  for (const entry of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    allowed.addSubnet(address!, Number(prefix ?? (type === 'ipv6' ? 128 : 32)), type);
  }
  return allowed;
}

/** GET /metrics on its own port, refused (403) to any address outside the allowed networks. */
export function metricsServer(metrics: Metrics, allowed: BlockList, before?: () => Promise<void>): Server {
  return createServer((req, res) => {
    const remote = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const type = isIPv6(remote) ? 'ipv6' : 'ipv4';
    if (!allowed.check(remote, type)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
      return;
    }
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    void (before?.() ?? Promise.resolve())
      .then(() => metrics.registry.metrics())
      .then((text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text))
      .catch(() => res.writeHead(500).end());
  });
}
