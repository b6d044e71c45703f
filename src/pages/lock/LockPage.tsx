import { LockOutlined } from "@ant-design/icons";
import { Avatar, Button, Form, Input } from "antd";
import { useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { website } from "../../config/website";
import { logoutRequest } from "../../providers/auth/api";
import { clearSession, getAccessToken, isLocked, onLockChangedElsewhere, unlockSession } from "../../providers/auth/session";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { lockPasswordRules } from "../../../domain/validation";
import { toAntdRule } from "../../layout/antd-rules";
import { displayName, useSessionUser } from "../../layout/session-user";
import "../../layout/i18n";
import styles from "./lock.module.css";

/** Only paths inside the console: the state could come from anywhere in the history. */
const safeFrom = (from: unknown): string =>
  typeof from === "string" && from.startsWith("/") && !from.startsWith("//") && !from.startsWith(website.lockPage) ? from : website.firstPage.path;

/** The lock page of §4 (/lock, outside refine): the lock password unlocks every tab, 'log out' ends the session. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionUser();
  const [wrong, setWrong] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const from = safeFrom((location.state as { from?: unknown } | null)?.from);
  useDocumentTitle(t("layout.lock.button"));
  // Unlocked (or signed out) in another tab: this one follows at once.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => onLockChangedElsewhere(rerender), []);

  if (!getAccessToken()) return <Navigate to="/login" replace />;
  if (!isLocked()) return <Navigate to={from} replace />;

  const unlock = ({ password }: { password: string }) => {
    if (unlockSession(password)) navigate(from, { replace: true });
    else setWrong(true);
  };

  const logout = async () => {
    await logoutRequest().catch(() => undefined);
    clearSession();
    navigate("/login", { replace: true });
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="lock-name">
        <Avatar size={72} src={user?.avatar || website.defaultAvatar} alt="" />
        <h1 id="lock-name" className={styles.name}>{displayName(user)}</h1>
        <Form form={form} name="unlock" onFinish={unlock} onValuesChange={() => setWrong(false)} className={styles.form}>
          <Form.Item
            name="password"
            rules={[toAntdRule(lockPasswordRules)]}
            validateStatus={wrong ? "error" : undefined}
            help={wrong ? t("layout.lock.wrong") : undefined}
          >
            <Input.Password
              autoFocus
              prefix={<LockOutlined />}
              placeholder={t("layout.lock.placeholder")}
              aria-label={t("layout.lock.password")}
              autoComplete="off"
              maxLength={website.inputMaxLength}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>{t("layout.lock.unlock")}</Button>
        </Form>
        <Button type="link" onClick={() => void logout()}>{t("buttons.logout")}</Button>
      </section>
    </main>
  );
}
