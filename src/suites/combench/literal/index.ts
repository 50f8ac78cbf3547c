export { type JsValue, pyListItems, pyToJs, pyToSafeInteger, pyToString } from "./convert.ts";
export { PythonLiteralError } from "./error.ts";
export { parsePythonLiteral } from "./parse.ts";
export { type PyValue, pyDict, pyEquals, pyKey, pySet, pyTypeName, unhashableType } from "./value.ts";
