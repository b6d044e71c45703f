import { thirdLoginSpec } from "../../../domain/resources/system/thirdPartyLogin/spec";
import { describeConformance } from "../../test/conformance";

describeConformance({
  spec: thirdLoginSpec,
  valid: (n) => ({
    source: `corp${n}`,
    name: `企业登录${n}`,
    clientId: `client-${n}`,
    clientSecret: `secret-${n}`,
    redirectUri: "http://localhost:3000/oauth/callback/corp",
    authorizeUrl: "https://sso.example.com/authorize",
    tokenUrl: "https://sso.example.com/token",
    userInfoUrl: "https://sso.example.com/userinfo",
  }),
  change: { field: "name", value: "新名称" },
});
