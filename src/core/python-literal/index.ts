export {
  type JsValue,
  PyToJsonError,
  pyListItems,
  pyToJs,
  pyToJson,
  pyToSafeInteger,
  pyToString,
} from "./convert.ts";
export { PythonLiteralError } from "./error.ts";
export { MAX_LITERAL_LENGTH, MAX_LITERAL_VALUES, parsePythonLiteral } from "./parse.ts";
export { type PyValue, pyDict, pyEquals, pyKey, pySet, pyTypeName, unhashableType } from "./value.ts";
