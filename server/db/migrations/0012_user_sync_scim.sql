CREATE TABLE "blade_scim_token" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"last_used_time" timestamp(0),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_sync_link" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"synchronizer_id" bigint NOT NULL,
	"object_type" varchar(8) NOT NULL,
	"external_id" varchar(500) NOT NULL,
	"local_id" bigint NOT NULL,
	"digest" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_task_result" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"synchronizer_id" bigint DEFAULT '0' NOT NULL,
	"synchronizer_name" varchar(64) DEFAULT '' NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"task_status" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp(0) NOT NULL,
	"end_time" timestamp(0),
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"disabled" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" varchar(1000) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_task_result_item" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"task_id" bigint NOT NULL,
	"object_type" varchar(8) NOT NULL,
	"external_id" varchar(500) DEFAULT '' NOT NULL,
	"local_id" bigint DEFAULT '0' NOT NULL,
	"label" varchar(255) DEFAULT '' NOT NULL,
	"action" varchar(16) NOT NULL,
	"changes" jsonb,
	"reason" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_synchronizer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"source_type" varchar(16) NOT NULL,
	"endpoint" varchar(500) DEFAULT '' NOT NULL,
	"tls" varchar(8) DEFAULT 'none' NOT NULL,
	"principal" varchar(255) DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"ca_cert" text DEFAULT '' NOT NULL,
	"user_base_dn" varchar(500) DEFAULT '' NOT NULL,
	"user_filter" varchar(500) DEFAULT '' NOT NULL,
	"dept_base_dn" varchar(500) DEFAULT '' NOT NULL,
	"dept_filter" varchar(500) DEFAULT '' NOT NULL,
	"root_dept" varchar(64) DEFAULT '' NOT NULL,
	"attr_account" varchar(64) DEFAULT '' NOT NULL,
	"attr_name" varchar(64) DEFAULT '' NOT NULL,
	"attr_real_name" varchar(64) DEFAULT '' NOT NULL,
	"attr_phone" varchar(64) DEFAULT '' NOT NULL,
	"attr_email" varchar(64) DEFAULT '' NOT NULL,
	"target_dept_id" bigint DEFAULT '0' NOT NULL,
	"role_id" bigint DEFAULT '0' NOT NULL,
	"conflict_policy" varchar(16) DEFAULT 'skip' NOT NULL,
	"missing_policy" varchar(16) DEFAULT 'disable' NOT NULL,
	"delete_threshold" integer DEFAULT 20 NOT NULL,
	"schedule_type" varchar(16) DEFAULT 'none' NOT NULL,
	"cron" varchar(64) DEFAULT '' NOT NULL,
	"interval_minutes" integer DEFAULT 0 NOT NULL,
	"next_run_at" bigint,
	"lease_owner" varchar(64) DEFAULT '' NOT NULL,
	"lease_until" bigint DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX "blade_scim_token_hash_uq" ON "blade_scim_token" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sync_link_uq" ON "blade_sync_link" USING btree ("tenant_id","synchronizer_id","object_type","external_id");--> statement-breakpoint
CREATE INDEX "blade_sync_link_local_idx" ON "blade_sync_link" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "blade_task_result_sync_idx" ON "blade_task_result" USING btree ("tenant_id","synchronizer_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blade_task_result_item_task_idx" ON "blade_task_result_item" USING btree ("task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_synchronizer_name_uq" ON "blade_user_synchronizer" USING btree ("tenant_id","name") WHERE "blade_user_synchronizer"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "blade_user_synchronizer_due_idx" ON "blade_user_synchronizer" USING btree ("next_run_at") WHERE "blade_user_synchronizer"."is_deleted" = 0 and "blade_user_synchronizer"."status" = 1;