/**
 * `fields` of call_api: keep only the named members of each record. A dotted name reaches into a
 * member: `articles.headline` keeps the headline of each article of an edition.
 */

type Tree = Map<string, Tree>;

function treeOf(fields: string[]): Tree {
  const root: Tree = new Map();
  for (const field of fields) {
    let node = root;
    for (const part of field.split('.').filter(Boolean)) {
      if (!node.has(part)) node.set(part, new Map());
      node = node.get(part)!;
    }
  }
  return root;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function project(value: unknown, tree: Tree): unknown {
  if (tree.size === 0) return value;
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, sub] of tree) if (name in value) kept[name] = project(value[name], sub);
  return kept;
}

/** The records of `data`: its items when it is a list, else `data` itself. */
const recordsOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : [data]);

/**
 * Keeps only `fields` of each record of `data` (each item of a list, or the single record).
 * @returns the reduced data and the top-level names that no record has
 */
export function keepFields(data: unknown, fields: string[]): { data: unknown; unknown: string[] } {
  const tree = treeOf(fields);
  const records = recordsOf(data).filter(isRecord);
  const unknown = [...tree.keys()].filter((name) => records.length > 0 && !records.some((r) => name in r));
  return { data: project(data, tree), unknown };
}

/** The member names of the records of `data`, for telling a caller what `fields` can keep. */
export const memberNames = (data: unknown): string[] => [
  ...new Set(recordsOf(data).filter(isRecord).flatMap((r) => Object.keys(r))),
];

export { isRecord };
