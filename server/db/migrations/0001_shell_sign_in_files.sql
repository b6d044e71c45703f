CREATE TABLE "blade_error_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"type" varchar(64) DEFAULT '' NOT NULL,
	"url" varchar(2000) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"time" varchar(32) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp(0),
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"extension" varchar(16) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_oauth_nonce" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_oauth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint,
	"source" varchar(32) NOT NULL,
	"uuid" varchar(255) NOT NULL,
	"username" varchar(255) DEFAULT '' NOT NULL,
	"nickname" varchar(255) DEFAULT '' NOT NULL,
	"avatar" varchar(2000) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp(0),
	"update_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "blade_verify_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"channel" varchar(8) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"target" varchar(255) NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_error_log_tenant_idx" ON "blade_error_log" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_file_tenant_idx" ON "blade_file" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_oauth_uq" ON "blade_user_oauth" USING btree ("tenant_id","source","uuid");--> statement-breakpoint
CREATE INDEX "blade_user_oauth_user_idx" ON "blade_user_oauth" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blade_verify_code_target_idx" ON "blade_verify_code" USING btree ("channel","target","created_at");