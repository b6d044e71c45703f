/** The button codes of 会话管理 (server/db/seed/menus.ts). */
export const SESSION_CODES = { list: "sessionManagement", stop: "sessionManagement_stop", export: "sessionManagement_export" } as const;
