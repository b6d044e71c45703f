CREATE TABLE "blade_tenant_lock" (
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"name" varchar(200) NOT NULL,
	CONSTRAINT "blade_tenant_lock_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
