/**
 * `return_to`: where a person goes after signing in. Only a same-origin relative path is kept (it
 * starts with one `/`, not `//` or `/\`, and holds no control character); anything else is
 * dropped, so a link can never send a person to another site (open redirect).
 */

/** `value` when it is a safe same-origin path, else null. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}
