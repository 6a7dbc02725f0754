import { describe, expect, it, vi } from "vitest";
import { lazy } from "../../core/lazy.js";

describe("lazy", () => {
  it("loads nothing until first called", () => {
    const load = vi.fn(() => 1);
    const value = lazy(load);
    expect(value.peek()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it("runs a sync load once and keeps its value", () => {
    const load = vi.fn(() => ({ made: true }));
    const value = lazy(load);
    const first = value();
    expect(value()).toBe(first);
    expect(value.peek()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps a falsy value", () => {
    const load = vi.fn(() => 0);
    const value = lazy(load);
    expect(value()).toBe(0);
    expect(value()).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a sync load that throws", () => {
    let calls = 0;
    const value = lazy(() => {
      if (++calls === 1) throw new Error("first try");
      return "second";
    });
    expect(() => value()).toThrow("first try");
    expect(value.peek()).toBeUndefined();
    expect(value()).toBe("second");
    expect(calls).toBe(2);
  });

  it("shares one async load between concurrent callers", async () => {
    let resolve!: (module: { name: string }) => void;
    const load = vi.fn(() => new Promise<{ name: string }>((done) => (resolve = done)));
    const module = lazy(load);
    const calls = [module(), module(), module()];
    expect(calls[1]).toBe(calls[0]);
    expect(calls[2]).toBe(calls[0]);
    expect(module.peek()).toBeUndefined();
    resolve({ name: "yaml" });
    const results = await Promise.all(calls);
    expect(new Set(results).size).toBe(1);
    expect(module.peek()).toBe(results[0]);
    expect(await module()).toBe(results[0]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("makes the value available to peek once the promise it returned resolves", async () => {
    const module = lazy(() => Promise.resolve("loaded"));
    await module();
    expect(module.peek()).toBe("loaded");
  });

  it("retries an async load that rejected, and keeps the one that succeeds", async () => {
    let calls = 0;
    const load = vi.fn(async () => {
      if (++calls === 1) throw new Error("cannot load");
      return "module";
    });
    const module = lazy(load);
    const [first, second] = [module(), module()];
    expect(second).toBe(first);
    await expect(first).rejects.toThrow("cannot load");
    expect(module.peek()).toBeUndefined();
    await expect(module()).resolves.toBe("module");
    await expect(module()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep an async load whose loader throws before returning a promise", async () => {
    let calls = 0;
    const module = lazy((): Promise<string> => {
      if (++calls === 1) throw new Error("sync failure");
      return Promise.resolve("module");
    });
    expect(() => module()).toThrow("sync failure");
    await expect(module()).resolves.toBe("module");
  });
});
