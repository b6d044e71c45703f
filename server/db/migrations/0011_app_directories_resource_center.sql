CREATE TABLE "blade_app_directory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"directory_name" varchar(64) NOT NULL,
	"directory_code" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"owner_id" bigint DEFAULT '0' NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_app_directory_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"directory_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_app_role_directory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"app_role_id" bigint NOT NULL,
	"directory_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_common_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_resource_grant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"end_time" timestamp(0),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_resource_request" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"directory_id" bigint DEFAULT '0' NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"duration_days" integer DEFAULT 0 NOT NULL,
	"flow" varchar(32) DEFAULT '1' NOT NULL,
	"step" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"first_approver" bigint DEFAULT '0' NOT NULL,
	"first_comment" varchar(255) DEFAULT '' NOT NULL,
	"approver" bigint DEFAULT '0' NOT NULL,
	"comment" varchar(255) DEFAULT '' NOT NULL,
	"decide_time" timestamp(0),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_app_directory_tenant_idx" ON "blade_app_directory" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_app_directory_app_uq" ON "blade_app_directory_app" USING btree ("directory_id","app_id");--> statement-breakpoint
CREATE INDEX "blade_app_directory_app_app_idx" ON "blade_app_directory_app" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_app_role_directory_uq" ON "blade_app_role_directory" USING btree ("app_role_id","directory_id");--> statement-breakpoint
CREATE INDEX "blade_app_role_directory_dir_idx" ON "blade_app_role_directory" USING btree ("directory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_common_app_uq" ON "blade_common_app" USING btree ("user_id","app_id");--> statement-breakpoint
CREATE INDEX "blade_resource_grant_user_idx" ON "blade_resource_grant" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "blade_resource_grant_end_idx" ON "blade_resource_grant" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX "blade_resource_request_user_idx" ON "blade_resource_request" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "blade_resource_request_state_idx" ON "blade_resource_request" USING btree ("tenant_id","state");