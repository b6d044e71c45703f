// The ES build of @ant-design/icons' icon barrel (icons.tsx loads it lazily) ships no typings of
// its own: they are those of the CommonJS build beside it.
declare module "@ant-design/icons/es/icons" {
  export * from "@ant-design/icons/lib/icons";
}
