import { Divider, Form, Input, Modal, Select, TreeSelect, Typography, type FormRule } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { API } from "../../../../domain/contract/api";
import type { TreeNode } from "../../../../domain/contract";
import { deptSpec } from "../../../../domain/resources/system/dept/spec";
import {
  SYNC_ATTRS,
  SYNC_CONFLICT,
  SYNC_DEFAULT_ATTRS,
  SYNC_DEFAULT_ENDPOINTS,
  SYNC_DEFAULT_ROOT,
  SYNC_MISSING,
  SYNC_SCHEDULE,
  SYNC_SOURCES,
  SYNC_TLS,
  isDirectorySource,
  syncMessages,
  userSynchronizerSpec as spec,
  type SyncSource,
} from "../../../../domain/resources/applicationManagement/userSynchronizer/spec";
import { fieldRules, toFormRules, type FieldSpec } from "../../../../domain/validation";
import { FieldControl } from "../../../components/resource/FieldControl";
import { useFormTitle, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { SecretInput } from "../../../components/resource/SecretInput";
import { LazyTreeSelect } from "../../../components/LazyTreeSelect";
import { usePreventDoubleClick } from "../../../components/layout-prevent-double-click";
import { useApiTree } from "../../../components/useApiTree";
import { useLanguage } from "../../../providers/i18n";
import "./i18n";
import { SubmitOnEnter } from "../../../components/SubmitOnEnter";

type Option = { value: string; label: string };
interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}
const toTreeData = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ title: n.title, value: n.id, children: n.children?.length ? toTreeData(n.children) : undefined }));

/** The spec's fields by name (the spec's own type knows each by its literal name only). */
const FIELDS: Record<string, FieldSpec> = spec.fields as Record<string, FieldSpec>;

/** The words of the principal and the secret per source: a bind DN and its password, or a platform's app key and secret. */
const CREDENTIAL_WORDS: Record<SyncSource, [string, string]> = {
  ldap: ["bindDn", "bindPassword"],
  ad: ["bindDn", "bindPassword"],
  dingtalk: ["appKey", "appSecret"],
  wecom: ["corpId", "corpSecret"],
  feishu: ["appId", "feishuSecret"],
};

/** What a new synchroniser starts with: an LDAP source with its attributes, the spec's defaults. */
export const createDefaults = (): Record<string, unknown> => ({
  ...Object.fromEntries(Object.entries(FIELDS).flatMap(([n, f]) => (f.defaultValue !== undefined ? [[n, f.defaultValue]] : []))),
  sourceType: "ldap",
  ...SYNC_DEFAULT_ATTRS.ldap,
});

/** The write-only secret: "已设置" when one is stored, empty keeps it. */
function SecretField(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const form = Form.useFormInstance();
  const isSet = Form.useWatch("secretSet", { form, preserve: true }) as boolean | undefined;
  return <SecretInput {...props} isSet={!!isSet} maxLength={255} />;
}

