import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../core/bounded-map.js";
import { SessionStore } from "../../server/sessions.js";

function store(options: { maxTurns?: number; idleMs?: number; maxSessions?: number } = {}) {
  const clock = { now: 0 };
  const sessions = new SessionStore({
    maxTurns: options.maxTurns ?? 3,
    idleMs: options.idleMs ?? 1000,
    maxSessions: options.maxSessions ?? 10,
    now: () => clock.now,
  });
  return { sessions, clock };
}

describe("SessionStore", () => {
  it("keeps the last N turns of a session, oldest first", () => {
    const { sessions } = store({ maxTurns: 2 });
    for (const n of [1, 2, 3]) sessions.record("s", { question: `q${n}`, answer: `a${n}` });
    expect(sessions.history("s").map((t) => t.question)).toEqual(["q2", "q3"]);
    expect(sessions.history("other")).toEqual([]);
  });

  it("forgets a session idle for longer than its lifetime, and only that one", () => {
    const { sessions, clock } = store({ idleMs: 1000 });
    sessions.record("old", { question: "q", answer: "a" });
    clock.now = 600;
    sessions.record("young", { question: "q", answer: "a" });
    clock.now = 1000;
    expect(sessions.history("old")).toEqual([]);
    expect(sessions.history("young")).toHaveLength(1);
    expect(sessions.size).toBe(1);
  });

  it("counts idleness from the last use, reads included", () => {
    const { sessions, clock } = store({ idleMs: 1000 });
    sessions.record("s", { question: "q", answer: "a" });
    clock.now = 900;
    expect(sessions.history("s")).toHaveLength(1);
    clock.now = 1800;
    expect(sessions.history("s")).toHaveLength(1);
  });

  it("holds at most maxSessions, dropping the least recently used", () => {
    const { sessions } = store({ maxSessions: 2 });
    sessions.record("a", { question: "q", answer: "a" });
    sessions.record("b", { question: "q", answer: "a" });
    sessions.history("a");
    sessions.record("c", { question: "q", answer: "a" });
    expect(sessions.size).toBe(2);
    expect(sessions.history("b")).toEqual([]);
    expect(sessions.history("a")).toHaveLength(1);
  });

  it("keeps only the start of long turns", () => {
    const { sessions } = store();
    sessions.record("s", { question: "q".repeat(2000), answer: "a".repeat(2000) });
    const [turn] = sessions.history("s");
    expect([turn?.question.length, turn?.answer.length]).toEqual([500, 500]);
  });

  it("stamps turns with the injected clock", () => {
    const { sessions, clock } = store();
    clock.now = 42;
    sessions.record("s", { question: "q", answer: "a" });
    expect(sessions.history("s")).toEqual([{ question: "q", answer: "a", at: 42 }]);
  });
});

describe("BoundedMap", () => {
  it("evicts the least recently used entry beyond its size", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect([...map.entries()]).toEqual([
      ["a", 1],
      ["c", 3],
    ]);
  });
});
