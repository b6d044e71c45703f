/**
 * The states of a high-risk script's run approval, shared by the console and the reference server
 * (server/modules/sample/scripts.ts). An approval lets the user who asked for it run that exact
 * script once: the run turns it to `used`, and another run needs a new request.
 */
export const APPROVAL_STATE = { pending: 0, approved: 1, rejected: 2, used: 3 } as const;
export type ApprovalState = (typeof APPROVAL_STATE)[keyof typeof APPROVAL_STATE];