/** The tenant's roles (one cached tree for every select asking). */
function RoleSelect(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const roles = useApiTree(API.get("/blade-system/role/tree"));
  return (
    <TreeSelect
      {...props}
      treeData={toTreeData(roles.tree)}
      loading={roles.loading}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder={t("userSynchronizer.chooseRole")}
      style={{ width: "100%" }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider orientation="left" orientationMargin={0} style={{ gridColumn: "1 / -1", margin: "8px 0 12px" }}>
        {title}
      </Divider>
      {children}
    </>
  );
}

/**
 * The synchroniser's create/edit form in a wide dialog, in five sections (基本信息 / 连接 / 映射 /
 * 策略 / 定时). The connection shows what the source takes: a directory's address, encryption,
 * bind DN, base DNs and filters, or a platform's app key and root department. Choosing another
 * source fills the mapping with that source's attribute names. The secret is write-only.
 */
export function SynchronizerForm({ mode, form, formProps, modalProps }: ResourceFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { blocked, guard } = usePreventDoubleClick();
  const title = useFormTitle(spec, mode);
  const source = (Form.useWatch("sourceType", form) ?? formProps.initialValues?.sourceType ?? "ldap") as SyncSource;
  const schedule = Form.useWatch("scheduleType", form) as string | undefined;
  const tls = (Form.useWatch("tls", form) ?? "none") as string;
  const secretSet = Form.useWatch("secretSet", { form, preserve: true }) as boolean | undefined;
  const directory = isDirectorySource(source);
  const [principalWord, secretWord] = CREDENTIAL_WORDS[source] ?? CREDENTIAL_WORDS.ldap;

  const label = (name: string) => t(`userSynchronizer.fields.${name}`);
  const rules = (name: string) => toFormRules(fieldRules(FIELDS[name], lang), lang);
  const options = (values: readonly string[], ns: string): Option[] => values.map((v) => ({ value: v, label: t(`userSynchronizer.${ns}.${v}`) }));
  const item = (name: string, control?: ReactNode, extra: { label?: string; wide?: boolean; help?: string; rules?: FormRule[] } = {}) => (
    <Form.Item
      key={name}
      name={name}
      label={extra.label ?? label(name)}
      rules={extra.rules ?? rules(name)}
      extra={extra.help}
      style={extra.wide ? { gridColumn: "1 / -1" } : undefined}
    >
      {control ?? <FieldControl f={FIELDS[name]} />}
    </Form.Item>
  );

  // The server's checks beyond the spec (user-sync beforeWrite), said beside the field before a save.
  const lang2 = (m: { zh: string; en: string }) => (lang === "en" ? m.en : m.zh);
  const endpointRules = directory
    ? [
        { required: true, message: lang2(syncMessages.endpointRequired) },
        { pattern: /^ldaps?:\/\/\S+$/i, message: lang2(syncMessages.endpointScheme) },
        { max: 500 },
      ]
    : [...rules("endpoint"), { pattern: /^https?:\/\/\S+$/i, message: lang2(syncMessages.endpointHttp) }];
  const filterRules = [{ pattern: /^\(.*\)$/, message: lang2(syncMessages.filterFormat) }, { max: 500 }];
  const secretRules = [{ required: mode === "create" || !secretSet, message: t("userSynchronizer.secretRequired") }, ...rules("secret")];

  return (
    <Modal
      {...modalProps}
      title={title}
      width={960}
      destroyOnHidden
      okText={t("buttons.save")}
      okButtonProps={{ ...modalProps.okButtonProps, disabled: blocked || modalProps.okButtonProps?.disabled }}
    >
      <Form
        {...formProps}
        form={form}
        name={`${spec.name}-${mode}`}
        layout="vertical"
        initialValues={mode === "create" ? createDefaults() : formProps.initialValues}
        onValuesChange={(changed: Record<string, unknown>, all: Record<string, unknown>) => {
          formProps.onValuesChange?.(changed, all);
          // Another source: its attribute names replace the mapping (the operator edits them after).
          const next = changed.sourceType as SyncSource | undefined;
          if (next && SYNC_DEFAULT_ATTRS[next]) form.setFieldsValue({ ...SYNC_DEFAULT_ATTRS[next], tls: "none" });
        }}
        onFinish={guard((values: Record<string, unknown>) => {
          const sent = Object.fromEntries(
            Object.entries(values).filter(([k, v]) => v !== undefined && !(k === "secret" && v === "") && !(mode === "edit" && k === "sourceType")),
          );
          // A refused save is already shown (toast, and field errors beside the fields).
          void Promise.resolve(formProps.onFinish?.(sent)).catch(() => undefined);
        })}
      >
        <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", columnGap: 16 }}>
          <Section title={t("userSynchronizer.sectionBasic")}>
            {item("name", <Input maxLength={64} />)}
            {item("sourceType", <Select options={SYNC_SOURCES.map((v) => ({ value: v, label: t(`userSynchronizer.source.${v}`) }))} disabled={mode === "edit"} />)}
            {item("remark", undefined, { wide: true })}
          </Section>

          <Section title={t("userSynchronizer.sectionConnection")}>
            {item("endpoint", <Input maxLength={500} placeholder={directory ? t("userSynchronizer.endpointPlaceholderLdap") : t("userSynchronizer.endpointPlaceholderApi", { host: SYNC_DEFAULT_ENDPOINTS[source] ?? "" })} />, { rules: endpointRules })}
            {directory ? item("tls", <Select options={options(SYNC_TLS, "option")} />) : item("rootDept", <Input maxLength={64} placeholder={t("userSynchronizer.rootDeptPlaceholder", { id: SYNC_DEFAULT_ROOT[source] ?? "" })} />)}
            {item("principal", <Input maxLength={255} autoComplete="off" />, { label: t(`userSynchronizer.${principalWord}`) })}
            <Form.Item name="secret" label={t(`userSynchronizer.${secretWord}`)} rules={secretRules}>
              <SecretField />
            </Form.Item>
            {directory && tls !== "none" && item("caCert", <Input.TextArea rows={3} maxLength={20000} placeholder="-----BEGIN CERTIFICATE-----" />, { wide: true, help: t("userSynchronizer.caCertHelp") })}
            {directory && (
              <>
                {item("userBaseDn", undefined, { help: t("userSynchronizer.baseDnsHelp"), rules: [{ required: true, message: lang2(syncMessages.baseDnRequired) }, ...rules("userBaseDn")] })}
                {item("userFilter", <Input maxLength={500} placeholder="(objectClass=inetOrgPerson)" />, { rules: filterRules })}
                {item("deptBaseDn", undefined, { help: t("userSynchronizer.baseDnsHelp") })}
                {item("deptFilter", <Input maxLength={500} placeholder="(objectClass=organizationalUnit)" />, { rules: filterRules })}
              </>
            )}
          </Section>

          <Section title={t("userSynchronizer.sectionMapping")}>
            <Typography.Paragraph type="secondary" style={{ gridColumn: "1 / -1", marginTop: -4 }}>
              {t("userSynchronizer.mappingHelp")}
            </Typography.Paragraph>
            {SYNC_ATTRS.map((name) => item(name, <Input maxLength={64} placeholder={SYNC_DEFAULT_ATTRS[source]?.[name]} />))}
          </Section>

          <Section title={t("userSynchronizer.sectionPolicy")}>
            {item(
              "targetDeptId",
              <LazyTreeSelect
                levelUrl={`${deptSpec.api}/lazy-tree`}
                searchUrl={`${deptSpec.api}/lazy-list`}
                searchField="deptName"
                placeholder={t("userSynchronizer.targetTop")}
              />,
            )}
            <Form.Item name="roleId" label={label("roleId")} rules={[{ required: true, message: t("userSynchronizer.roleRequired") }]}>
              <RoleSelect />
            </Form.Item>
            {item("conflictPolicy", <Select options={options(SYNC_CONFLICT, "option")} />)}
            {item("missingPolicy", <Select options={options(SYNC_MISSING, "option")} />)}
            {item("deleteThreshold")}
          </Section>

          <Section title={t("userSynchronizer.sectionSchedule")}>
            {item("scheduleType", <Select options={options(SYNC_SCHEDULE, "scheduleType")} />)}
            {schedule === "cron" &&
              item("cron", <Input maxLength={64} placeholder="0 2 * * *" />, {
                rules: [{ required: true, pattern: /^\S+(\s+\S+){4}$/, whitespace: true, message: lang2(syncMessages.cronRequired) }],
              })}
            {schedule === "interval" &&
              item("intervalMinutes", undefined, {
                rules: [{ required: true, type: "number", min: 5, max: 10080, message: lang2(syncMessages.intervalRequired) }],
              })}
          </Section>
        </div>
        <SubmitOnEnter />
      </Form>
    </Modal>
  );
}
