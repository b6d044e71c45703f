ALTER TABLE "blade_app_directory" ADD COLUMN "attachment" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_app" ADD COLUMN "attachment" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "system_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_menu" ADD COLUMN "is_default" integer DEFAULT 1 NOT NULL;