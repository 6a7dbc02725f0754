// Conversation memory per sessionId: the last few turns, forgotten after an idle period, at most so many
// sessions (the least recently used go first). The only state of the server besides its caches, so an
// instance can be replaced at any time. History helps retrieval understand a follow-up question; it is never
// a grounding source (chat.ts passes it to nothing that grounds an answer).
import { BoundedMap } from "../core/bounded-map.js";

export interface Turn {
  question: string;
  answer: string;
  /** When the turn was recorded (ms since the epoch, from the injected clock). */
  at: number;
}

export interface SessionOptions {
  /** Turns kept per session (oldest dropped first). */
  maxTurns: number;
  /** A session unused for this long is forgotten. */
  idleMs: number;
  maxSessions: number;
  now: () => number;
}

// At most 5,000 sessions × 6 turns × 2 × 500 characters: about 30 MB in the worst case.
export const DEFAULT_SESSIONS: Omit<SessionOptions, "now"> = {
  maxTurns: 6,
  idleMs: 30 * 60_000,
  maxSessions: 5_000,
};

/** A turn keeps the start of its question and answer: enough to read a follow-up by. */
export const MAX_TURN_CHARS = 500;

interface Session {
  turns: Turn[];
  lastUsed: number;
}

export class SessionStore {
  private readonly sessions: BoundedMap<string, Session>;

  constructor(private readonly options: SessionOptions) {
    if (options.maxTurns < 1 || options.idleMs <= 0)
      throw new RangeError("sessions need turns and a lifetime");
    this.sessions = new BoundedMap(options.maxSessions);
  }

  get size(): number {
    this.sweep();
    return this.sessions.size;
  }

  /** The session's turns, oldest first; empty for an unknown or expired session. */
  history(sessionId: string): readonly Turn[] {
    this.sweep();
    const session = this.sessions.get(sessionId);
    if (!session) return [];
    session.lastUsed = this.options.now();
    return [...session.turns];
  }

  record(sessionId: string, turn: Omit<Turn, "at">): void {
    this.sweep();
    const now = this.options.now();
    const session = this.sessions.get(sessionId) ?? { turns: [], lastUsed: now };
    const clip = (text: string) => text.slice(0, MAX_TURN_CHARS);
    session.turns.push({ question: clip(turn.question), answer: clip(turn.answer), at: now });
    if (session.turns.length > this.options.maxTurns)
      session.turns.splice(0, session.turns.length - this.options.maxTurns);
    session.lastUsed = now;
    this.sessions.set(sessionId, session);
  }

  /** Drop expired sessions from the least recently used end; stops at the first live one. */
  private sweep(): void {
    const cutoff = this.options.now() - this.options.idleMs;
    for (const [id, session] of this.sessions.entries()) {
      if (session.lastUsed > cutoff) break;
      this.sessions.delete(id);
    }
  }
}
