import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SubmitButton } from "./layout-submit-button";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("prevent double click", () => {
  it("runs a click once and stays disabled for 3000 ms", () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<SubmitButton onClick={onClick}>提交</SubmitButton>);
    const button = screen.getByRole("button");
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(2999));
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("submits its form once per window and honours a custom delay", () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(<form onSubmit={onSubmit}><SubmitButton preventMs={500}>提交</SubmitButton></form>);
    const button = screen.getByRole("button");
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
