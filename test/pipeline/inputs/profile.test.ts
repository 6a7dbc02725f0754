// The candidate's profile: JSON Resume in YAML or JSON, plus `portfolio` (paths relative to the profile).
// Errors name the file, the line and the field.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";

const root = mkdtempSync(join(tmpdir(), "vouch-profile-"));
const file = (name: string, text: string) => {
  const path = join(root, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
};
const failure = (path: string) =>
  readProfile(path).then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("reading a profile", () => {
  it("YAML: the document without portfolio, and portfolio paths resolved against the profile's folder", async () => {
    const path = file(
      "cand/profile.yaml",
      [
        "basics:",
        "  name: Dana",
        "  phone: '+1 555 0100'",
        "work:",
        "  - name: Fernhill",
        "    startDate: 2021",
        "    highlights: [Ran EKS.]",
        "meta: { theme: even }",
        "portfolio:",
        "  repos: [./repos/api, ../shared/lib, /abs/repo, 'github:dana/infra', 'github-user:dana']",
        "  docs: [docs]",
      ].join("\n"),
    );
    expect(await readProfile(path)).toEqual({
      path,
      dir: join(root, "cand"),
      profile: {
        basics: { name: "Dana", phone: "+1 555 0100" },
        work: [{ name: "Fernhill", startDate: "2021", highlights: ["Ran EKS."] }],
        meta: { theme: "even" },
      },
      portfolio: {
        repos: [
          join(root, "cand/repos/api"),
          join(root, "shared/lib"),
          "/abs/repo",
          "github:dana/infra",
          "github-user:dana",
        ],
        docs: [join(root, "cand/docs")],
        authors: [],
        authorship: "verify",
        chatPrivate: ["phone", "email", "location"],
      },
      notes: [],
    });
  });

  it("a plain JSON Resume resume.json, tab-indented, with no portfolio, works as is", async () => {
    const resume = {
      $schema: "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
      basics: {
        name: "Dana",
        location: { city: "Portland" },
        profiles: [{ network: "GitHub", username: "dana" }],
      },
      work: [{ name: "Fernhill", startDate: "2021-04-01", endDate: "2023-01", highlights: ["Ran EKS."] }],
      education: [{ institution: "OSU", startDate: "2014" }],
      skills: [{ name: "Cloud", level: "Senior", keywords: ["AWS"] }],
      languages: [{ language: "English" }],
    };
    const path = file("resume.json", JSON.stringify(resume, null, "\t"));
    expect(await readProfile(path)).toEqual({
      path,
      dir: root,
      profile: resume,
      portfolio: {
        repos: [],
        docs: [],
        authors: ["github:dana"],
        authorship: "verify",
        chatPrivate: ["phone", "email", "location"],
      },
      notes: [],
    });
  });

  it("a portfolio with only repos has no docs", async () => {
    const loaded = await readProfile(file("p1.yaml", "portfolio:\n  repos: ['github:o/r']\n"));
    expect(loaded.portfolio).toEqual({
      repos: ["github:o/r"],
      docs: [],
      authors: [],
      authorship: "verify",
      chatPrivate: ["phone", "email", "location"],
    });
    expect(loaded.profile).toEqual({});
  });
});

describe("who the candidate is in commits", () => {
  it("basics.email, each GitHub profile's login (username, else the URL's), then portfolio.authors, once each", async () => {
    const path = file(
      "ids.yaml",
      [
        "basics:",
        "  email: Dana@Example.com",
        "  profiles:",
        "    - { network: GitHub, username: dana-reyes }",
        "    - { network: github, url: 'https://github.com/dreyes-work/' }",
        "    - { network: LinkedIn, username: dana }",
        "    - { network: GitLab, url: 'https://gitlab.com/dana' }",
        "portfolio:",
        "  repos: [./api]",
        "  authors: ['dana@example.com', 'Dana Reyes <dana@old.example>', 'github:dana-reyes', '12345+dr@users.noreply.github.com']",
        "  authorship: required",
      ].join("\n"),
    );
    const { portfolio } = await readProfile(path);
    expect(portfolio.authors).toEqual([
      "Dana@Example.com",
      "github:dana-reyes",
      "github:dreyes-work",
      "Dana Reyes <dana@old.example>",
      "12345+dr@users.noreply.github.com",
    ]);
    expect(portfolio.authorship).toBe("required");
  });

  it("an email that is not one is no identity", async () => {
    const { portfolio } = await readProfile(file("bad-email.yaml", "basics:\n  email: dana at example\n"));
    expect(portfolio.authors).toEqual([]);
  });
});

describe("errors name the file, the line and the field", () => {
  it.each([
    [
      "a date that is not one",
      "bad-date.yaml",
      "basics:\n  name: Dana\nwork:\n  - name: X\n    startDate: Spring 2021\n",
      'line 5: field "work[0].startDate": expected a date like 2021, 2021-04 or 2021-04-15.',
    ],
    [
      "a keyword that is not text",
      "bad-keyword.yaml",
      "skills:\n  - name: A\n    keywords: [x]\n  - name: B\n    keywords:\n      - ok\n      - [nested]\n",
      'line 7: field "skills[1].keywords[1]": Invalid input: expected string, received array.',
    ],
    [
      "a list where a mapping goes",
      "bad-basics.yaml",
      "basics:\n  - Dana\n",
      'line 2: field "basics": Invalid input: expected object, received array.',
    ],
    [
      "an unknown portfolio key",
      "bad-portfolio.yaml",
      "basics: {}\nportfolio:\n  repo: [./x]\n",
      'line 3: field "portfolio.repo": Unrecognized key: "repo".',
    ],
    [
      "an empty repository entry",
      "empty-repo.yaml",
      "portfolio:\n  repos:\n    - ./a\n    - ''\n",
      'line 4: field "portfolio.repos[1]": Too small: expected string to have >=1 characters.',
    ],
    [
      "an author that is no identity",
      "bad-author.yaml",
      "portfolio:\n  repos: [./a]\n  authors:\n    - dana@example.com\n    - Dana Reyes\n",
      'line 5: field "portfolio.authors[1]": expected an email, `Name <email>` or `github:login`.',
    ],
    [
      "an authorship mode that is not one",
      "bad-authorship.yaml",
      "portfolio:\n  repos: [./a]\n  authorship: strict\n",
      'line 3: field "portfolio.authorship": expected "verify" or "required".',
    ],
    [
      "a JSON profile",
      "bad.json",
      '{\n  "basics": {"name": "Dana"},\n  "work": [\n    {"startDate": "04/2021"}\n  ]\n}\n',
      'line 4: field "work[0].startDate": expected a date like 2021, 2021-04 or 2021-04-15.',
    ],
    [
      "YAML that does not parse",
      "broken.yaml",
      "basics:\n  name: Dana\n   label: x: y\n",
      "line 2: Nested mappings are not allowed in compact mappings.",
    ],
    [
      "duplicate keys",
      "dup.yaml",
      "basics:\n  name: A\nbasics:\n  name: B\n",
      "line 3: Map keys must be unique.",
    ],
    [
      "JSON that does not close",
      "open.json",
      '{\n  "basics": {\n    "name": "Dana"\n',
      "line 4: Flow map in block collection must be sufficiently indented and end with a }.",
    ],
    [
      "a list",
      "list.yaml",
      "- a\n- b\n",
      "expected a JSON Resume document (a mapping with basics, work, skills, …).",
    ],
    [
      "a scalar",
      "scalar.yaml",
      "just text\n",
      "expected a JSON Resume document (a mapping with basics, work, skills, …).",
    ],
    [
      "an empty file",
      "empty.yaml",
      "",
      "expected a JSON Resume document (a mapping with basics, work, skills, …).",
    ],
  ])("%s", async (_name, name, text, message) => {
    const path = file(name, text);
    const error = await failure(path);
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(`${path}: ${message}`);
    expect(error?.message.split("\n")).toHaveLength(1);
  });

  it("names a missing file", async () => {
    const path = join(root, "absent.yaml");
    expect((await failure(path))?.message).toBe(`${path}: no such profile file.`);
  });
});

describe("dates are real calendar dates, an end is not before its start, a start is not in the future", () => {
  const TODAY = "2026-12-01";
  const profile = (lines: string[]) =>
    ["basics:", "  name: Dana", "work:", "  - name: Fernhill", "    startDate: '2019-01'", ...lines].join(
      "\n",
    );
  const refusal = async (name: string, text: string) => {
    const path = file(`dates/${name}`, text);
    const error = await readProfile(path, { today: TODAY }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(InputError);
    return error?.message.slice(path.length);
  };

  it.each([
    [
      ["  - name: Quillmark", "    startDate: '2021-13'"],
      'line 7: field "work[1].startDate": 2021-13 is not a calendar date.',
    ],
    [
      ["  - name: Quillmark", "    startDate: '2021-00'"],
      'line 7: field "work[1].startDate": 2021-00 is not a calendar date.',
    ],
    [
      ["  - name: Quillmark", "    startDate: '2021-02-30'"],
      'line 7: field "work[1].startDate": 2021-02-30 is not a calendar date.',
    ],
    [
      ["  - name: Quillmark", "    startDate: '2023-02-29'"],
      'line 7: field "work[1].startDate": 2023-02-29 is not a calendar date.',
    ],
    [
      ["  - name: Quillmark", "    startDate: '2021-04-31'"],
      'line 7: field "work[1].startDate": 2021-04-31 is not a calendar date.',
    ],
    [
      ["  - name: Quillmark", "    startDate: '2021-04-00'"],
      'line 7: field "work[1].startDate": 2021-04-00 is not a calendar date.',
    ],
    [
      ["    endDate: '2018-06'"],
      'line 6: field "work[0].endDate": 2018-06 is before the start date 2019-01.',
    ],
    [["    endDate: '2018'"], 'line 6: field "work[0].endDate": 2018 is before the start date 2019-01.'],
    [
      ["  - name: Quillmark", "    startDate: '2026-12-02'"],
      'line 7: field "work[1].startDate": 2026-12-02 is in the future (today is 2026-12-01).',
    ],
    [
      ["  - name: Quillmark", "    startDate: 2027"],
      'line 7: field "work[1].startDate": 2027 is in the future (today is 2026-12-01).',
    ],
    [
      ["education:", "  - institution: OSU", "    startDate: '2014-09'", "    endDate: '2014-08-31'"],
      'line 9: field "education[0].endDate": 2014-08-31 is before the start date 2014-09.',
    ],
    [
      ["projects:", "  - name: site", "    startDate: '2020-02-31'"],
      'line 8: field "projects[0].startDate": 2020-02-31 is not a calendar date.',
    ],
    [
      ["volunteer:", "  - organization: Club", "    startDate: '2030-01'"],
      'line 8: field "volunteer[0].startDate": 2030-01 is in the future (today is 2026-12-01).',
    ],
    [
      ["awards:", "  - title: Prize", "    date: '2020-13-01'"],
      'line 8: field "awards[0].date": 2020-13-01 is not a calendar date.',
    ],
  ])("%j", async (lines, message) => {
    expect(await refusal("bad.yaml", profile(lines))).toBe(`: ${message}`);
  });

  it.each([
    ["a leap day", ["  - name: Quillmark", "    startDate: '2024-02-29'"]],
    ["an end in the same year as a month start", ["    endDate: '2019'"]],
    ["an end on its start", ["    endDate: '2019-01'"]],
    ["a start this month", ["  - name: Quillmark", "    startDate: '2026-12'"]],
    ["a start today", ["  - name: Quillmark", "    startDate: '2026-12-01'"]],
    ["an end in the future (a course still running)", ["    endDate: '2027-06'"]],
  ])("accepts %s", async (_name, lines) => {
    const path = file("dates/good.yaml", profile(lines));
    await expect(readProfile(path, { today: TODAY })).resolves.toMatchObject({ path });
  });

  it("JSON profiles get the same line and field", async () => {
    const json = JSON.stringify({ work: [{ name: "A", startDate: "2021-02-30" }] }, null, 2);
    expect(await refusal("resume.json", json)).toBe(
      ': line 5: field "work[0].startDate": 2021-02-30 is not a calendar date.',
    );
  });

  it("without a date given, today is the clock's", async () => {
    const path = file("dates/future.yaml", "work:\n  - startDate: '2999-01'\n");
    await expect(readProfile(path)).rejects.toThrow(/field "work\[0\]\.startDate": 2999-01 is in the future/);
  });
});

describe("dates written with a month word, as published resumes write them", () => {
  it("reads 'March 2020' as 2020-03 and says so once", async () => {
    const path = file(
      "worded/resume.json",
      JSON.stringify({
        basics: { name: "Noor" },
        work: [
          { name: "Pacefold", startDate: "March 2020", endDate: "Sept. 2022" },
          { name: "Meridian", startDate: "2017-06", endDate: "March 2020" },
        ],
        awards: [{ title: "Best App", date: "oct 2018" }],
      }),
    );
    const loaded = await readProfile(path, { today: "2026-12-01" });
    expect(loaded.profile.work?.map((w) => [w.startDate, w.endDate])).toEqual([
      ["2020-03", "2022-09"],
      ["2017-06", "2020-03"],
    ]);
    expect(loaded.profile.awards?.[0]?.date).toBe("2018-10");
    expect(loaded.notes).toEqual([
      'resume.json: dates written in words read as JSON Resume\'s: "March 2020" as 2020-03, "Sept. 2022" as 2022-09, "oct 2018" as 2018-10.',
    ]);
  });

  it("reads the profile without characters a DOCX cannot hold, saying which and where", async () => {
    const path = file(
      "pasted/profile.yaml",
      'basics:\n  name: "Dana\\uFFFE Reyes"\n  label: "Backend\\vPlatform Engineer"\nskills:\n  - name: Cloud\n    keywords: ["AWS\\u0001"]\n',
    );
    const loaded = await readProfile(path);
    expect(loaded.profile.basics).toMatchObject({ name: "Dana Reyes", label: "Backend Platform Engineer" });
    expect(loaded.profile.skills?.[0]?.keywords).toEqual(["AWS"]);
    expect(loaded.notes).toEqual([
      "profile.yaml: basics.name holds the noncharacter U+FFFE, which a DOCX cannot hold: read without it.",
      "profile.yaml: basics.label holds a vertical tab (Word's manual line break), which a DOCX cannot hold: read without it.",
      "profile.yaml: skills[0].keywords[0] holds a control character U+0001, which a DOCX cannot hold: read without it.",
    ]);
  });

  it("portfolio.chat.private: phone, email and location by default; the profile can open them; a part it cannot name is refused", async () => {
    const plain = await readProfile(file("chat/a.yaml", "basics:\n  name: Dana\n"));
    expect(plain.portfolio.chatPrivate).toEqual(["phone", "email", "location"]);
    const open = await readProfile(
      file("chat/b.yaml", "basics:\n  name: Dana\nportfolio:\n  chat:\n    private: []\n"),
    );
    expect(open.portfolio.chatPrivate).toEqual([]);
    const error = await failure(
      file("chat/c.yaml", "basics:\n  name: Dana\nportfolio:\n  chat:\n    private: [ssn]\n"),
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(
      `${join(root, "chat/c.yaml")}: line 5: field "portfolio.chat.private[0]": expected email, phone, location, url, profiles.`,
    );
  });

  it("a word that is no month is still refused, naming the field", async () => {
    const path = file("worded/bad.json", JSON.stringify({ work: [{ name: "A", startDate: "Spring 2020" }] }));
    const error = await failure(path);
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toContain(
      'field "work[0].startDate": expected a date like 2021, 2021-04 or 2021-04-15',
    );
  });
});
