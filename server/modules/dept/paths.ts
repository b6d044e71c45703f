/**
 * `ancestors` as BladeX stores it: the ids from the top down to the parent, comma-joined, starting
 * with the root marker "0" ("0" for a top-level department, "0,<a>,<b>" two levels down). Pure
 * functions, so the rules of a move are tested without a database.
 */
export const TOP = "0";

/** The ancestors column holds this many characters (varchar(2000)): about 100 levels of 19-digit ids. */
export const MAX_ANCESTORS_LENGTH = 2000;

export interface Placed {
  id: string;
  ancestors: string;
}

/** The ancestors of a child of `parent` (undefined: the top level). */
export const ancestorsUnder = (parent?: Placed): string => (parent ? `${parent.ancestors},${parent.id}` : TOP);

/** The prefix every department below `row` carries in its ancestors. */
export const pathOf = (row: Placed): string => `${row.ancestors},${row.id}`;

/** The ids above a department, top first, without the root marker. */
export const ancestorIds = (ancestors: string): string[] => ancestors.split(",").filter((id) => id !== "" && id !== TOP);

/** Whether `row` is `id` itself or lies anywhere below it: such a row cannot become id's parent. */
export const isSelfOrBelow = (row: Placed, id: string): boolean => row.id === id || ancestorIds(row.ancestors).includes(id);

/** A descendant's ancestors once the subtree moved from `oldPath` to `newPath`. */
export const movedAncestors = (ancestors: string, oldPath: string, newPath: string): string => newPath + ancestors.slice(oldPath.length);

/** "0" and "" name the top level, as BladeX clients send it. */
export const normaliseParent = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : value === "" || value === TOP ? TOP : String(value);
