import { lockNamed } from "./locks";
import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { isId, nextId } from "../db/ids";
import { verifyCode } from "../db/schema";
import { badRequest } from "../http/errors";
import type { CodeChannel } from "../notify/sender";
import { dbOf } from "./handle";
import { safeEqual } from "./password";

/**
 * SMS and mail verification codes: 6 digits, kept only as an HMAC under the server's secret (a
 * leaked table does not reveal live codes), valid 5 minutes, good for one success, and burnt after
 * 5 wrong answers so that a million combinations cannot be walked through.
 */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const MSG_TOO_FREQUENT = "发送过于频繁,请稍后再试";

export type CodePurpose = "login" | "reset";

export interface CodeRequest {
  tenantId: string;
  channel: CodeChannel;
  purpose: CodePurpose;
  /** Phone number or mail address, already validated. */
  target: string;
}

const codeHash = (key: Uint8Array, id: string, code: string) => createHmac("sha256", key).update(`${id}:${code}`).digest("hex");

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * Stores a new code and, when `deliver` is set, hands it to the sender. Undelivered codes exist so
 * that a request for an unknown phone looks exactly like one for a known phone (same answer, same
 * rate limit) while nobody ever learns the code. One code per target per minute.
 */
export async function issueCode(ctx: AppContext, req: CodeRequest, deliver: boolean): Promise<string> {
  const now = ctx.now();
  const id = nextId();
  const code = newCode();
  await dbOf(ctx).transaction(async (tx) => {
    // Serialises requests for one target, so two concurrent ones cannot both pass the limit.
    await lockNamed(tx, req.tenantId, `blade_verify_code:${req.channel}:${req.target}`);
    const recent = await tx
      .select({ id: verifyCode.id })
      .from(verifyCode)
      .where(and(eq(verifyCode.channel, req.channel), eq(verifyCode.target, req.target), gt(verifyCode.createdAt, now - CODE_RESEND_MS)))
      .orderBy(desc(verifyCode.createdAt))
      .limit(1);
    if (recent.length) throw badRequest(MSG_TOO_FREQUENT);
    await tx.delete(verifyCode).where(lt(verifyCode.expiresAt, now));
    await tx.insert(verifyCode).values({
      id,
      tenantId: req.tenantId,
      channel: req.channel,
      purpose: req.purpose,
      target: req.target,
      codeHash: codeHash(ctx.jwtKey, id, code),
      createdAt: now,
      expiresAt: now + CODE_TTL_MS,
    });
  });
  if (deliver) await ctx.codeSender.send({ channel: req.channel, to: req.target, code, purpose: req.purpose, tenantId: req.tenantId });
  return id;
}

/**
 * True once for the right code of a live, matching code row. A wrong answer counts an attempt;
 * the fifth burns the code. The final UPDATE is conditional, so two requests racing with the right
 * code cannot both succeed.
 */
export async function checkCode(ctx: AppContext, req: CodeRequest & { id: string; code: string }): Promise<boolean> {
  if (!isId(req.id)) return false;
  const [row] = await dbOf(ctx)
    .select()
    .from(verifyCode)
    .where(and(eq(verifyCode.tenantId, req.tenantId), eq(verifyCode.id, req.id)));
  const matches =
    row &&
    row.used === 0 &&
    row.expiresAt > ctx.now() &&
    row.tenantId === req.tenantId &&
    row.channel === req.channel &&
    row.purpose === req.purpose &&
    row.target === req.target;
  if (!matches) return false;
  const right = /^\d{6}$/.test(req.code) && safeEqual(codeHash(ctx.jwtKey, row.id, req.code), row.codeHash);
  if (!right) {
    await dbOf(ctx)
      .update(verifyCode)
      .set({
        attempts: sql`${verifyCode.attempts} + 1`,
        used: sql`case when ${verifyCode.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then 1 else ${verifyCode.used} end`,
      })
      .where(and(eq(verifyCode.tenantId, row.tenantId), eq(verifyCode.id, row.id)));
    return false;
  }
  const won = await dbOf(ctx)
    .update(verifyCode)
    .set({ used: 1 })
    .where(and(eq(verifyCode.tenantId, row.tenantId), eq(verifyCode.id, row.id), eq(verifyCode.used, 0)))
    .returning({ id: verifyCode.id });
  return won.length === 1;
}

/** Housekeeping (clear-cache): expired codes serve neither the rate limit nor a sign-in. */
export async function purgeExpiredCodes(ctx: AppContext): Promise<void> {
  await dbOf(ctx).delete(verifyCode).where(lt(verifyCode.expiresAt, ctx.now()));
}
