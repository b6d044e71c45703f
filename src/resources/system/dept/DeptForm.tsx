import { ResourceForm, type ResourceFormProps } from "../../../components/resource/ResourceForm";
import { DeptTreeSelect } from "./DeptTreeSelect";

interface Loaded {
  id?: string;
  ancestors?: string;
  parentName?: string;
}

/**
 * The kit's form with the parent as a lazy, searchable tree select. Editing, the tree opens down to
 * the current parent and the department itself cannot be chosen (the server refuses it as well).
 */
export function DeptForm(props: ResourceFormProps) {
  const record = (props.mode === "edit" ? props.formProps.initialValues : undefined) as Loaded | undefined;
  const parent = <DeptTreeSelect exclude={record?.id} path={record?.ancestors} initialLabel={record?.parentName} />;
  return <ResourceForm {...props} controls={{ ...props.controls, parentId: parent }} />;
}
