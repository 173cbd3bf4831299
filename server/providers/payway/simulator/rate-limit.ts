// A rolling one-minute window per key, as PayWay enforces transaction-detail's 10 requests per
// minute: exactly `limit` answers in any 60 s, then refusals until the oldest one ages out.
const WINDOW_MS = 60_000;

export class RollingLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    public limit: number,
    private readonly now: () => Date,
  ) {}

  /** Counts one request; false when it is over the limit (a refused request does not count). */
  take(key: string): boolean {
    const t = this.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((at) => t - at < WINDOW_MS);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(t);
    this.hits.set(key, recent);
    return allowed;
  }

  reset(): void {
    this.hits.clear();
  }
}
