import { DatePicker, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { DATE_FORMAT } from "../../../providers/data";
import { RANGE_FIELD, type DateRangeSearch, type SearchField } from "./SearchForm";
import "../i18n";

// Apart from SearchForm: the range picker (rc-picker, ~30 kB gz) belongs to the read-only lists
// that search by time, not to every list page's first load.
/** The controls of spec-driven search fields and the date range, as SearchForm's children. */
export function SearchControls({ fields, range }: { fields: SearchField[]; range?: DateRangeSearch }) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.options ? (
            <Select allowClear style={{ minWidth: 120 }} options={f.options} placeholder={f.placeholder ?? t("kit.select", { label: f.label })} />
          ) : (
            <Input allowClear maxLength={f.maxLength ?? 100} placeholder={f.placeholder ?? t("kit.enter", { label: f.label })} />
          )}
        </Form.Item>
      ))}
      {range && (
        <Form.Item name={RANGE_FIELD} label={range.label}>
          {range.showTime ? <DatePicker.RangePicker showTime allowEmpty={[true, true]} format={DATE_FORMAT} /> : <DatePicker.RangePicker allowEmpty={[true, true]} />}
        </Form.Item>
      )}
    </>
  );
}
