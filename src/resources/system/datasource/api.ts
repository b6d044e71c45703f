import type { R } from "../../../../domain/contract";
import { API } from "../../../../domain/contract/api";
import type { DatasourceTestResult } from "../../../../domain/resources/system/datasource/spec";
import { http, isHttpError } from "../../../providers/http";

/** What 测试连接 sends: a saved datasource's id, or the form's values (the id too when editing one). */
export interface TestInput {
  id?: string;
  url?: string;
  username?: string;
  password?: string;
}

export type TestOutcome = { ok: true; version: string } | { ok: false; message: string };

/** 测试连接, its failure kept for the page to show beside the button (no toast). */
export async function testDatasource(input: TestInput): Promise<TestOutcome> {
  try {
    const res = await http.post<R<DatasourceTestResult>>(API.post("/blade-develop/datasource/test"), input, { silent: true });
    return { ok: true, version: res.data.version };
  } catch (e) {
    if (isHttpError(e)) return { ok: false, message: e.message };
    throw e;
  }
}
