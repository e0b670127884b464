/**
 * Loads the built custom-functions bundle the way Excel's JavaScript-only runtime does: the
 * script runs in a fresh `vm` context whose only global is a `CustomFunctions` stand-in beside
 * JavaScript's built-ins (no window, document, self, require, process, timers or fetch), and every
 * `CustomFunctions.associate(id, fn)` call is recorded.
 *
 *   const bundle = loadFunctionsBundle();            // dist/functions.js (run `npm run build`)
 *   bundle.functions.get("VERSION")                  // the registered function (ids in upper case)
 *   bundle.call("VERSION")                           // call it with arguments from this realm
 *   bundle.CustomFunctions.Error / .ErrorCode        // the stand-in the bundle sees
 *   readFunctionsMetadata()                          // dist/functions.json
 */
import fs from "fs";
import path from "path";
import vm from "vm";
import { CustomFunctionsErrorStandIn, ERROR_CODES } from "./custom-functions";

export const DIST_DIR = path.resolve(__dirname, "..", "..", "dist");
export const FUNCTIONS_JS = path.join(DIST_DIR, "functions.js");
export const FUNCTIONS_JSON = path.join(DIST_DIR, "functions.json");

export { ERROR_CODES };
export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCodeValue = (typeof ERROR_CODES)[ErrorCodeName];

/** Error codes whose custom message Excel shows; for the others a message can't be used. */
export const CODES_WITH_MESSAGES: readonly string[] = [ERROR_CODES.invalidValue, ERROR_CODES.notAvailable];
/** Codes Excel accepts as custom-function inputs but not as results. */
export const INPUT_ONLY_CODES: readonly string[] = [ERROR_CODES.invalidName, ERROR_CODES.invalidReference];

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

/** True when `code` is one of CustomFunctions.ErrorCode's values. */
export function isErrorCode(code: unknown): code is ErrorCodeValue {
  return typeof code === "string" && KNOWN_CODES.has(code);
}

/**
 * The CustomFunctions.Error the bundle sees: the same class as the jest adapter tests use
 * (test/support/custom-functions.ts), so `excelError(value)` reads results from either.
 */
export const StandInError = CustomFunctionsErrorStandIn;
export type StandInError = CustomFunctionsErrorStandIn;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- custom functions take and return anything Excel can hold
export type CustomFunction = (...args: any[]) => unknown;

export interface CustomFunctionsStandIn {
  readonly Error: typeof CustomFunctionsErrorStandIn;
  readonly ErrorCode: typeof ERROR_CODES;
  associate(id: string, fn: CustomFunction): void;
  associate(mappings: Record<string, CustomFunction>): void;
}

export interface LoadedBundle {
  /** Every associated function, by id in upper case (Excel matches ids without regard to case). */
  readonly functions: ReadonlyMap<string, CustomFunction>;
  /** The stand-in the bundle saw as its global CustomFunctions. */
  readonly CustomFunctions: CustomFunctionsStandIn;
  /** The vm context the bundle ran in (its global object). */
  readonly context: vm.Context;
  /** Names of the globals the context has after loading (only "CustomFunctions" unless the bundle leaked one). */
  readonly globalNames: readonly string[];
  /** Copies nested arrays into the bundle's realm, as Excel would hand them over; other values pass unchanged. */
  toBundleRealm<T>(value: T): T;
  /** Calls the function registered as `id` with `args` copied into the bundle's realm. */
  call(id: string, ...args: unknown[]): unknown;
}

export interface LoadOptions {
  /** The script to run; dist/functions.js by default. */
  file?: string;
  /** Script text to run instead of a file (the file name is then only used in stack traces). */
  source?: string;
  /** More globals beside CustomFunctions, e.g. an `Office` mock that answers requirement-set checks. */
  globals?: Record<string, unknown>;
}

/**
 * CustomFunctions.Error as the bundle's realm would make it. Excel's CustomFunctionError calls its
 * own realm's Error, so it captures a stack only as deep as that realm's Error.stackTraceLimit
 * (which the functions set to 0 while they work a column); the stand-in class, made in this realm,
 * would otherwise take this realm's limit and capture ten frames for every error value.
 */
function standInErrorFor(context: vm.Context): typeof CustomFunctionsErrorStandIn {
  const realmError = vm.runInContext("Error", context) as ErrorConstructor;
  return class BundleRealmError extends CustomFunctionsErrorStandIn {
    constructor(code: string, message?: string) {
      const ownLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = realmError.stackTraceLimit;
      try {
        super(code, message);
      } finally {
        Error.stackTraceLimit = ownLimit;
      }
    }
  };
}

