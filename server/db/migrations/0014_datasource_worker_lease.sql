CREATE TABLE "blade_datasource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"driver_class" varchar(32) DEFAULT 'postgresql' NOT NULL,
	"url" varchar(500) NOT NULL,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_worker_lease" (
	"worker_id" integer PRIMARY KEY NOT NULL,
	"owner" varchar(64) NOT NULL,
	"lease_until" bigint NOT NULL
);
