import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { SMS_API, VERIFICATION_CODE } from "../../../../domain/resources/system/shortMessageService/spec";
import { API } from "../../../../domain/contract/api";

export interface SmsConfig {
  id: string | null;
  smsCode: string;
  provider: string;
  accessKey: string;
  /** The server never answers the secret key, only whether one is stored. */
  secretKeySet: boolean;
  signName: string;
  templateId: string;
  regionId: string;
  endpoint: string;
  remark: string;
  status: number;
}

export const fetchSmsConfig = async () => (await http.get<R<SmsConfig>>(API.get(`${SMS_API}/detail`), { params: { smsCode: VERIFICATION_CODE } })).data;

export const saveSmsConfig = async (values: Record<string, unknown>) =>
  (await http.post<R<SmsConfig>>(API.post(`${SMS_API}/submit`), { ...values, smsCode: VERIFICATION_CODE }, { silent: true })).data;

export const setSmsStatus = async (id: string, status: 0 | 1) => {
  await http.post(API.post(`${SMS_API}/updateStatus`), { id, smsCode: VERIFICATION_CODE, status });
};
