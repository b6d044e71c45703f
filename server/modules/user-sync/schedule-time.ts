import { Cron } from "croner";

/** A synchroniser's schedule as stored: by hand only, a five-field cron expression, or every N minutes. */
export interface Schedule {
  scheduleType: string;
  cron: string;
  intervalMinutes: number;
}

/** The shortest interval a schedule may have: a run of a large directory takes minutes. */
export const MIN_INTERVAL_MINUTES = 5;

/** A five-field cron expression croner understands (minute hour day month weekday), else undefined. */
export function parseCron(expression: string): Cron | undefined {
  const text = expression.trim();
  if (text.split(/\s+/).length !== 5) return undefined;
  try {
    return new Cron(text, { paused: true });
  } catch {
    return undefined;
  }
}

/** When the schedule runs next after `now` (ms since the epoch); null: by hand only (or a cron that never fires). */
export function nextRunAfter(schedule: Schedule, now: number): number | null {
  if (schedule.scheduleType === "interval") return schedule.intervalMinutes >= MIN_INTERVAL_MINUTES ? now + schedule.intervalMinutes * 60_000 : null;
  if (schedule.scheduleType === "cron") return parseCron(schedule.cron)?.nextRun(new Date(now))?.getTime() ?? null;
  return null;
}
