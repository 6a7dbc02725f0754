import { describe, expect, it } from "vitest";
import {
  candidateIdentity,
  isCandidateEmail,
  loginOfEmail,
  parseAuthorId,
} from "../../../extractors/authorship/identity.js";

describe("parseAuthorId", () => {
  it.each([
    ["dana@example.com", { raw: "dana@example.com", email: "dana@example.com" }],
    [
      "Dana Reyes <dana@example.com>",
      { raw: "Dana Reyes <dana@example.com>", email: "dana@example.com", name: "Dana Reyes" },
    ],
    ["<dana@example.com>", { raw: "<dana@example.com>", email: "dana@example.com" }],
    ["github:dana-reyes", { raw: "github:dana-reyes", login: "dana-reyes" }],
    ["GitHub:Dana", { raw: "GitHub:Dana", login: "Dana" }],
    [
      "12345+dana@users.noreply.github.com",
      {
        raw: "12345+dana@users.noreply.github.com",
        email: "12345+dana@users.noreply.github.com",
        login: "dana",
      },
    ],
    ["  dana@example.com  ", { raw: "dana@example.com", email: "dana@example.com" }],
  ])("reads %j", (raw, expected) => {
    expect(parseAuthorId(raw)).toEqual(expected);
  });

  it.each([
    "dana",
    "github:",
    "github:-dana",
    "github:da--na",
    "Dana <not an email>",
    "a b@c",
    "@example.com",
    "",
  ])("refuses %j", (raw) => {
    expect(parseAuthorId(raw)).toBeUndefined();
  });
});

describe("candidateIdentity", () => {
  it("names the field and the accepted forms when one is wrong", () => {
    expect(() => candidateIdentity(["dana@example.com", "dana"], "portfolio.authors")).toThrow(
      'portfolio.authors[1]: "dana" is not an email, `Name <email>` or `github:login`.',
    );
    expect(() => candidateIdentity(["nope"])).toThrow('--author: "nope" is not an email');
  });

  it("matches emails case-insensitively and noreply addresses by login, with or without the id", () => {
    const identity = candidateIdentity(["Dana@Example.com", "github:Dana-Reyes"]);
    expect(isCandidateEmail(identity, "dana@example.COM")).toBe(true);
    expect(isCandidateEmail(identity, "9876+dana-reyes@users.noreply.github.com")).toBe(true);
    expect(isCandidateEmail(identity, "dana-reyes@users.noreply.github.com")).toBe(true);
    expect(isCandidateEmail(identity, "9876+dana@users.noreply.github.com")).toBe(false);
    expect(isCandidateEmail(identity, "dana-reyes@example.com")).toBe(false);
    expect(isCandidateEmail(identity, "dana@example.com.evil.test")).toBe(false);
  });

  it("a login is not a name: an address that only contains it is someone else's", () => {
    const identity = candidateIdentity(["github:dana"]);
    expect(isCandidateEmail(identity, "dana@gmail.com")).toBe(false);
    expect(loginOfEmail("dana@users.noreply.github.com.evil.test")).toBeUndefined();
  });

  it("an empty list names nobody", () => {
    const identity = candidateIdentity([]);
    expect(identity.ids).toEqual([]);
    expect(isCandidateEmail(identity, "anyone@example.com")).toBe(false);
  });
});
