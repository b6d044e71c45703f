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
 *
 * Every opening fills the form afresh from its initial values (the record for an edit, the
 * defaults for a create). refine refills only when the record or its id changes, and callers
 * mount the dialog's <Form> only while it is open: the antd form instance outlives the dialog,
 * and a mounting <Form> lays its initial values *under* what that instance still holds. So after
 * a save (refine keeps the id, and the refetched record arrives while no <Form> is mounted) the
 * same record reopened showed the values it was first filled with (refinedev/refine#6904).
 * Resetting once the <Form> is mounted (this effect runs after the commit that mounts it, as
 * refine's own refill does) puts the record it was just given into the fields.
 */
export function useGuardedModalForm<TQueryFnData extends BaseRecord = BaseRecord, TError extends HttpError = HttpError, TVariables = object>(
  props: UseModalFormProps<TQueryFnData, TError, TVariables>,
): UseModalFormReturnType<TQueryFnData, TError, TVariables> {
  const form = useModalForm<TQueryFnData, TError, TVariables>(props);
  const { open, form: instance } = form;
  useEffect(() => {
    if (open) instance.resetFields();
  }, [open, instance]);
  const close = useConfirmedClose(form.close);
  return { ...form, close, modalProps: { ...form.modalProps, onCancel: close } };
}
