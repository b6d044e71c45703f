/**
 * The input rules of spec §5 as one pure library, shared by the console's forms and the server's
 * request validation so both reject exactly the same input with exactly the same words.
 */
export * from "./messages";
export * from "./patterns";
export * from "./idcard";
export * from "./id-document";
export * from "./mobile";
export * from "./password";
export * from "./form-rules";
export * from "./upload";
export * from "./user";
export * from "./resource-spec";
export * from "./dict-fields";
