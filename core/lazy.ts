/** A value made on first use and kept: see `lazy`. */
export interface Lazy<T> {
  /** Runs the load on the first call; every later call returns what it returned. */
  (): T;
  /** The loaded value (an async load's once it has resolved), or undefined; never starts a load. */
  peek(): Awaited<T> | undefined;
}

/**
 * Loads once and keeps the result, for a module imported on first use or anything built once. An async
 * load is shared: concurrent callers get the same promise. A load that throws or rejects is not kept,
 * so the next call tries again.
 */
export function lazy<T>(load: () => T): Lazy<T> {
  let kept: { result: T } | undefined;
  let loaded: { value: Awaited<T> } | undefined;
  const get = (): T => {
    if (kept) return kept.result;
    const result = load();
    if (!isPromiseLike(result)) {
      kept = { result };
      loaded = { value: result as Awaited<T> };
      return result;
    }
    const pending = Promise.resolve(result).then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        if (kept?.result === pending) kept = undefined;
        throw error;
      },
    );
    kept = { result: pending as T };
    return kept.result;
  };
  return Object.assign(get, { peek: () => loaded?.value });
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