function createStandIn(registry: Map<string, CustomFunction>, ErrorClass: typeof CustomFunctionsErrorStandIn): CustomFunctionsStandIn {
  const register = (id: string, fn: CustomFunction): void => {
    if (typeof id !== "string" || id.length === 0) throw new TypeError("CustomFunctions.associate: the id must be a non-empty string");
    if (typeof fn !== "function") throw new TypeError(`CustomFunctions.associate("${id}"): the second argument must be a function`);
    const key = id.toUpperCase();
    if (registry.has(key)) throw new Error(`CustomFunctions.associate: "${id}" is associated twice`);
    registry.set(key, fn);
  };
  function associate(idOrMappings: string | Record<string, CustomFunction>, fn?: CustomFunction): void {
    if (typeof idOrMappings === "string") {
      register(idOrMappings, fn as CustomFunction);
      return;
    }
    for (const [id, mapped] of Object.entries(idOrMappings)) register(id, mapped);
  }
  return Object.freeze({ Error: ErrorClass, ErrorCode: ERROR_CODES, associate });
}

/**
 * vm's ordinary contexts put every global the script looks up (Array, Object, JSON, Math, Error,
 * CustomFunctions…) through a C++ interceptor on the sandbox object: about 0.5 µs a lookup, a
 * hundred times a real global's, where Excel's runtime has a plain global object. So a bundle run
 * there paid for its globals far more than in Excel (a one-cell HUDSON_QUOTE call looks up dozens).
 * DONT_CONTEXTIFY (Node 20.18, 22.8) makes the context's global an ordinary object, as in Excel;
 * CustomFunctions and the globals given are set on it. Older Node keeps the contextified sandbox (slower, same answers).
 */
function newContext(): vm.Context {
  // Undefined before Node 20.18 (vm.constants before 20.12): createContext(undefined) is then an empty sandbox.
  return vm.createContext((vm.constants as Partial<typeof vm.constants> | undefined)?.DONT_CONTEXTIFY);
}

/** The names every fresh context has (JavaScript's built-ins and console), left out of `globalNames`. */
const BUILT_IN_GLOBALS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(newContext()));

/** Runs the functions bundle in a DOM-less vm context and returns what it associated. */
export function loadFunctionsBundle(options: LoadOptions = {}): LoadedBundle {
  const file = options.file ?? FUNCTIONS_JS;
  let source = options.source;
  if (source === undefined) {
    if (!fs.existsSync(file)) throw new Error(`${file} does not exist: run "npm run build" (or "npm run build:addin") first`);
    source = fs.readFileSync(file, "utf8");
  }
  const registry = new Map<string, CustomFunction>();
  const context = newContext();
  const CustomFunctions = createStandIn(registry, standInErrorFor(context));
  for (const [name, value] of Object.entries({ CustomFunctions, ...options.globals })) context[name] = value;
  vm.runInContext(source, context, { filename: file });
  const BundleArray = vm.runInContext("Array", context) as ArrayConstructor;
  const toBundleRealm = <T>(value: T): T => {
    if (!Array.isArray(value)) return value;
    return BundleArray.from(value, (item: unknown) => toBundleRealm(item)) as unknown as T;
  };
  return {
    functions: registry,
    CustomFunctions,
    context,
    globalNames: Object.getOwnPropertyNames(context).filter((name) => !BUILT_IN_GLOBALS.has(name)),
    toBundleRealm,
    call(id: string, ...args: unknown[]): unknown {
      const fn = registry.get(id.toUpperCase());
      if (!fn) throw new Error(`No custom function is associated with the id "${id}"`);
      return fn(...args.map((arg) => toBundleRealm(arg)));
    },
  };
}

/** One parameter as custom-functions-metadata writes it to functions.json. */
export interface ParameterMetadata {
  name: string;
  description?: string;
  type?: "number" | "string" | "boolean" | "any";
  dimensionality?: "scalar" | "matrix";
  optional?: boolean;
  repeating?: boolean;
}

/** One function in functions.json. */
export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: ParameterMetadata[];
  result: { type?: ParameterMetadata["type"]; dimensionality?: "scalar" | "matrix" };
  options?: {
    volatile?: boolean;
    stream?: boolean;
    cancelable?: boolean;
    requiresAddress?: boolean;
    requiresParameterAddresses?: boolean;
  };
}

export interface FunctionsMetadata {
  allowCustomDataForDataTypeAny?: boolean;
  functions: FunctionMetadata[];
}

/** dist/functions.json (or another metadata file), parsed. */
export function readFunctionsMetadata(file: string = FUNCTIONS_JSON): FunctionsMetadata {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist: run "npm run build" (or "npm run build:addin") first`);
  const metadata = JSON.parse(fs.readFileSync(file, "utf8")) as FunctionsMetadata;
  if (!Array.isArray(metadata.functions)) throw new Error(`${file} has no "functions" list`);
  return metadata;
}
