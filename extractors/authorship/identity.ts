// Who the candidate is, as commits name people: emails, GitHub logins (and the noreply addresses GitHub
// writes for them), from the forms a user gives: `dana@example.com`, `Dana Reyes <dana@example.com>`,
// `github:dana-reyes`.
import { InputError } from "../../core/errors.js";

export interface AuthorId {
  /** The form as given. */
  raw: string;
  email?: string;
  name?: string;
  login?: string;
}

export interface CandidateIdentity {
  ids: AuthorId[];
  /** Lower-cased. */
  emails: ReadonlySet<string>;
  /** GitHub logins, lower-cased. */
  logins: ReadonlySet<string>;
}

// A GitHub login: letters, digits and single hyphens, at most 39 characters.
const LOGIN = /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i;
const EMAIL = /^[^\s<>@]+@[^\s<>@]+$/;
const NAMED = /^(.*?)\s*<([^<>]+)>$/;
const NOREPLY = /^(?:\d+\+)?([^@+]+)@users\.noreply\.github\.com$/i;

export const AUTHOR_FORMS = "an email, `Name <email>` or `github:login`";

/** Reads one identity; undefined when it has none of the accepted forms. */
export function parseAuthorId(raw: string): AuthorId | undefined {
  const text = raw.trim();
  if (text.toLowerCase().startsWith("github:")) {
    const login = text.slice("github:".length);
    return LOGIN.test(login) ? { raw: text, login } : undefined;
  }
  const named = NAMED.exec(text);
  if (named) {
    const email = named[2]!.trim();
    if (!EMAIL.test(email)) return undefined;
    return { raw: text, email, ...(named[1] ? { name: named[1] } : {}), ...noreplyLogin(email) };
  }
  return EMAIL.test(text) ? { raw: text, email: text, ...noreplyLogin(text) } : undefined;
}

/** Reads every identity, or says which one is not of an accepted form (`where` names the field). */
export function candidateIdentity(raw: readonly string[], where = "--author"): CandidateIdentity {
  const ids = raw.map((r, i) => {
    const id = parseAuthorId(r);
    if (!id) {
      const field = raw.length > 1 && where !== "--author" ? `${where}[${i}]` : where;
      throw new InputError(`${field}: "${r}" is not ${AUTHOR_FORMS}.`);
    }
    return id;
  });
  return identityOf(ids);
}

export function identityOf(ids: readonly AuthorId[]): CandidateIdentity {
  const unique = new Map(ids.map((id) => [id.raw.toLowerCase(), id]));
  const list = [...unique.values()];
  return {
    ids: list,
    emails: new Set(list.flatMap((id) => (id.email ? [id.email.toLowerCase()] : []))),
    logins: new Set(list.flatMap((id) => (id.login ? [id.login.toLowerCase()] : []))),
  };
}

/** The GitHub login a noreply address stands for (`12345+dana@users.noreply.github.com` → dana). */
export function loginOfEmail(email: string): string | undefined {
  return NOREPLY.exec(email.trim())?.[1];
}

function noreplyLogin(email: string): { login?: string } {
  const login = loginOfEmail(email);
  return login ? { login } : {};
}

/** Whether an email (of a commit's author or co-author) is the candidate's. */
export function isCandidateEmail(identity: CandidateIdentity, email: string): boolean {
  const lower = email.trim().toLowerCase();
  if (identity.emails.has(lower)) return true;
  const login = loginOfEmail(lower);
  return login !== undefined && identity.logins.has(login.toLowerCase());
}

/** The email of "Name <email>" (or the text itself when it is a bare address). */
export function emailOfContact(contact: string): string {
  return (NAMED.exec(contact.trim())?.[2] ?? contact).trim();
}
