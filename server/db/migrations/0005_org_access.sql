CREATE TABLE "blade_role_category" (
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
CREATE TABLE "blade_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) DEFAULT '' NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_path" varchar(255) DEFAULT '' NOT NULL,
	"scope_type" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) DEFAULT '' NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_field" varchar(255) DEFAULT '' NOT NULL,
	"scope_class" varchar(500) DEFAULT '' NOT NULL,
	"scope_column" varchar(255) DEFAULT '' NOT NULL,
	"scope_type" integer DEFAULT 1 NOT NULL,
	"scope_value" varchar(2000) DEFAULT '' NOT NULL,
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
ALTER TABLE "blade_dept" ADD COLUMN "link_man" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dept" ADD COLUMN "phone" varchar(45) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dept" ADD COLUMN "mailbox" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_role" ADD COLUMN "category_id" bigint DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "blade_role_category_tenant_idx" ON "blade_role_category" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_scope_uq" ON "blade_role_scope" USING btree ("role_id","scope_category","scope_id");--> statement-breakpoint
CREATE INDEX "blade_scope_api_menu_idx" ON "blade_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "blade_scope_data_menu_idx" ON "blade_scope_data" USING btree ("menu_id");