import { useModalForm, type UseModalFormProps, type UseModalFormReturnType } from "@refinedev/antd";
import { useWarnAboutChange, type BaseRecord, type HttpError } from "@refinedev/core";
import { App } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A close for a dialog holding a refine form that asks before dropping what was typed, in an antd
 * confirmation (the one UnsavedChangesGuard shows on a navigation); a clean form closes at once.
 *
 * refine's own close asks through the browser's window.confirm whenever its unsaved-changes flag
 * is up, and reads that flag from the render it was made in. So a confirmed leave lowers the flag
 * first and calls refine's close from the next render, where the flag is down and it simply closes
 * (clearing the record id and resetting the form as it always does).
 */
export function useConfirmedClose(close: () => void): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const latestClose = useRef(close);
  latestClose.current = close;
  const asking = useRef(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving || warnWhen) return;
    setLeaving(false);
    latestClose.current();
  }, [leaving, warnWhen]);

  return useCallback(() => {
    if (!warnWhen) return latestClose.current();
    // Esc or × pressed again while the question is open asks nothing more.
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t("warnWhenUnsavedChanges"),
      okText: t("common.ok"),
      cancelText: t("buttons.cancel"),
      onOk: () => {
        asking.current = false;
        setWarnWhen(false);
        setLeaving(true);
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  }, [warnWhen, setWarnWhen, modal, t]);
}

/**
 * refine's useModalForm whose Cancel, Esc and × ask in an antd confirmation when the form has
 * unsaved changes (see useConfirmedClose). The returned `close` asks the same way.
 */
export function useGuardedModalForm<TQueryFnData extends BaseRecord = BaseRecord, TError extends HttpError = HttpError, TVariables = object>(
  props: UseModalFormProps<TQueryFnData, TError, TVariables>,
): UseModalFormReturnType<TQueryFnData, TError, TVariables> {
  const form = useModalForm<TQueryFnData, TError, TVariables>(props);
  const close = useConfirmedClose(form.close);
  return { ...form, close, modalProps: { ...form.modalProps, onCancel: close } };
}
