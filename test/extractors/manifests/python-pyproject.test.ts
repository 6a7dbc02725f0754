import { beforeAll, describe, expect, it } from "vitest";
import { pyprojectTomlDetector } from "../../../extractors/manifests/python.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(pyprojectTomlDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "PEP 621 dependencies, extras by group, and the build system",
    text: lines(
      "[build-system]",
      'requires = ["hatchling>=1.18", "hatch-vcs"]',
      "",
      "[project]",
      'name = "app"',
      "dependencies = [",
      '  "fastapi>=0.110",',
      "  # a comment inside the array",
      '  "pydantic[email] ~= 2.6",',
      "  'uvicorn; sys_platform != \"win32\"',",
      "]",
      "",
      "[project.optional-dependencies]",
      'postgres = ["asyncpg"]',
      'dev = ["ruff", "mypy"]',
      'tests = ["pytest"]',
      'docs = ["mkdocs"]',
      'typing = ["types-requests"]',
    ),
    expected: [
      ["pypi", "hatchling", 2, "build"],
      ["pypi", "hatch-vcs", 2, "build"],
      ["pypi", "fastapi", 7, "runtime"],
      ["pypi", "pydantic", 9, "runtime"],
      ["pypi", "pydantic[email]", 9, "runtime"],
      ["pypi", "uvicorn", 10, "runtime"],
      ["pypi", "asyncpg", 14, "optional"],
      ["pypi", "ruff", 15, "dev"],
      ["pypi", "mypy", 15, "dev"],
      ["pypi", "pytest", 16, "test"],
      ["pypi", "mkdocs", 17, "dev"],
      ["pypi", "types-requests", 18, "dev"],
    ],
  },
  {
    name: "PEP 735 dependency groups, including include-group",
    text: lines(
      "[dependency-groups]",
      'test = ["pytest", "coverage"]',
      'lint = ["ruff"]',
      'ci = [{include-group = "test"}, "tox"]',
    ),
    expected: [
      ["pypi", "pytest", 2, "test"],
      ["pypi", "coverage", 2, "test"],
      ["pypi", "ruff", 3, "dev"],
      ["pypi", "tox", 4, "dev"],
    ],
  },
  {
    name: "Poetry: main dependencies, legacy dev-dependencies and groups",
    text: lines(
      "[tool.poetry]",
      'name = "app"',
      "",
      "[tool.poetry.dependencies]",
      'python = "^3.11"',
      'django = "^4.2"',
      'celery = { version = "^5.3", extras = ["redis"] }',
      'boto3 = { version = "^1.34", optional = true }',
      "numpy = [",
      '  { version = "<1.25", python = "<3.9" },',
      '  { version = "^1.26", python = ">=3.9" },',
      "]",
      "",
      "[tool.poetry.dev-dependencies]",
      'black = "^24"',
      "",
      "[tool.poetry.group.test.dependencies]",
      'pytest = "^8"',
      "",
      "[tool.poetry.group.docs.dependencies]",
      'sphinx = "^7"',
      "",
      "[tool.poetry.group.main.dependencies]",
      'redis = "^5"',
    ),
    expected: [
      ["pypi", "django", 6, "runtime"],
      ["pypi", "celery", 7, "runtime"],
      ["pypi", "boto3", 8, "optional"],
      ["pypi", "numpy", 9, "runtime"],
      ["pypi", "black", 15, "dev"],
      ["pypi", "pytest", 18, "test"],
      ["pypi", "sphinx", 21, "dev"],
      ["pypi", "redis", 24, "runtime"],
    ],
  },
  {
    name: "Poetry groups written as dotted keys and inline tables",
    text: lines(
      "[tool.poetry.group.dev]",
      "optional = true",
      "dependencies = { ipython = '*' }",
      "",
      "[tool.poetry]",
      "dependencies.Flask = '3'",
    ),
    expected: [
      ["pypi", "ipython", 3, "dev"],
      ["pypi", "Flask", 6, "runtime"],
    ],
  },
  {
    name: "PDM and uv development tables",
    text: lines(
      "[tool.pdm.dev-dependencies]",
      'test = ["pytest>=8"]',
      'lint = ["ruff"]',
      "",
      "[tool.uv]",
      'dev-dependencies = ["pre-commit"]',
    ),
    expected: [
      ["pypi", "pytest", 2, "test"],
      ["pypi", "ruff", 3, "dev"],
      ["pypi", "pre-commit", 6, "dev"],
    ],
  },
  {
    name: "the same name in two sections",
    text: lines(
      "[project]",
      'dependencies = ["httpx"]',
      "[project.optional-dependencies]",
      'test = ["httpx"]',
    ),
    expected: [
      ["pypi", "httpx", 2, "runtime"],
      ["pypi", "httpx", 4, "test"],
    ],
  },
  { name: "empty file", text: "", expected: [] },
  {
    name: "CRLF and a byte-order mark",
    text: '\uFEFF[project]\r\ndependencies = [\r\n  "rich",\r\n]\r\n',
    expected: [["pypi", "rich", 3, "runtime"]],
  },
  { name: "tool config only", text: lines("[tool.ruff]", "line-length = 100"), expected: [] },
];

describe("pyproject.toml", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(pyprojectTomlDetector, "pyproject.toml", text)).toEqual(expected);
  });

  it("details the table and entry", () => {
    const text = lines(
      "[project]",
      'dependencies = ["flask>=3"]',
      "[tool.poetry.group.dev.dependencies]",
      'pytest = "^8"',
    );
    const details = pyprojectTomlDetector.detect({ path: "pyproject.toml", text }).map((d) => d.detail);
    expect(details).toEqual([
      "[project] dependencies: flask>=3",
      "[tool.poetry.group.dev.dependencies] pytest@^8",
    ]);
  });

  it.each([
    ["pyproject.toml", true],
    ["libs/core/pyproject.toml", true],
    ["poetry.lock", false],
    ["uv.lock", false],
  ])("matches %s: %s", (path, expected) => {
    expect(pyprojectTomlDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "invalid TOML",
      text: lines("[project]", "dependencies = [", '  "flask"'),
      message: "Invalid TOML on line 3: expected comma or end of structure.",
      line: 3,
    },
    {
      name: "dependencies given as a string",
      text: lines("[project]", 'name = "x"', 'dependencies = "flask"'),
      message: "`project.dependencies` on line 3 must be an array of requirement strings.",
      line: 3,
    },
    {
      name: "a requirement that does not parse",
      text: lines("[project]", "dependencies = [", '  "flask",', '  "not a requirement",', "]"),
      message:
        'An entry of `project.dependencies` on line 4 is not a valid PEP 508 requirement: "not a requirement".',
      line: 4,
    },
    {
      name: "optional-dependencies given as an array",
      text: lines("[project]", 'optional-dependencies = ["x"]'),
      message: "`project.optional-dependencies` on line 2 must be a table of requirement lists.",
      line: 2,
    },
    {
      name: "Poetry dependencies given as an array",
      text: lines("[tool.poetry]", 'dependencies = ["flask"]'),
      message: "`tool.poetry.dependencies` on line 2 must be a table of packages.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(pyprojectTomlDetector, "pyproject.toml", text, message, line);
  });
});
