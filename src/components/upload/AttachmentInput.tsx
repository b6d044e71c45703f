import { Form } from "antd";
import { FileUpload } from "./FileUpload";

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * The attachment of a form (applications, directories): the generic upload widget with §5's
 * defaults — the default extensions, 5 MB, one file and every §5 message. A record loaded for
 * editing shows its file under the name the server answered (attachmentName), not its link.
 */
export function AttachmentInput({ id, value, onChange }: Props) {
  const form = Form.useFormInstance();
  const storedName = Form.useWatch("attachmentName", { form, preserve: true }) as string | undefined;
  const stored = Form.useWatch("attachment", { form, preserve: true }) as string | undefined;
  // The server's name for the link held now (a file uploaded here is named by the widget itself, first).
  const names = storedName && stored ? { [stored]: storedName } : undefined;
  return <FileUpload id={id} value={value} onChange={onChange} names={names} />;
}
