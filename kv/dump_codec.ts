/**
 * A lossless JSON form for what Deno KV stores, for dumps (kv/dump.ts). Plain JSON types stay as they
 * are, so a dump reads like the data; anything JSON cannot say becomes an object with one `$` key:
 *
 *   {"$bigint":"12"}  {"$u64":"3"} (Deno.KvU64)  {"$bytes":"<base64>"} (Uint8Array)
 *   {"$date":"2026-01-15T12:00:00.000Z"} (null for an invalid date)  {"$undefined":true}
 *   {"$num":"NaN"|"Infinity"|"-Infinity"|"-0"}  {"$map":[[k,v],…]}  {"$set":[…]}
 *   {"$regexp":["source","flags"]}  {"$buffer":"<base64>"} (ArrayBuffer)
 *   {"$typed":["Int16Array","<base64>"]} (other typed arrays)
 *   {"$object":{…}}: a plain object that itself has exactly one key starting with `$`, so data can
 *   never be mistaken for a tag.
 *
 * Anything else (class instances, errors, sparse arrays) is refused with the path to it rather than
 * written in a form that would come back different.
 */

class DumpCodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DumpCodecError";
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const TYPED_ARRAYS = {
  Int8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;

const isTag = (keys: string[]) => keys.length === 1 && keys[0].startsWith("$");

export function encodeValue(value: unknown, path = "value"): Json {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isFinite(value) && !Object.is(value, -0)) return value;
      return { $num: Object.is(value, -0) ? "-0" : String(value) };
    case "bigint":
      return { $bigint: value.toString() };
    case "undefined":
      return { $undefined: true };
    case "object":
      return value === null ? null : encodeObject(value, path);
    default:
      throw new DumpCodecError(`${path}: a ${typeof value} cannot be stored in KV or dumped.`);
  }
}

function encodeObject(value: object, path: string): Json {
  if (value instanceof Deno.KvU64) return { $u64: value.value.toString() };
  if (value instanceof Uint8Array) return { $bytes: value.toBase64() };
  if (value instanceof ArrayBuffer) return { $buffer: new Uint8Array(value).toBase64() };
  if (ArrayBuffer.isView(value)) {
    const name = value.constructor.name;
    if (!(name in TYPED_ARRAYS)) throw new DumpCodecError(`${path}: a ${name} cannot be dumped.`);
    return { $typed: [name, new Uint8Array(value.buffer, value.byteOffset, value.byteLength).toBase64()] };
  }
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (value instanceof RegExp) return { $regexp: [value.source, value.flags] };
  if (value instanceof Map) {
    return {
      $map: [...value].map((
        [k, v],
        i,
      ) => [encodeValue(k, `${path}<key ${i}>`), encodeValue(v, `${path}<${i}>`)]),
    };
  }
  if (value instanceof Set) return { $set: [...value].map((v, i) => encodeValue(v, `${path}<${i}>`)) };
  if (Array.isArray(value)) {
    const items: Json[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw new DumpCodecError(`${path}: a sparse array (hole at ${i}) cannot be dumped.`);
      items.push(encodeValue(value[i], `${path}[${i}]`));
    }
    return items;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new DumpCodecError(`${path}: a ${value.constructor?.name ?? "class instance"} cannot be dumped.`);
  }
  const keys = Object.keys(value);
  const encoded = Object.fromEntries(
    keys.map((key) => [key, encodeValue((value as Record<string, unknown>)[key], `${path}.${key}`)]),
  );
  return isTag(keys) ? { $object: encoded } : encoded;
}

export function decodeValue(json: unknown, path = "value"): unknown {
  if (json === null || typeof json !== "object") return json;
  if (Array.isArray(json)) return json.map((item, i) => decodeValue(item, `${path}[${i}]`));
  const keys = Object.keys(json);
  if (!isTag(keys)) return decodeEntries(json as Record<string, unknown>, path);
  return decodeTag(keys[0], (json as Record<string, unknown>)[keys[0]], path);
}

/** `Object.fromEntries` defines properties, so a stored "__proto__" key stays data. */
function decodeEntries(json: Record<string, unknown>, path: string) {
  return Object.fromEntries(
    Object.entries(json).map(([key, item]) => [key, decodeValue(item, `${path}.${key}`)]),
  );
}

function decodeTag(tag: string, body: unknown, path: string): unknown {
  const fail = (): never => {
    throw new DumpCodecError(
      `${path}: ${JSON.stringify({ [tag]: body }).slice(0, 80)} is not a valid ${tag}.`,
    );
  };
  const text = () => (typeof body === "string" ? body : fail());
  const pair =
    () => (Array.isArray(body) && body.length === 2 && body.every((s) => typeof s === "string")
      ? body as [string, string]
      : fail());
  const list = () => (Array.isArray(body) ? body : fail());
  try {
    switch (tag) {
      case "$bigint":
        return BigInt(text());
      case "$u64":
        return new Deno.KvU64(BigInt(text()));
      case "$bytes":
        return Uint8Array.fromBase64(text());
      case "$buffer":
        return Uint8Array.fromBase64(text()).buffer;
      case "$typed": {
        const [name, base64] = pair();
        if (!(name in TYPED_ARRAYS)) fail();
        return new TYPED_ARRAYS[name as TypedArrayName](Uint8Array.fromBase64(base64).buffer);
      }
      case "$date": {
        const time = body === null ? Number.NaN : Date.parse(text());
        return body !== null && Number.isNaN(time) ? fail() : new Date(time);
      }
      case "$undefined":
        return body === true ? undefined : fail();
      case "$num": {
        const special: Record<string, number> = {
          "NaN": Number.NaN,
          "Infinity": Infinity,
          "-Infinity": -Infinity,
          "-0": -0,
        };
        return text() in special ? special[text()] : fail();
      }
      case "$regexp":
        return new RegExp(...pair());
      case "$map":
        return new Map(
          list().map((item, i) => {
            if (!Array.isArray(item) || item.length !== 2) fail();
            return [decodeValue(item[0], `${path}<key ${i}>`), decodeValue(item[1], `${path}<${i}>`)];
          }),
        );
      case "$set":
        return new Set(list().map((item, i) => decodeValue(item, `${path}<${i}>`)));
      case "$object":
        return body !== null && typeof body === "object" && !Array.isArray(body)
          ? decodeEntries(body as Record<string, unknown>, path)
          : fail();
      default:
        throw new DumpCodecError(`${path}: unknown tag ${tag}.`);
    }
  } catch (error) {
    if (error instanceof DumpCodecError) throw error;
    return fail(); // BigInt("x"), a bad base64 string, a typed array of the wrong length…
  }
}

/** A key as KV takes it: every part a string, number, bigint, boolean or Uint8Array. */
export function decodeKey(json: unknown): Deno.KvKey {
  if (!Array.isArray(json)) throw new DumpCodecError("the key is not a list of parts.");
  return json.map((part, i) => {
    const decoded = decodeValue(part, `key[${i}]`);
    const ok = ["string", "number", "bigint", "boolean"].includes(typeof decoded) ||
      decoded instanceof Uint8Array;
    if (!ok) throw new DumpCodecError(`key[${i}] is not a string, number, bigint, boolean or bytes.`);
    return decoded as Deno.KvKeyPart;
  });
}

export const encodeKey = (key: Deno.KvKey): Json[] => key.map((part, i) => encodeValue(part, `key[${i}]`));
