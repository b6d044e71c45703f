import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { FilterTree } from "./FilterTree";
import { WithAside } from "./resource/list/WithAside";
import { treeTitles, treeWidth } from "./tree-width";
import type { TreeNode } from "../../domain/contract";

afterEach(cleanup);

const node = (id: string, title: string, children: TreeNode[] = []): TreeNode => ({ id, parentId: "0", title, key: id, value: id, children });

describe("the §9 tree width (5 per character + 10 padding + 130)", () => {
  it("counts the characters of the longest title on any level", () => {
    expect(treeWidth([])).toBe(140);
    expect(treeWidth(["总部"])).toBe(150);
    expect(treeWidth(["a", "abcdefghij"])).toBe(190);
    const tree = [node("1", "集团", [node("2", "华东区域信息技术服务中心第一分部运维组")])];
    expect(treeTitles(tree)).toEqual(["集团", "华东区域信息技术服务中心第一分部运维组"]);
    expect(treeWidth(treeTitles(tree))).toBe(19 * 5 + 140);
  });

  it("widens a list's aside for a tree of long names, and keeps 240 px for short ones", () => {
    const long = "华东区域信息技术服务中心第一分部运维保障与安全审计联合工作组";
    const { rerender } = render(
      <WithAside aside={<FilterTree tree={[node("1", "总部")]} onSelect={() => {}} />}>
        <p>list</p>
      </WithAside>,
    );
    expect(screen.getByTestId("list-aside").style.flex).toBe("0 0 240px");
    rerender(
      <WithAside aside={<FilterTree tree={[node("1", "总部", [node("2", long)])]} onSelect={() => {}} />}>
        <p>list</p>
      </WithAside>,
    );
    expect(screen.getByTestId("list-aside").style.flex).toBe(`0 0 ${[...long].length * 5 + 140}px`);
  });
});
