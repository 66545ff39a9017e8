/** The signed-in customer as the portal shows them (docs/product.md, Session and accounts). */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** First and last name joined, or the email when both are empty. */
  name: string;
  /** Directus file id of the avatar, when one is set. */
  avatar: string | null;
};

/** The fields `GET /account/me` returns. */
export const SESSION_USER_FIELDS = ['id', 'email', 'first_name', 'last_name', 'avatar'] as const;

type RawUser = Partial<Record<(typeof SESSION_USER_FIELDS)[number], unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function toSessionUser(raw: RawUser): SessionUser {
  const firstName = text(raw.first_name);
  const lastName = text(raw.last_name);
  const email = text(raw.email);
  const avatar = text(raw.avatar);
  return {
    id: text(raw.id),
    email,
    firstName,
    lastName,
    name: [firstName, lastName].filter(Boolean).join(' ') || email,
    avatar: avatar || null,
  };
}

/** Registration asks for one "full name"; Directus stores first and last name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1).trim() };
}
