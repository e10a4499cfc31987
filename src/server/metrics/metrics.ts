import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The counters of the hourly figures (metrics/hourly.ts), the ones the dashboard shows for the last 24 h. */
export type HourlyName = 'requests' | 'errors' | 'conversions_done' | 'conversions_failed';

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests' apps stay apart.
 * Counters are moved where the thing happens; gauges that describe state (queue, disk, database) are
 * read when scraped (metrics/collect.ts). GET /metrics (metrics.routes.ts) shows them; docs/operations.md
 * lists each one and the alerts to set.
 */
export class Metrics {
  readonly registry = new Registry();
  /** plain sums since the last hourly flush (metrics/hourly.ts) */
  readonly hourly: Record<HourlyName, number> = { requests: 0, errors: 0, conversions_done: 0, conversions_failed: 0 };

  readonly httpRequests = this.counter(
    'wenku_http_requests_total',
    'HTTP requests answered, by route pattern (site: files of the built site), method and status',
    ['route', 'method', 'status'],
  );
  readonly httpDuration = this.histogram(
    'wenku_http_request_duration_seconds',
    'Time from a request arriving to its answer being sent, by route pattern and method',
    ['route', 'method'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  );
  readonly conversions = this.counter(
    'wenku_conversions_total',
    'Documents converted by this process, by file format and outcome (converted, failed)',
    ['format', 'outcome'],
  );
  readonly conversionDuration = this.histogram(
    'wenku_conversion_duration_seconds',
    'Time a conversion took, by file format',
    ['format'],
    // up to the default conversion time limit (30 minutes, settings converter.timeout)
    [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
  );
  readonly pagesRendered = this.counter(
    'wenku_site_pages_rendered_total',
    'Pages of the static site rendered by this process (incremental updates and full builds)',
  );
  readonly searchDuration = this.histogram(
    'wenku_search_duration_seconds',
    'Time a search took in the server, by what was searched (document, article)',
    ['type'],
    [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
  );
  readonly rateLimited = this.counter(
    'wenku_rate_limit_refusals_total',
    'Requests refused as too frequent (429), by route pattern',
    ['route'],
  );
  readonly paymentNotifies = this.counter(
    'wenku_payment_notifies_total',
    "Payment providers' notifications, by provider and outcome (paid, ignored, refused)",
    ['provider', 'outcome'],
  );

  /** whether /metrics is served: without it, requests only add to the hour's figures (no labelled series kept) */
  private readonly scraped: boolean;

  /** `scraped`: /metrics is on, so the request series and the process's own figures (a monitor) are kept too */
  constructor(scraped = false) {
    this.scraped = scraped;
    // event-loop lag, heap, RSS, handles, GC: prom-client's own set (nodejs_*, process_*)
    if (scraped) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * One HTTP answer: counted by route pattern, timed, added to the hour's figures. A 503 is a planned
   * state, not a fault (the 站点正在构建 page before a new site's first build, /readyz while shutting
   * down), so the dashboard's server errors leave it out; /metrics still counts it by status.
   */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.hourly.requests++;
    if (status >= 500 && status !== 503) this.hourly.errors++;
    if (!this.scraped) return;
    this.httpRequests.inc({ route, method, status: String(status) });
    this.httpDuration.observe({ route, method }, seconds);
    if (status === 429) this.rateLimited.inc({ route });
  }

  /** One finished conversion. */
  observeConversion(format: string, ok: boolean, seconds: number): void {
    const f = format.toLowerCase() || 'unknown';
    this.conversions.inc({ format: f, outcome: ok ? 'converted' : 'failed' });
    if (ok) this.conversionDuration.observe({ format: f }, seconds);
    this.hourly[ok ? 'conversions_done' : 'conversions_failed']++;
  }

  /** A gauge read at each scrape. */
  gauge(name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void> | void): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}
