/** The query parameter of /signin naming the screen to return to. */
const NEXT = 'next';

/** Only a path of this app: never another site (`//evil.example`, `https:`), never a loop back to sign-in. */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (
    value === '/signin' ||
    value.startsWith('/signin?') ||
    value.startsWith('/pre-journey') ||
    value.startsWith('/journey')
  )
    return null;
  return value;
}

/** /signin, returning to `path` once the member has signed in again. */
export const signInPathReturningTo = (path: string) => `/signin?${new URLSearchParams({ [NEXT]: path }).toString()}`;

/** Where /signin should return to, from its own search string. */
export const returnPathFrom = (search: string) => safeReturnPath(new URLSearchParams(search).get(NEXT));
