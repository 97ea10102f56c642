/** 由发现和会话生成的回归用例（并入 zh.ts）。 */
import type { enRegression } from "./en-regression";

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const zhRegression: Shape<typeof enRegression> = {
  regression: {
    add: "加入回归场景",
    addLabel: "加入回归场景：{{what}}",
    title: "加入回归场景",
    intro: "根据截至这一轮的对话生成一条用例草稿，并对该轮回复附加检查。草稿在场景编辑器中打开；在那里保存之前不会保存任何内容。",
    existing: "已有场景",
    newScenario: "新建场景",
    pickScenario: "场景",
    pickPlaceholder: "选择一个场景",
    newName: "新场景名称",
    draft: "生成用例草稿",
    cancel: "取消",
    noScenarios: "还没有场景：请输入新场景的名称。",
    notes: "保存之前请注意",
    newEditorTitle: "新场景：{{name}}",
    originFinding: "来自评估 {{name}} 的发现 #{{n}}",
    originSession: "来自评估 {{name}} 的一个会话",
    fixed: "已修复",
    stillFailing: "仍未通过",
    sessionColumn: "回归",
    sessionButton: "加入",
  },
};
