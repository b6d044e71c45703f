import { ApiOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Alert, App, Button, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePermission } from "../../../providers/access-control";
import { testDatasource, type TestOutcome } from "./api";

/** The button's code (测试连接 of the spec's menu). */
export const TEST_CODE = "datasource_test";

/** 测试连接 of a saved row: the server's version, or why it could not connect, in a dialog. */
export function RowTestButton({ row }: { row: BaseRecord }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const may = usePermission(TEST_CODE);
  const [testing, setTesting] = useState(false);
  if (!may) return null;
  const run = async () => {
    setTesting(true);
    try {
      const outcome = await testDatasource({ id: String(row.id) });
      if (outcome.ok) modal.success({ title: t("datasource.testOk"), content: outcome.version, okText: t("common.ok") });
      else modal.error({ title: t("datasource.testFailed"), content: outcome.message, okText: t("common.ok") });
    } finally {
      setTesting(false);
    }
  };
  return (
    <Button size="small" type="link" loading={testing} onClick={run} aria-label={t("datasource.testOf", { name: row.name })}>
      {t("datasource.test")}
    </Button>
  );
}

/**
 * 测试连接 inside the form: the values as typed (saved or not); editing, an empty password means
 * the stored one, which the server uses only for the address it was saved with.
 */
export function FormTestButton() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const may = usePermission(TEST_CODE);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome>();
  if (!may) return null;
  const run = async () => {
    try {
      await form.validateFields(["url", "username"]);
    } catch {
      return; // the fields say what is missing
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" ? v : "");
    setTesting(true);
    setOutcome(undefined);
    try {
      const id = values.id ? String(values.id) : undefined;
      setOutcome(await testDatasource({ id, url: str(values.url), username: str(values.username), password: str(values.password) }));
    } finally {
      setTesting(false);
    }
  };
  return (
    <div style={{ gridColumn: "1 / -1", marginBottom: 16 }}>
      <Button icon={<ApiOutlined />} loading={testing} onClick={run}>
        {testing ? t("datasource.testing") : t("datasource.test")}
      </Button>
      {outcome && (
        <Alert
          role="alert"
          style={{ marginTop: 12 }}
          type={outcome.ok ? "success" : "error"}
          showIcon
          message={outcome.ok ? t("datasource.testOk") : t("datasource.testFailed")}
          description={outcome.ok ? outcome.version : outcome.message}
        />
      )}
    </div>
  );
}
