import { DatePicker, Form, Input, Modal, TreeSelect, type FormRule } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { ruleFrom } from "../../../components/rules";
import { usePasswordRules } from "../../../components/password-rules/usePasswordRules";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { useApiTree } from "../../../components/useApiTree";
import { usePreventDoubleClick } from "../../../components/layout-prevent-double-click";
import { FieldControl } from "../../../components/resource/FieldControl";
import type { ResourceFormProps } from "../../../components/resource/ResourceForm";
import { DEPT_LOOKUP, useUserDeptNames } from "./dept-lookup";
import { userSpec } from "../../../../domain/resources/system/user/spec";
import { validateUser } from "../../../../domain/resources/system/user/validate";
import { toSubmit, type UserFormValues } from "./user-form-values";
import { toTreeData } from "./tree-options";
import { PostSelect, TenantSelect } from "./tenant-pickers";
import { API } from "../../../../domain/contract/api";
import { isAdministrator, useSessionUser } from "../../../layout/session-user";
import { SubmitOnEnter } from "../../../components/SubmitOnEnter";

const DATE = "YYYY-MM-DD HH:mm:ss";

/** The one form for creating and editing a user, in a modal. */
export function UserForm({ mode, form, formProps, modalProps }: ResourceFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith("en") ? "en" : "zh";
  // Roles, departments and posts are the user's tenant's: the edited user's, or the one the
  // platform administrator picks for a new user (anyone else's own, which the server applies anyway).
  const session = useSessionUser();
  const admin = isAdministrator(session);
  const tenantId = (Form.useWatch("tenantId", form) as string | undefined) ?? undefined;
  const inTenant = tenantId ? { tenantId } : undefined;
  const withTenant = (url: string) => (tenantId ? `${url}?tenantId=${encodeURIComponent(tenantId)}` : url);
  const roles = useApiTree(API.get("/blade-system/role/tree"), inTenant);
  const deptNames = useUserDeptNames(Form.useWatch("id", form) as string | undefined);
  const validateMode = mode === "create" ? "create" : "update";
  const rule = (field: string) =>
    ruleFrom<UserFormValues>(form, field, (v) => validateUser(v, validateMode, lang), (v) => ({ ...toSubmit(v, mode), password: v.password, password2: v.password2 }));
  const required = mode === "create";
  // The password policy's rules (getPasswordRegex) judge a typed password first, in its words, as
  // the server does; §5's own rule still answers an empty field.
  const policy = usePasswordRules();
  const passwordRule: FormRule = {
    validator: async (r, value) => {
      const message = await policy.check(value);
      if (message) throw new Error(message);
      await (rule("password") as { validator: (r: unknown, v: unknown) => Promise<void> }).validator(r, value);
    },
  };
  // §9 prevent-double-click: once the form is valid, a second save within 3 s is ignored, so two
  // clicks never send two users; a click refused by validation does not start the wait.
  const { blocked, guard } = usePreventDoubleClick();

  return (
    <Modal
      {...modalProps}
      title={mode === "create" ? t("user.addTitle") : t("user.editTitle")}
      width={880}
      destroyOnHidden
      okButtonProps={{ ...modalProps.okButtonProps, disabled: blocked || modalProps.okButtonProps?.disabled, "aria-label": t("buttons.save") }}
    >
      <Form
        {...formProps}
        name={`user-${mode}`}
        layout="vertical"
        // A refused save is already shown (toast, and field errors beside the fields): nothing to rethrow.
        // Another tenant's roles, departments and posts do not exist in this one: a new tenant starts them afresh.
        onValuesChange={(changed: Partial<UserFormValues>, all: UserFormValues) => {
          formProps.onValuesChange?.(changed, all);
          if ("tenantId" in changed) form.setFieldsValue({ roleId: [], deptId: [], postId: [] });
        }}
        onFinish={guard((values: UserFormValues) => void Promise.resolve(formProps.onFinish?.(toSubmit(values, mode))).catch(() => undefined))}
      >
        <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", columnGap: 16 }}>
          {admin && (
            <Form.Item
              name="tenantId"
              label={t("user.tenant")}
              initialValue={mode === "create" ? session?.tenant_id : undefined}
              rules={[{ required: true, message: t("user.chooseTenant") }]}
              style={{ gridColumn: "1 / -1" }}
            >
              <TenantSelect disabled={mode === "edit"} />
            </Form.Item>
          )}
          <Form.Item name="account" label={t("user.fields.account")} required={required} rules={[rule("account")]}>
            <Input maxLength={userSpec.fields.account.max} autoComplete="off" disabled={mode === "edit"} />
          </Form.Item>
          <Form.Item name="realName" label={t("user.fields.realName")} required={required} rules={[rule("realName")]}>
            <Input maxLength={userSpec.fields.realName.max} />
          </Form.Item>
          {mode === "create" && (
            <>
              <Form.Item name="password" label={t("user.fields.password")} required rules={[passwordRule]}>
                <Input.Password maxLength={userSpec.fields.password.max} autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="password2" label={t("user.fields.password2")} required dependencies={["password"]} rules={[rule("password2")]}>
                <Input.Password maxLength={userSpec.fields.password2.max} autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Form.Item name="roleId" label={t("user.fields.roleId")} required={required} rules={[rule("roleId")]}>
            <TreeSelect treeData={toTreeData(roles.tree)} loading={roles.loading} multiple treeDefaultExpandAll allowClear showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item name="deptId" label={t("user.fields.deptId")} required={required} rules={[rule("deptId")]}>
            <LazyTreeSelect
              key={tenantId ?? ""}
              multiple
              {...DEPT_LOOKUP}
              levelUrl={withTenant(DEPT_LOOKUP.levelUrl)}
              searchUrl={withTenant(DEPT_LOOKUP.searchUrl)}
              initialLabels={deptNames}
            />
          </Form.Item>
          <Form.Item name="postId" label={t("user.fields.postId")} rules={[rule("postId")]}>
            <PostSelect tenantId={tenantId} />
          </Form.Item>
          <Form.Item name="name" label={t("user.fields.name")} rules={[rule("name")]}>
            <Input maxLength={userSpec.fields.name.max} />
          </Form.Item>
          <Form.Item name="code" label={t("user.fields.code")} rules={[rule("code")]}>
            <Input maxLength={userSpec.fields.code.max} />
          </Form.Item>
          <Form.Item name="phone" label={t("user.fields.phone")} rules={[rule("phone")]}>
            <Input maxLength={userSpec.fields.phone.max} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="email" label={t("user.fields.email")} rules={[rule("email")]}>
            <Input maxLength={userSpec.fields.email.max} inputMode="email" />
          </Form.Item>
          <Form.Item name="idType" label={t("user.fields.idType")} rules={[rule("idType")]}>
            <FieldControl f={userSpec.fields.idType} />
          </Form.Item>
          <Form.Item name="idNumber" label={t("user.fields.idNumber")} dependencies={["idType"]} rules={[rule("idNumber")]}>
            <Input maxLength={userSpec.fields.idNumber.max} />
          </Form.Item>
          <Form.Item name="sex" label={t("user.fields.sex")}>
            <FieldControl f={userSpec.fields.sex} />
          </Form.Item>
          <Form.Item name="userType" label={t("user.fields.userType")}>
            <FieldControl f={userSpec.fields.userType} />
          </Form.Item>
          <Form.Item
            name="birthday"
            label={t("user.fields.birthday")}
            getValueProps={(v?: string) => ({ value: v ? dayjs(v) : undefined })}
            normalize={(v?: dayjs.Dayjs | null) => (v ? v.startOf("day").format(DATE) : undefined)}
          >
            <DatePicker style={{ width: "100%" }} disabledDate={(d) => d.isAfter(dayjs())} />
          </Form.Item>
        </div>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
