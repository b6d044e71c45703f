import { DatePicker } from "antd";
import dayjs from "dayjs";

const FORMAT = "YYYY-MM-DD HH:mm:ss";

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
}

/** A date and time picker whose value is Blade's `YYYY-MM-DD HH:mm:ss` text ("" when cleared). */
export function DateTimeInput({ id, value, onChange, placeholder }: Props) {
  const parsed = value ? dayjs(value, FORMAT) : null;
  return (
    <DatePicker
      id={id}
      showTime
      format={FORMAT}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(FORMAT) : "")}
      placeholder={placeholder}
      style={{ width: "100%" }}
    />
  );
}
