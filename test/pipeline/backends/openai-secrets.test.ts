// An OpenAI base URL may carry a password (http://user:pass@host/v1): no error shows it.
import { describe, expect, it } from "vitest";
import { createOpenAiBackend, shownUrl } from "../../../pipeline/backends/openai.js";
import { InputError } from "../../../core/errors.js";

describe("errors of the OpenAI backend", () => {
  it.each([
    ["http://admin:hunter2-secret@127.0.0.1:11434/v1/", "http://***@127.0.0.1:11434/v1"],
    ["https://token-only-hunter2@llm.example/v1", "https://***@llm.example/v1"],
    ["https://llm.example/v1?key=hunter2-secret", "https://llm.example/v1"],
    ["http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1"],
  ])("shows %s as %s", (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
  });

  it("names the setting, not the value, of a base URL that is not http(s)", () => {
    const make = () => createOpenAiBackend({ baseUrl: "ftp://admin:hunter2-secret@llm/v1", model: "m" });
    expect(make).toThrow(InputError);
    expect(make).toThrow(
      "The OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL) is not an http(s) URL like http://127.0.0.1:11434/v1.",
    );
  });

  it("refuses a base URL with a user or password, naming the setting only", () => {
    for (const baseUrl of [
      "http://admin:hunter2-secret@127.0.0.1:9/v1",
      "https://hunter2-secret@llm.example/v1",
    ]) {
      const make = () => createOpenAiBackend({ baseUrl, model: "m" });
      expect(make).toThrow(InputError);
      expect(make).toThrow(
        "The OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL) holds a user or password, which HTTP clients refuse to send: put the key in OPENAI_API_KEY.",
      );
    }
  });
});
