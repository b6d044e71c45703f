import type { R } from "../../../../domain/contract";
import { http } from "../../../providers/http";
import { MAIL_API } from "../../../../domain/resources/system/mailboxConfig/spec";
import { API } from "../../../../domain/contract/api";

export interface MailConfig {
  id: string | null;
  host: string;
  port: number;
  auth: boolean;
  user: string;
  /** The server never answers the password, only whether one is stored. */
  passwordSet: boolean;
  from: string;
  starttlsEnable: boolean;
  sslEnable: boolean;
  sslTrusts: string;
}

export interface TestMailResult {
  sent: boolean;
  accepted: string[];
  rejected: string[];
  response: string;
}

// getMailConfig takes a serialised form (BladeX); nothing in it is needed here.
export const fetchMailConfig = async () => (await http.post<R<MailConfig>>(API.post(`${MAIL_API}/getMailConfig`), {}, { meta: { isSerialize: true } })).data;

export const saveMailConfig = async (values: Record<string, unknown>) =>
  (await http.post<R<MailConfig>>(API.post(`${MAIL_API}/saveOrUpdateMailConfig`), values, { silent: true })).data;

// The SMTP conversation has its own 10 s limits; the answer is reported, never thrown.
export const sendTestMail = async (to: string) => (await http.post<R<TestMailResult>>(API.post(`${MAIL_API}/sendTestMail`), { to }, { silent: true })).data;
