// Issue 26: "What is Dana's phone number?" returned the phone and email to any caller. The chatbot keeps
// the profile's `portfolio.chat.private` (default phone, email and location) out of every answer, source,
// fact and KB chunk; the profile can open them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadServerDeps } from "../../server/start.js";
import { settingsOf } from "../helpers/settings.js";

const samples = resolve(import.meta.dirname, "../../samples");
const PHONE = "+1 555 0100";
const EMAIL = "dana.reyes@example.com";
const CITY = "Portland";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The sample candidate served from a copy whose `portfolio.chat` is `chat` (YAML lines), or the default. */
async function serve(chat?: string): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), "vouch-privacy-"));
  cpSync(samples, dir, { recursive: true });
  const path = join(dir, "profile.yaml");
  if (chat) writeFileSync(path, readFileSync(path, "utf8").replace(/^portfolio:\n/m, `portfolio:\n${chat}`));
  const deps = await loadServerDeps({ profile: path, settings: settingsOf({}), history: false });
  app = await buildApp(deps);
  return app;
}

async function ask(server: FastifyInstance, question: string) {
  const response = await server.inject({ method: "POST", url: "/v1/chat", payload: { question } });
  expect(response.statusCode).toBe(200);
  return response.json() as { answer: string; sources: unknown[] };
}

const QUESTIONS = [
  "What is Dana's phone number?",
  "How can I contact Dana?",
  "What is Dana's email?",
  "Where does Dana live?",
  "Tell me about Dana.",
];

describe("portfolio.chat.private", () => {
  it("keeps phone, email and location out of every answer and source by default, and says so", async () => {
    const server = await serve();
    for (const question of QUESTIONS) {
      const reply = await ask(server, question);
      const said = JSON.stringify(reply);
      expect(said, question).not.toContain(PHONE);
      expect(said, question).not.toContain(EMAIL);
      expect(said, question).not.toContain(`${CITY}, US`);
    }
    const contact = await ask(server, "What is Dana's phone number?");
    expect(contact.answer).toContain("Phone, email and location are private in this chat.");
    expect(contact.answer).toContain("https://dana-reyes.example");
  });

  it("tells what the profile opens, and keeps the rest", async () => {
    const server = await serve("  chat:\n    private: [email]\n");
    const contact = await ask(server, "What is Dana's phone number?");
    expect(contact.answer).toContain(PHONE);
    expect(JSON.stringify(contact)).not.toContain(EMAIL);
    expect(contact.answer).toContain("Email is private in this chat.");
  });

  it("opens everything with an empty list", async () => {
    const server = await serve("  chat:\n    private: []\n");
    const contact = await ask(server, "How can I contact Dana?");
    expect(contact.answer).toContain(PHONE);
    expect(contact.answer).toContain(EMAIL);
    expect(contact.answer).not.toContain("private");
  });
});
