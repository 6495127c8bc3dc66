/**
 * The fields a record shows exactly as its view holds them, under the same names.
 * `{ ...pick(a, 'id', 'headline'), region: a.region_name }` reads as "these as they are, then the
 * renamed ones"; the result keeps the order of `keys` (a JSON answer's field order is the spread
 * order), and its type is `Pick<V, K>`, so a presenter's return type still checks every field.
 */
export function pick<V extends object, K extends keyof V>(view: V, ...keys: K[]): Pick<V, K> {
  const out = {} as Pick<V, K>;
  for (const key of keys) out[key] = view[key];
  return out;
}
