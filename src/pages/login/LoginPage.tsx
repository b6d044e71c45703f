import { lazy, Suspense, useState } from "react";
import { Button, Form, Input, Segmented } from "antd";
import { TeamOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { website } from "../../config/website";
import { getAccessToken } from "../../providers/auth/session";
import { setLanguage } from "../../providers/i18n";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { PasswordLoginForm } from "./PasswordLoginForm";
import { SmsLoginForm } from "./SmsLoginForm";
import { SocialButtons } from "./SocialButtons";
import { takeIntendedPath } from "./sign-in";
import { useTenant } from "./useTenant";
import "./i18n";
import styles from "./login.module.css";

// Few visitors open it, so its dialog and form load on the click (the login page has a size budget).
const FindPasswordDialog = lazy(() => import("./FindPasswordDialog").then((m) => ({ default: m.FindPasswordDialog })));

/** The sign-in page (§2 /login): password or SMS code, third-party providers, and 'forgot password'. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tenant = useTenant();
  const [tenantForm] = Form.useForm<{ tenantId: string }>();
  const typedTenantId = Form.useWatch("tenantId", tenantForm) as string | undefined;
  const [findOpen, setFindOpen] = useState(false);
  const [method, setMethod] = useState<"account" | "sms">("account");
  // Read once: a sign-in made on this page navigates by itself and must not be overtaken by this.
  const [signedInAlready] = useState(() => !!getAccessToken());
  useDocumentTitle(t("login.title"));

  if (signedInAlready) return <Navigate to={website.firstPage.path} replace />;

  // The tenant is asked once, above the tabs, and used by whichever method signs in.
  const getTenant = async () => {
    if (tenant.status !== "ask") return tenant.tenantId;
    const { tenantId } = await tenantForm.validateFields();
    return String(tenantId).trim();
  };
  const onSignedIn = () => navigate(takeIntendedPath(), { replace: true });
  // Each tenant has its own third-party providers: list those of the tenant being signed in to.
  const socialTenant = tenant.status === "fixed" ? tenant.tenantId : tenant.status === "ask" ? (typedTenantId ?? tenant.tenantId).trim() || null : null;
  const typedTenant = () => (tenant.status === "ask" ? String(tenantForm.getFieldValue("tenantId") ?? "").trim() || website.tenantId : tenant.tenantId);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            {/* The product's name as the header's logo says it (VITE_APP_TITLE), so the two never differ. */}
            <h1 id="login-heading" className={styles.heading}>{website.title}</h1>
            <p className={styles.subtitle}>{t("login.subtitle")}</p>
          </div>
        </div>
        {tenant.status === "ask" && (
          <Form form={tenantForm} name="tenant" layout="vertical" size="large" requiredMark={false} initialValues={{ tenantId: tenant.tenantId }}>
            <Form.Item name="tenantId" label={t("login.tenantId")} rules={[{ required: true, whitespace: true, message: t("login.rules.tenantId") }]}>
              <Input prefix={<TeamOutlined />} placeholder={t("login.tenantId")} maxLength={12} />
            </Form.Item>
          </Form>
        )}
        {/* Segmented rather than Tabs/Select keeps the login page inside its size budget. */}
        <Segmented
          block
          className={styles.methods}
          value={method}
          onChange={(v) => setMethod(v as "account" | "sms")}
          options={[
            { value: "account", label: t("login.tabs.account") },
            { value: "sms", label: t("login.tabs.sms") },
          ]}
        />
        <div role="group" aria-label={method === "account" ? t("login.tabs.account") : t("login.tabs.sms")} data-testid="login-method">
          {method === "account" ? (
            <PasswordLoginForm getTenant={getTenant} onSignedIn={onSignedIn} />
          ) : (
            <SmsLoginForm getTenant={getTenant} onSignedIn={onSignedIn} />
          )}
        </div>
        <div className={styles.links}>
          <Button type="link" size="small" onClick={() => setFindOpen(true)}>
            {t("login.find.link")}
          </Button>
        </div>
        <SocialButtons getTenant={getTenant} listTenant={socialTenant} />
        <div className={styles.footer}>
          <Segmented
            size="small"
            value={i18n.language.startsWith("en") ? "en" : "zh"}
            onChange={(v) => void setLanguage(v as "zh" | "en")}
            options={[{ value: "zh", label: "简体中文" }, { value: "en", label: "English" }]}
            aria-label="language"
          />
        </div>
      </section>
      {findOpen && (
        <Suspense fallback={null}>
          <FindPasswordDialog tenantId={typedTenant()} onClose={() => setFindOpen(false)} />
        </Suspense>
      )}
    </main>
  );
}
