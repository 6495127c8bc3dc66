/** Where a person goes back to after signing in: only a same-origin path (`/…`, never `//…`). */
export function safeReturnTo(value: string | null | undefined, fallback = '/account'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The sign-in page's URL that comes back to `path` afterwards. */
export function signInUrl(path: string): string {
  return `/sign-in?return_to=${encodeURIComponent(path)}`;
}
