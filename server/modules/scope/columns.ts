import { scopeColumnsOfMenu } from "../../security/data-scope";

/**
 * The columns (database names) a data scope of the menu with this code may use: the allow-list the
 * module managing that menu's table registered with it (registerScopedTable), nothing else.
 * Undefined when the menu manages no table: then only 全部可见 means anything.
 */
export function scopeColumnsOf(menuCode: string): string[] | undefined {
  return scopeColumnsOfMenu(menuCode);
}
