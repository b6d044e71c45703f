/**
 * What of the user table the library itself needs (the password policy's bounds are the password
 * column's). The user form's rules are the fields of `userSpec` (domain/resources/system/user).
 */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Column sizes of the user table (blade_user). account, realName, name and code come from the
 * brief; email and the id lists follow the original schema (varchar(45), varchar(1000)).
 */
export const USER_FIELD_LIMITS = {
  account: 45,
  password: 32,
  realName: 20,
  name: 20,
  email: 45,
  roleId: 1000,
  deptId: 1000,
  postId: 1000,
  code: 12,
  idNumber: 20,
} as const;

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, and a date that exists in the Gregorian calendar. */
export function isValidBirthday(value: string): boolean {
  const m = BIRTHDAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (day > daysInMonth) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  return true;
}
