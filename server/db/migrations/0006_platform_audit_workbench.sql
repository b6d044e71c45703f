CREATE TABLE "blade_log_app_visit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint DEFAULT '0' NOT NULL,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"dept_id" bigint DEFAULT '0' NOT NULL,
	"app_id" bigint NOT NULL,
	"app_name" varchar(100) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_login" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint DEFAULT '0' NOT NULL,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"dept_id" bigint DEFAULT '0' NOT NULL,
	"grant_type" varchar(32) DEFAULT '' NOT NULL,
	"success" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_operation" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"seq" bigint NOT NULL,
	"user_id" bigint DEFAULT '0' NOT NULL,
	"account" varchar(64) DEFAULT '' NOT NULL,
	"dept_id" bigint DEFAULT '0' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"permission_code" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(500) DEFAULT '' NOT NULL,
	"table_name" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(16) DEFAULT '' NOT NULL,
	"record_ids" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp(0) NOT NULL,
	"prev_hash" varchar(64) DEFAULT '' NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_mail_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"auth" integer DEFAULT 1 NOT NULL,
	"username" varchar(255) DEFAULT '' NOT NULL,
	"password_sealed" text DEFAULT '' NOT NULL,
	"from_address" varchar(255) NOT NULL,
	"starttls_enable" integer DEFAULT 0 NOT NULL,
	"ssl_enable" integer DEFAULT 0 NOT NULL,
	"ssl_trusts" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_password_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"password" varchar(255) NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_password_policy" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"require_digits" boolean NOT NULL,
	"require_upper" boolean NOT NULL,
	"require_lower" boolean NOT NULL,
	"require_special" boolean NOT NULL,
	"reject_weak" boolean NOT NULL,
	"expire_days" integer NOT NULL,
	"history_count" integer NOT NULL,
	"lock_threshold" integer NOT NULL,
	"lock_minutes" integer NOT NULL,
	"update_user" bigint,
	"update_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "blade_ide_run_approval" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"script_hash" varchar(64) NOT NULL,
	"language" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"approve_user" bigint,
	"approve_time" timestamp(0),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_ide_script" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(64) NOT NULL,
	"language" varchar(16) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_sms_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"sms_code" varchar(64) NOT NULL,
	"provider" varchar(32) DEFAULT 'log' NOT NULL,
	"access_key" varchar(255) DEFAULT '' NOT NULL,
	"secret_key_sealed" text DEFAULT '' NOT NULL,
	"sign_name" varchar(64) DEFAULT '' NOT NULL,
	"template_id" varchar(128) DEFAULT '' NOT NULL,
	"region_id" varchar(64) DEFAULT '' NOT NULL,
	"endpoint" varchar(500) DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"package_name" varchar(50) NOT NULL,
	"menu_id" text DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_third_login" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"source" varchar(32) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"authorize_url" varchar(500) DEFAULT '' NOT NULL,
	"token_url" varchar(500) DEFAULT '' NOT NULL,
	"user_info_url" varchar(500) DEFAULT '' NOT NULL,
	"scope" varchar(255) DEFAULT '' NOT NULL,
	"client_auth" varchar(8) DEFAULT 'post' NOT NULL,
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
CREATE TABLE "blade_user_common_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
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
ALTER TABLE "blade_user" ADD COLUMN "id_type" smallint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "id_number" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "blade_log_app_visit_tenant_time_idx" ON "blade_log_app_visit" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_login_tenant_time_idx" ON "blade_log_login" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_login_tenant_account_idx" ON "blade_log_login" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE INDEX "blade_log_operation_tenant_time_idx" ON "blade_log_operation" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_log_operation_tenant_seq_uq" ON "blade_log_operation" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_mail_config_tenant_uq" ON "blade_mail_config" USING btree ("tenant_id") WHERE "blade_mail_config"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "blade_password_history_user_idx" ON "blade_password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "blade_ide_run_approval_hash_idx" ON "blade_ide_run_approval" USING btree ("tenant_id","script_hash");--> statement-breakpoint
CREATE INDEX "blade_ide_script_owner_idx" ON "blade_ide_script" USING btree ("tenant_id","create_user");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_config_code_uq" ON "blade_sms_config" USING btree ("tenant_id","sms_code") WHERE "blade_sms_config"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_third_login_source_uq" ON "blade_third_login" USING btree ("tenant_id","source") WHERE "blade_third_login"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "blade_user_common_menu_user_idx" ON "blade_user_common_menu" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_common_menu_uq" ON "blade_user_common_menu" USING btree ("user_id","menu_id") WHERE "blade_user_common_menu"."is_deleted" = 0;