// A Map that forgets its least recently used entries beyond a size: every per-request memory the server
// keeps (recent request ids, cached grounding contexts) goes through one, so none grows with traffic.

export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly maxSize: number) {
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError("maxSize must be a positive integer");
  }

  get size(): number {
    return this.map.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting moves the key to the young end.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Set and make most recent; the oldest entries go when the map is over its size. */
  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxSize) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  /** Entries from the least to the most recently used. */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
