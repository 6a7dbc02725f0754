// `--writer scripted:<file>`: the file is the draft, read at write time; and createWriter's choices.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testCatalog } from "../../helpers/catalog.js";
import { settingsOf } from "../../helpers/settings.js";
import { DUMMY_CREDENTIALS, useAwsEnv, type AwsEnv } from "../../helpers/aws-env.js";
import { InputError } from "../../../core/errors.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { createWriter } from "../../../pipeline/write/create.js";
import { scriptedWriter } from "../../../pipeline/write/scripted.js";
import type { WriterInput } from "../../../pipeline/write/types.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-scripted-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const input: WriterInput = {
  profile: { basics: { name: "Dana", summary: "Own words." } },
  job: fromText("job.md", "- Go"),
  requirements: [],
  matches: [],
  chunks: [],
  catalog: testCatalog(),
  asOf: "2024-06-01",
};

describe("scriptedWriter", () => {
  it("returns the file's document as it is, whatever the profile says", async () => {
    const draft = { basics: { name: "Dana", summary: "Scripted." }, work: [{ highlights: ["40% faster."] }] };
    const writer = scriptedWriter(file("draft.json", JSON.stringify(draft)));
    expect(writer.name).toBe(`scripted:${join(dir, "draft.json")}`);
    expect(await writer.write(input)).toEqual(draft);
  });

  it("reads the file at each write, not when created", async () => {
    const path = file("late.json", "{}");
    const writer = scriptedWriter(path);
    writeFileSync(path, '{"basics":{"summary":"changed"}}');
    expect(await writer.write(input)).toEqual({ basics: { summary: "changed" } });
  });

  it.each([
    ["an array", "[]", "expected a JSON Resume document (an object)."],
    ["a string", '"resume"', "expected a JSON Resume document (an object)."],
    ["null", "null", "expected a JSON Resume document (an object)."],
    ["broken JSON", '{"basics": ', "not valid JSON at line 1, column 12: Unexpected end of JSON input."],
    [
      "work that is not a list",
      '{"work": {"name": "Quillmark"}}',
      'line 1: field "work": Invalid input: expected array, received object.',
    ],
    [
      "a position that is not text",
      '{"work": [{"name": "Quillmark", "position": 7}]}',
      'line 1: field "work[0].position": Invalid input: expected string, received number.',
    ],
    [
      "a date that is not a date",
      '{"education": [{"institution": "OSU", "endDate": "Summer 2018"}]}',
      'line 1: field "education[0].endDate": expected a date like 2021, 2021-04 or 2021-04-15.',
    ],
    [
      "a highlight that is not text",
      '{"work": [{"highlights": ["Built it.", {"text": "x"}]}]}',
      'line 1: field "work[0].highlights[1]": Invalid input: expected string, received object.',
    ],
  ])("rejects %s naming the file", async (_name, text, message) => {
    const path = file("bad.json", text);
    const error = (await scriptedWriter(path)
      .write(input)
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`${path}: ${message}`);
  });
});

describe("createWriter", () => {
  let env: AwsEnv | undefined;
  afterEach(() => env?.restore());

  it("template is the default for anything else", async () => {
    expect((await createWriter("template", settingsOf())).name).toBe("template");
  });

  it("scripted:<file> resolves a relative path against the working folder", async () => {
    const path = file("rel.json", '{"basics":{}}');
    const writer = await createWriter(`scripted:${relative(process.cwd(), path)}`, settingsOf());
    expect(writer.name).toBe(`scripted:${path}`);
    expect(await writer.write(input)).toEqual({ basics: {} });
  });

  it("bedrock and openai are model writers named by their backend", async () => {
    env = useAwsEnv(DUMMY_CREDENTIALS);
    expect((await createWriter("bedrock", settingsOf())).name).toBe("bedrock");
    expect((await createWriter("openai", settingsOf({ openaiModel: "m" }))).name).toBe("openai");
  });

  it("a model writer without its settings fails before any call", async () => {
    env = useAwsEnv({});
    await expect(createWriter("openai", settingsOf())).rejects.toThrow(/needs a model name/);
    await expect(createWriter("bedrock", settingsOf())).rejects.toBeInstanceOf(InputError);
  });
});
