import { Checkbox, Flex, InputNumber, type GetRef } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/** Blade's value for "no limit" (tenant.account_number). */
const UNLIMITED = -1;

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/**
 * The account quota as the operator thinks of it: 不限, or a number. Blade stores "no limit" as -1;
 * the box shows 不限 instead and the check box beside it sets or lifts the limit.
 */
export function QuotaInput({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<GetRef<typeof InputNumber>>(null);
  const unlimitedText = t("tenant.unlimited");
  const unlimited = value === UNLIMITED;
  return (
    <Flex gap={12} align="center">
      <InputNumber<number>
        id={id}
        ref={input}
        value={value ?? null}
        min={UNLIMITED}
        max={2_147_483_647}
        precision={0}
        style={{ flex: 1 }}
        placeholder={t("tenant.quotaPlaceholder")}
        formatter={(v) => (String(v) === String(UNLIMITED) ? unlimitedText : String(v ?? ""))}
        parser={(text) => (text === unlimitedText ? UNLIMITED : text ? Number(text.replace(/[^\d-]/g, "")) : NaN)}
        onChange={(v) => onChange?.(v)}
      />
      <Checkbox
        checked={unlimited}
        style={{ whiteSpace: "nowrap" }}
        onChange={(e) => {
          onChange?.(e.target.checked ? UNLIMITED : null);
          // Lifting "no limit" asks for the number at once.
          if (!e.target.checked) setTimeout(() => input.current?.focus());
        }}
      >
        {unlimitedText}
      </Checkbox>
    </Flex>
  );
}
