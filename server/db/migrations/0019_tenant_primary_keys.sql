-- Tenant-owned tables take tenant_id into their primary key and unique keys (server/db/tenant-table.ts), as Citus
-- requires of a table distributed by tenant; the id keeps an index of its own.
DROP INDEX "blade_app_directory_app_uq";--> statement-breakpoint
DROP INDEX "blade_app_role_directory_uq";--> statement-breakpoint
DROP INDEX "blade_user_app_role_uq";--> statement-breakpoint
DROP INDEX "blade_common_app_uq";--> statement-breakpoint
DROP INDEX "blade_role_group_app_uq";--> statement-breakpoint
DROP INDEX "blade_role_group_app_role_uq";--> statement-breakpoint
DROP INDEX "blade_user_ext_uq";--> statement-breakpoint
DROP INDEX "blade_user_common_menu_uq";--> statement-breakpoint
ALTER TABLE "blade_app_directory" DROP CONSTRAINT "blade_app_directory_pkey";--> statement-breakpoint
ALTER TABLE "blade_app_directory_app" DROP CONSTRAINT "blade_app_directory_app_pkey";--> statement-breakpoint
ALTER TABLE "blade_app_role_directory" DROP CONSTRAINT "blade_app_role_directory_pkey";--> statement-breakpoint
ALTER TABLE "blade_app" DROP CONSTRAINT "blade_app_pkey";--> statement-breakpoint
ALTER TABLE "blade_app_category" DROP CONSTRAINT "blade_app_category_pkey";--> statement-breakpoint
ALTER TABLE "blade_app_role" DROP CONSTRAINT "blade_app_role_pkey";--> statement-breakpoint
ALTER TABLE "blade_user_app_role" DROP CONSTRAINT "blade_user_app_role_pkey";--> statement-breakpoint
ALTER TABLE "blade_dept" DROP CONSTRAINT "blade_dept_pkey";--> statement-breakpoint
ALTER TABLE "blade_dict_biz" DROP CONSTRAINT "blade_dict_biz_pkey";--> statement-breakpoint
ALTER TABLE "blade_log_app_visit" DROP CONSTRAINT "blade_log_app_visit_pkey";--> statement-breakpoint
ALTER TABLE "blade_error_log" DROP CONSTRAINT "blade_error_log_pkey";--> statement-breakpoint
ALTER TABLE "blade_log_login" DROP CONSTRAINT "blade_log_login_pkey";--> statement-breakpoint
ALTER TABLE "blade_log_operation" DROP CONSTRAINT "blade_log_operation_pkey";--> statement-breakpoint
ALTER TABLE "blade_mail_config" DROP CONSTRAINT "blade_mail_config_pkey";--> statement-breakpoint
ALTER TABLE "blade_top_menu" DROP CONSTRAINT "blade_top_menu_pkey";--> statement-breakpoint
ALTER TABLE "blade_password_history" DROP CONSTRAINT "blade_password_history_pkey";--> statement-breakpoint
ALTER TABLE "blade_post" DROP CONSTRAINT "blade_post_pkey";--> statement-breakpoint
ALTER TABLE "blade_common_app" DROP CONSTRAINT "blade_common_app_pkey";--> statement-breakpoint
ALTER TABLE "blade_resource_grant" DROP CONSTRAINT "blade_resource_grant_pkey";--> statement-breakpoint
ALTER TABLE "blade_resource_request" DROP CONSTRAINT "blade_resource_request_pkey";--> statement-breakpoint
ALTER TABLE "blade_file" DROP CONSTRAINT "blade_file_pkey";--> statement-breakpoint
ALTER TABLE "blade_role" DROP CONSTRAINT "blade_role_pkey";--> statement-breakpoint
ALTER TABLE "blade_role_category" DROP CONSTRAINT "blade_role_category_pkey";--> statement-breakpoint
ALTER TABLE "blade_role_group" DROP CONSTRAINT "blade_role_group_pkey";--> statement-breakpoint
ALTER TABLE "blade_role_group_app" DROP CONSTRAINT "blade_role_group_app_pkey";--> statement-breakpoint
ALTER TABLE "blade_role_group_app_role" DROP CONSTRAINT "blade_role_group_app_role_pkey";--> statement-breakpoint
ALTER TABLE "blade_ide_run_approval" DROP CONSTRAINT "blade_ide_run_approval_pkey";--> statement-breakpoint
ALTER TABLE "blade_ide_script" DROP CONSTRAINT "blade_ide_script_pkey";--> statement-breakpoint
ALTER TABLE "blade_sample_approval" DROP CONSTRAINT "blade_sample_approval_pkey";--> statement-breakpoint
ALTER TABLE "blade_sms_config" DROP CONSTRAINT "blade_sms_config_pkey";--> statement-breakpoint
ALTER TABLE "blade_third_login" DROP CONSTRAINT "blade_third_login_pkey";--> statement-breakpoint
ALTER TABLE "blade_sync_link" DROP CONSTRAINT "blade_sync_link_pkey";--> statement-breakpoint
ALTER TABLE "blade_task_result" DROP CONSTRAINT "blade_task_result_pkey";--> statement-breakpoint
ALTER TABLE "blade_task_result_item" DROP CONSTRAINT "blade_task_result_item_pkey";--> statement-breakpoint
ALTER TABLE "blade_user_synchronizer" DROP CONSTRAINT "blade_user_synchronizer_pkey";--> statement-breakpoint
ALTER TABLE "blade_user" DROP CONSTRAINT "blade_user_pkey";--> statement-breakpoint
ALTER TABLE "blade_user_ext" DROP CONSTRAINT "blade_user_ext_pkey";--> statement-breakpoint
ALTER TABLE "blade_user_common_menu" DROP CONSTRAINT "blade_user_common_menu_pkey";--> statement-breakpoint
ALTER TABLE "blade_auth_session" DROP CONSTRAINT "blade_auth_session_pkey";--> statement-breakpoint
ALTER TABLE "blade_user_oauth" DROP CONSTRAINT "blade_user_oauth_pkey";--> statement-breakpoint
ALTER TABLE "blade_verify_code" DROP CONSTRAINT "blade_verify_code_pkey";--> statement-breakpoint
ALTER TABLE "blade_app_directory" ADD CONSTRAINT "blade_app_directory_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_app_directory_app" ADD CONSTRAINT "blade_app_directory_app_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_app_role_directory" ADD CONSTRAINT "blade_app_role_directory_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_app" ADD CONSTRAINT "blade_app_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_app_category" ADD CONSTRAINT "blade_app_category_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_app_role" ADD CONSTRAINT "blade_app_role_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user_app_role" ADD CONSTRAINT "blade_user_app_role_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_dept" ADD CONSTRAINT "blade_dept_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD CONSTRAINT "blade_dict_biz_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_log_app_visit" ADD CONSTRAINT "blade_log_app_visit_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_error_log" ADD CONSTRAINT "blade_error_log_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_log_login" ADD CONSTRAINT "blade_log_login_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_log_operation" ADD CONSTRAINT "blade_log_operation_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_mail_config" ADD CONSTRAINT "blade_mail_config_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_top_menu" ADD CONSTRAINT "blade_top_menu_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_password_history" ADD CONSTRAINT "blade_password_history_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_post" ADD CONSTRAINT "blade_post_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_common_app" ADD CONSTRAINT "blade_common_app_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_resource_grant" ADD CONSTRAINT "blade_resource_grant_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_resource_request" ADD CONSTRAINT "blade_resource_request_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_file" ADD CONSTRAINT "blade_file_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_role" ADD CONSTRAINT "blade_role_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_role_category" ADD CONSTRAINT "blade_role_category_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_role_group" ADD CONSTRAINT "blade_role_group_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_role_group_app" ADD CONSTRAINT "blade_role_group_app_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_role_group_app_role" ADD CONSTRAINT "blade_role_group_app_role_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_ide_run_approval" ADD CONSTRAINT "blade_ide_run_approval_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_ide_script" ADD CONSTRAINT "blade_ide_script_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_sample_approval" ADD CONSTRAINT "blade_sample_approval_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_sms_config" ADD CONSTRAINT "blade_sms_config_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_third_login" ADD CONSTRAINT "blade_third_login_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_sync_link" ADD CONSTRAINT "blade_sync_link_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_task_result" ADD CONSTRAINT "blade_task_result_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_task_result_item" ADD CONSTRAINT "blade_task_result_item_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user_synchronizer" ADD CONSTRAINT "blade_user_synchronizer_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user" ADD CONSTRAINT "blade_user_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user_ext" ADD CONSTRAINT "blade_user_ext_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user_common_menu" ADD CONSTRAINT "blade_user_common_menu_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_auth_session" ADD CONSTRAINT "blade_auth_session_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_user_oauth" ADD CONSTRAINT "blade_user_oauth_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "blade_verify_code" ADD CONSTRAINT "blade_verify_code_pkey" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
CREATE INDEX "blade_app_directory_id_idx" ON "blade_app_directory" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_app_directory_app_id_idx" ON "blade_app_directory_app" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_app_role_directory_id_idx" ON "blade_app_role_directory" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_app_id_idx" ON "blade_app" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_app_category_id_idx" ON "blade_app_category" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_app_role_id_idx" ON "blade_app_role" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_app_role_id_idx" ON "blade_user_app_role" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_dept_id_idx" ON "blade_dept" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_dict_biz_id_idx" ON "blade_dict_biz" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_log_app_visit_id_idx" ON "blade_log_app_visit" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_error_log_id_idx" ON "blade_error_log" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_log_login_id_idx" ON "blade_log_login" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_log_operation_id_idx" ON "blade_log_operation" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_mail_config_id_idx" ON "blade_mail_config" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_top_menu_id_idx" ON "blade_top_menu" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_password_history_id_idx" ON "blade_password_history" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_post_id_idx" ON "blade_post" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_common_app_id_idx" ON "blade_common_app" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_resource_grant_id_idx" ON "blade_resource_grant" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_resource_request_id_idx" ON "blade_resource_request" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_file_id_idx" ON "blade_file" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_role_id_idx" ON "blade_role" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_role_category_id_idx" ON "blade_role_category" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_role_group_id_idx" ON "blade_role_group" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_role_group_app_id_idx" ON "blade_role_group_app" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_role_group_app_role_id_idx" ON "blade_role_group_app_role" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_ide_run_approval_id_idx" ON "blade_ide_run_approval" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_ide_script_id_idx" ON "blade_ide_script" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_sample_approval_id_idx" ON "blade_sample_approval" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_sms_config_id_idx" ON "blade_sms_config" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_third_login_id_idx" ON "blade_third_login" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_sync_link_id_idx" ON "blade_sync_link" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_task_result_id_idx" ON "blade_task_result" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_task_result_item_id_idx" ON "blade_task_result_item" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_synchronizer_id_idx" ON "blade_user_synchronizer" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_id_idx" ON "blade_user" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_ext_id_idx" ON "blade_user_ext" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_common_menu_id_idx" ON "blade_user_common_menu" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_auth_session_id_idx" ON "blade_auth_session" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_user_oauth_id_idx" ON "blade_user_oauth" USING btree ("id");--> statement-breakpoint
CREATE INDEX "blade_verify_code_id_idx" ON "blade_verify_code" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_app_directory_app_uq" ON "blade_app_directory_app" USING btree ("tenant_id","directory_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_app_role_directory_uq" ON "blade_app_role_directory" USING btree ("tenant_id","app_role_id","directory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_app_role_uq" ON "blade_user_app_role" USING btree ("tenant_id","user_id","app_role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_common_app_uq" ON "blade_common_app" USING btree ("tenant_id","user_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_group_app_uq" ON "blade_role_group_app" USING btree ("tenant_id","group_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_group_app_role_uq" ON "blade_role_group_app_role" USING btree ("tenant_id","group_id","app_role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_ext_uq" ON "blade_user_ext" USING btree ("tenant_id","user_id","user_type") WHERE "blade_user_ext"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_common_menu_uq" ON "blade_user_common_menu" USING btree ("tenant_id","user_id","menu_id") WHERE "blade_user_common_menu"."is_deleted" = 0;