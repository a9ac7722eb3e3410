/**
 * A token bucket per key (a session, an address), kept in this process's memory: `capacity`
 * requests at once, then one more every `refillMs`. For costly pages that any visitor may ask
 * for (the players' tools and simulators): it slows a flood down without a database round trip;
 * with several server processes each keeps its own buckets. At most `maxKeys` keys are kept (the
 * least recently used go first, which only ever forgives).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly capacity: number, private readonly refillMs: number, private readonly maxKeys = 10_000) {}

  /** Takes one token for `key` at time `now` (ms): 0 when granted, else the milliseconds to wait for one. */
  take(key: string, now: number): number {
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    this.buckets.delete(key);
    const tokens = Math.min(this.capacity, b.tokens + Math.max(0, now - b.at) / this.refillMs);
    const granted = tokens >= 1;
    this.buckets.set(key, { tokens: granted ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    return granted ? 0 : Math.ceil((1 - tokens) * this.refillMs);
  }
}
