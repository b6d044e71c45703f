CREATE TABLE "blade_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"category_id" bigint DEFAULT '0' NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"app_code" varchar(64) NOT NULL,
	"app_url" varchar(255) DEFAULT '' NOT NULL,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_app_category" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"category_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_app_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"app_id" bigint NOT NULL,
	"role_name" varchar(64) NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_app_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"app_role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_group" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"role_id" bigint NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_group_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"group_id" bigint NOT NULL,
	"app_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_group_app_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"group_id" bigint NOT NULL,
	"app_role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_app_tenant_idx" ON "blade_app" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "blade_app_category_tenant_idx" ON "blade_app_category" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_app_role_tenant_idx" ON "blade_app_role" USING btree ("tenant_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_app_role_uq" ON "blade_user_app_role" USING btree ("user_id","app_role_id");--> statement-breakpoint
CREATE INDEX "blade_user_app_role_role_idx" ON "blade_user_app_role" USING btree ("app_role_id");--> statement-breakpoint
CREATE INDEX "blade_role_group_role_idx" ON "blade_role_group" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_group_app_uq" ON "blade_role_group_app" USING btree ("group_id","app_id");--> statement-breakpoint
CREATE INDEX "blade_role_group_app_app_idx" ON "blade_role_group_app" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_group_app_role_uq" ON "blade_role_group_app_role" USING btree ("group_id","app_role_id");--> statement-breakpoint
CREATE INDEX "blade_role_group_app_role_role_idx" ON "blade_role_group_app_role" USING btree ("app_role_id");