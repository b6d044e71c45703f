CREATE TABLE "blade_user_ext" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"user_ext" varchar(2000) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp(0),
	"update_user" bigint,
	"update_time" timestamp(0),
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_ext_uq" ON "blade_user_ext" USING btree ("user_id","user_type") WHERE "blade_user_ext"."is_deleted" = 0;