/**
 * DingTalk, WeCom and Feishu open platforms simulated from an org chart, for the user-sync tests
 * (what they answer and how: open-platforms/simulation.ts).
 */
export * from "./open-platforms/simulation";
export { SimulatedDingTalk } from "./open-platforms/dingtalk";
export { SimulatedWeCom } from "./open-platforms/wecom";
export { SimulatedFeishu } from "./open-platforms/feishu";
