ALTER TABLE "blade_password_history" ADD COLUMN "must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The login lockout is the password policy's alone (登录失败锁定次数, 锁定时长, per tenant): the
-- parameters that once set it too are retired, so 参数管理 no longer offers a setting nobody reads.
UPDATE "blade_param" SET "is_deleted" = 1 WHERE "param_key" IN ('account.failCount', 'account.lockMinutes') AND "is_deleted" = 0;
