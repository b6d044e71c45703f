import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { usePreventDoubleClick } from "./layout-prevent-double-click";

/**
 * A submit button that disables itself for `preventMs` (default 3000 ms, §9) after a click, so a
 * double click does not send a form twice. Inside a Form it submits it (htmlType "submit").
 */
export function SubmitButton({ preventMs, onClick, disabled, htmlType = "submit", type = "primary", ...rest }: ButtonProps & { preventMs?: number }) {
  const { blocked, guard } = usePreventDoubleClick(preventMs);
  return (
    <Button
      {...rest}
      type={type}
      htmlType={htmlType}
      disabled={disabled || blocked}
      onClick={guard((e: MouseEvent<HTMLElement>) => onClick?.(e as MouseEvent<HTMLButtonElement & HTMLAnchorElement>))}
    />
  );
}
