-- 岗位管理 joins the menu tree of databases seeded before it existed (a fresh database gets it from the seed).
INSERT INTO "blade_menu" ("id", "parent_id", "code", "name", "alias", "path", "source", "sort", "category")
SELECT (SELECT max("id") FROM "blade_menu") + 1, m."id", 'post', '岗位管理', 'menu', '/system/post', 'SolutionOutlined', 3, 1
FROM "blade_menu" m
WHERE m."code" = 'system' AND m."category" = 1 AND m."is_deleted" = 0
  AND NOT EXISTS (SELECT 1 FROM "blade_menu" WHERE "code" = 'post');--> statement-breakpoint
INSERT INTO "blade_menu" ("id", "parent_id", "code", "name", "alias", "path", "sort", "category", "action")
SELECT (SELECT max("id") FROM "blade_menu") + b.n, p."id", 'post_' || b.alias, b.name, b.alias, '/system/post/' || b.alias, b.n, 2, b.action
FROM "blade_menu" p, (VALUES (1, 'add', '新增', 1), (2, 'edit', '修改', 2), (3, 'delete', '删除', 3), (4, 'view', '查看', 2)) AS b(n, alias, name, action)
WHERE p."code" = 'post' AND p."category" = 1 AND NOT EXISTS (SELECT 1 FROM "blade_menu" WHERE "code" = 'post_add');--> statement-breakpoint
-- Whoever may manage departments may manage posts.
INSERT INTO "blade_role_menu" ("id", "menu_id", "role_id")
SELECT (SELECT coalesce(max("id"), 0) FROM "blade_role_menu") + row_number() OVER (), m."id", rm."role_id"
FROM "blade_role_menu" rm
JOIN "blade_menu" d ON d."id" = rm."menu_id" AND d."code" = 'dept'
JOIN "blade_menu" m ON m."code" IN ('post', 'post_add', 'post_edit', 'post_delete', 'post_view') AND m."is_deleted" = 0
WHERE NOT EXISTS (SELECT 1 FROM "blade_role_menu" x WHERE x."role_id" = rm."role_id" AND x."menu_id" = m."id");
