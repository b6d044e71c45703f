import type { BaseKey, BaseRecord, HttpError } from "@refinedev/core";
import type { ComponentType } from "react";
import type { ResourceSpec } from "../../../../domain/validation";
import { ResourceForm, type ResourceFormProps } from "../ResourceForm";
import { useGuardedModalForm } from "../useGuardedModalForm";
import { useReturnFocus } from "./return-focus";

export interface ResourceFormsOptions {
  /** Data-provider meta of the resource's calls beyond its own. */
  meta?: Record<string, unknown>;
  /** Edit form values from the detail record (e.g. ids lists to arrays). */
  fromRecord?: (record: BaseRecord) => Record<string, unknown>;
  /** A form of its own instead of the spec's generic one. */
  Form?: ComponentType<ResourceFormProps>;
  /** Passed to the form: controls replacing a field's default, fields not shown, values sent with every save. */
  controls?: ResourceFormProps["controls"];
  hidden?: string[];
  extra?: Record<string, unknown>;
}

/**
 * The modal form part of the kit: one create and one edit dialog of the resource (refine's
 * useModalForm, asking before unsaved changes are dropped). Render `forms` once; `create()` and
 * `edit(id)` open them.
 */
export function useResourceForms(spec: ResourceSpec, { meta, fromRecord, Form = ResourceForm, controls, hidden, extra }: ResourceFormsOptions = {}) {
  const options = {
    resource: spec.name,
    meta,
    warnWhenUnsavedChanges: true,
    // The dialog closes over the list it was opened from. refine's default (go to the resource's
    // list route) would leave a list shown inside another page (a menu's data scopes) for a route
    // that does not exist, whenever the unsaved-changes guard let it through.
    redirect: false as const,
    ...(fromRecord ? { queryOptions: { select: (d: { data: BaseRecord }) => ({ data: fromRecord(d.data) as BaseRecord }) } } : {}),
  };
  const create = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...options, action: "create" });
  const edit = useGuardedModalForm<BaseRecord, HttpError, Record<string, unknown>>({ ...options, action: "edit" });
  const shared = { spec, controls, hidden, extra };
  const forms = (
    <>
      {create.open && <Form {...shared} mode="create" form={create.form} formProps={create.formProps} modalProps={create.modalProps} />}
      {edit.open && <Form {...shared} mode="edit" form={edit.form} formProps={edit.formProps} modalProps={edit.modalProps} />}
    </>
  );
  const rememberCreate = useReturnFocus(create.open);
  const rememberEdit = useReturnFocus(edit.open);
  return {
    create: () => {
      rememberCreate();
      create.show();
    },
    edit: (id?: BaseKey) => {
      rememberEdit();
      edit.show(id);
    },
    forms,
  };
}
