import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { setLanguage } from "../../providers/i18n";
import { CardContainer, SectionBlock } from "./Blocks";

afterEach(cleanup);

describe("the card container and the titled section block (§2)", () => {
  it("shows the default title 这是一个标题 (This is a title in English), or the one given, over its content", async () => {
    const { rerender } = render(
      <CardContainer>
        <SectionBlock>
          <p>内容</p>
        </SectionBlock>
      </CardContainer>,
    );
    expect(screen.getByRole("heading", { name: "这是一个标题" })).toBeInTheDocument();
    expect(screen.getByText("内容").closest(".ant-card")).not.toBeNull();
    await setLanguage("en");
    try {
      rerender(<SectionBlock />);
      expect(await screen.findByRole("heading", { name: "This is a title" })).toBeInTheDocument();
      rerender(<SectionBlock title="基本信息" />);
      expect(screen.getByRole("heading", { name: "基本信息" })).toBeInTheDocument();
    } finally {
      await setLanguage("zh");
    }
  });
});
