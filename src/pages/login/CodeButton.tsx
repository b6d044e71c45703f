import { useEffect, useState } from "react";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { website } from "../../config/website";
import "./i18n";

interface Props {
  /** Requests a code; resolves true when one was sent (the countdown starts only then). */
  onSend: () => Promise<boolean>;
}

/**
 * 'Send code' with the resend countdown. The remaining time is computed from an end time rather
 * than counted down tick by tick, so a throttled background tab still shows the right number.
 */
export function CodeButton({ onSend }: Props) {
  const { t } = useTranslation();
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) setEndsAt(0);
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [endsAt]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setEndsAt(Date.now() + website.codeResendSeconds * 1000);
    } catch {
      // the request layer has shown why; the user may try again at once
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} style={{ minWidth: 120 }}>
      {left > 0 ? t("login.code.resendIn", { n: left }) : t("login.code.send")}
    </Button>
  );
}
