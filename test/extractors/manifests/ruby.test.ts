import { beforeAll, describe, expect, it } from "vitest";
import { gemfileDetector, gemspecDetector } from "../../../extractors/manifests/ruby.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(gemfileDetector, gemspecDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "gems, group blocks and group options",
    text: lines(
      'source "https://rubygems.org"',
      'ruby "3.3.0"',
      "",
      'gem "rails", "~> 7.1"',
      "gem 'pg', '>= 1.1' # the database",
      'gem "bootsnap", require: false',
      "",
      "group :development, :test do",
      '  gem "rspec-rails"',
      "end",
      "",
      "group :test do",
      '  gem "capybara"',
      "end",
      "",
      "group :development do",
      '  gem "web-console"',
      "end",
      "",
      "gem 'factory_bot', group: :test",
      "gem 'pry', groups: [:development, :test]",
      "gem 'rubocop', :group => :development",
      "gem 'sidekiq', group: :production",
      "gem('redis', '~> 5')",
    ),
    expected: [
      ["gem", "rails", 4, "runtime"],
      ["gem", "pg", 5, "runtime"],
      ["gem", "bootsnap", 6, "runtime"],
      ["gem", "rspec-rails", 9, "dev"],
      ["gem", "capybara", 13, "test"],
      ["gem", "web-console", 17, "dev"],
      ["gem", "factory_bot", 20, "test"],
      ["gem", "pry", 21, "dev"],
      ["gem", "rubocop", 22, "dev"],
      ["gem", "sidekiq", 23, "runtime"],
      ["gem", "redis", 24, "runtime"],
    ],
  },
  {
    name: "nested blocks, conditionals and %i lists keep the right group",
    text: lines(
      "group %i[development test] do",
      "  platforms :mri do",
      '    gem "byebug"',
      "  end",
      "  if ENV['CI']",
      '    gem "simplecov"',
      "  else",
      '    gem "guard"',
      "  end",
      '  gem "dotenv" if ENV["DOTENV"]',
      "end",
      'gem "puma"',
      "group(:test) { }",
    ),
    expected: [
      ["gem", "byebug", 3, "dev"],
      ["gem", "simplecov", 6, "dev"],
      ["gem", "guard", 8, "dev"],
      ["gem", "dotenv", 10, "dev"],
      ["gem", "puma", 12, "runtime"],
    ],
  },
  {
    name: "options continued on the next line, strings with # and comments",
    text: lines(
      "# gem 'commented-out'",
      "gem 'rspec',",
      "    group: :test",
      'gem "name#with-hash"',
      "=begin",
      "gem 'in-block-comment'",
      "=end",
      'gem "after-comment"',
    ),
    expected: [
      ["gem", "rspec", 2, "test"],
      ["gem", "name#with-hash", 4, "runtime"],
      ["gem", "after-comment", 8, "runtime"],
    ],
  },
  {
    // Only statements that start with `gem` are read; a one-line `if ... then gem ... end` is not.
    name: "loops with and without `do`, and a one-line if, keep blocks balanced",
    text: lines(
      "while false do",
      "end",
      "%w[a b].each do |name|",
      "  puts name",
      "end",
      "if true then gem 'inline' end",
      "gem 'after'",
    ),
    expected: [["gem", "after", 7, "runtime"]],
  },
  {
    name: "non-literal names, gemspec and method calls are skipped",
    text: lines("gemspec", "gem ENV.fetch('GEM')", "foo.gem 'x'", "eval_gemfile 'other.rb'"),
    expected: [],
  },
  {
    name: "CRLF and a byte-order mark",
    text: "\uFEFFsource 'https://rubygems.org'\r\ngroup :test do\r\n  gem 'rspec'\r\nend\r\n",
    expected: [["gem", "rspec", 3, "test"]],
  },
  {
    // A gem's own repository (sinatra): the gemspec names the runtime gems, the Gemfile the developers'.
    name: "beside `gemspec`, ungrouped gems are for development; groups still decide",
    text: lines(
      "source 'https://rubygems.org'",
      "gem 'rake'",
      "gemspec",
      "gem 'haml'",
      "group :test do",
      "  gem 'minitest'",
      "end",
      "gem 'puma', group: :production",
    ),
    expected: [
      ["gem", "rake", 2, "dev"],
      ["gem", "haml", 4, "dev"],
      ["gem", "minitest", 6, "test"],
      ["gem", "puma", 8, "runtime"],
    ],
  },
  { name: "empty file", text: "", expected: [] },
];

describe("Gemfile", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(gemfileDetector, "Gemfile", text)).toEqual(expected);
  });

  it("says why a gem beside `gemspec` is for development, and leaves it to no scope-by-use", () => {
    const [d] = gemfileDetector.detect({ path: "Gemfile", text: lines("gemspec", "gem 'yard'") });
    expect(d).toMatchObject({ detail: 'gem "yard" (beside `gemspec`: for development)', scope: "dev" });
    expect(d).not.toHaveProperty("unseparated");
    const [plain] = gemfileDetector.detect({ path: "Gemfile", text: "gem 'yard'" });
    expect(plain).toMatchObject({ scope: "runtime", unseparated: true });
  });

  it("details the gem call", () => {
    const [d] = gemfileDetector.detect({ path: "Gemfile", text: "gem 'rails', '~> 7.1', '>= 7.1.2'" });
    expect(d?.detail).toBe('gem "rails", "~> 7.1", ">= 7.1.2"');
  });

  it.each([
    ["Gemfile", true],
    ["apps/web/Gemfile", true],
    ["gems.rb", true],
    ["Gemfile.lock", false],
    ["gems.locked", false],
  ])("matches %s: %s", (path, expected) => {
    expect(gemfileDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "an unclosed group block",
      text: lines("group :test do", "  gem 'rspec'"),
      message: "The block opened on line 1 is never closed with `end`.",
      line: 1,
    },
    {
      name: "a stray end",
      text: lines("gem 'rails'", "end"),
      message: "The `end` on line 2 closes no block.",
      line: 2,
    },
    {
      name: "an unterminated string",
      text: lines("gem 'rails'", 'gem "pg'),
      message: "The string starting on line 2 is never closed.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(gemfileDetector, "Gemfile", text, message, line);
  });
});

describe("gemspec", () => {
  it("reads runtime and development dependencies, whatever the receiver and call style", () => {
    const text = lines(
      "Gem::Specification.new do |s|",
      "  s.name = 'sinatra'",
      "  s.add_dependency 'rack', '>= 3.0.0', '< 4'",
      '  s.add_runtime_dependency("tilt", "~> 2.0")',
      "  spec.add_development_dependency 'rspec'",
      "  s.add_dependency version_gem # not a literal name",
      "  # s.add_dependency 'commented'",
      "end",
    );
    expect(detectRows(gemspecDetector, "sinatra.gemspec", text)).toEqual([
      ["gem", "rack", 3, "runtime"],
      ["gem", "tilt", 4, "runtime"],
      ["gem", "rspec", 5, "dev"],
    ]);
    expect(gemspecDetector.detect({ path: "x.gemspec", text })[0]?.detail).toBe(
      'add_dependency "rack", ">= 3.0.0", "< 4"',
    );
  });

  it.each([
    ["sinatra.gemspec", true],
    ["rack-protection/rack-protection.gemspec", true],
    ["Gemfile", false],
    ["sinatra.gemspec.erb", false],
  ])("matches %s: %s", (path, expected) => {
    expect(gemspecDetector.matches(path)).toBe(expected);
  });
});
