/**
 * JSON request bodies, in the provider's shape and flat:
 *
 *   {"Parameters": [{"Name": "File", "FileValue": {"Id": "…"}},
 *                   {"Name": "Files", "FileValues": [{"Url": "…"}, {"Name": "a.pdf", "Data": "<base64>"}]},
 *                   {"Name": "RotatePage", "Value": 90}]}
 *   {"File": "<FileId>", "RotatePage": 90}
 *
 * become the same entries a multipart or urlencoded form gives: text values as the form would carry
 * them (numbers as written, booleans 'true'/'false'), a FileValue's Id or Url as the field's text, and
 * base64 Data as a file of its own.
 */
import { invalidParameters } from '../contract/errors';

/**
 * Parsed (JSON and urlencoded) bodies on convert and workflow runs: base64 `Data` is in the heap while
 * parsed, so it is bounded well below the tools' file limits (about 24 MB of file). Larger files go
 * multipart, as a raw body, or through POST /upload and a FileId.
 */
export const PARSED_BODY_LIMIT = 32 * 1024 * 1024;

export type BodyEntry =
  | { name: string; value: string }
  | { name: string; file: { fileName: string; data: Buffer } };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A property in any case: clients write `Id`, `id` or `ID`. */
function property(object: Json, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

/** What a form field would carry; undefined for null (no value). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function decodeBase64(text: string, where: string): Buffer {
  // A data: URL prefix is how browsers hand file contents over; the rest is the base64 itself.
  const bare = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!BASE64.test(bare)) throw invalidParameters({ [where]: [`${where} must be base64 encoded.`] });
  return Buffer.from(bare, 'base64');
}

/** One FileValue: {Id}, {Url} or {Name, Data}; a plain string is taken as a FileId or Url. */
function fileValueEntry(name: string, value: unknown, where: string): BodyEntry {
  const text = scalarText(value);
  if (text !== undefined) return { name, value: text };
  if (isObject(value)) {
    const id = property(value, 'Id');
    const url = property(value, 'Url');
    const data = property(value, 'Data');
    if (typeof id === 'string' && id.trim()) return { name, value: id };
    if (typeof url === 'string' && url.trim()) return { name, value: url };
    if (typeof data === 'string') {
      const fileName = property(value, 'Name');
      return {
        name,
        file: {
          fileName: typeof fileName === 'string' ? fileName : '',
          data: decodeBase64(data, `${where}.Data`),
        },
      };
    }
  }
  throw invalidParameters({ [where]: [`${where} must have an Id, a Url, or a Name and base64 Data.`] });
}

function fileValuesEntries(name: string, values: unknown, where: string): BodyEntry[] {
  if (!Array.isArray(values)) throw invalidParameters({ [where]: [`${where} must be an array.`] });
  return values.map((value, index) => fileValueEntry(name, value, `${where}[${index}]`));
}

/** One item of the provider's `Parameters` array. */
function parameterEntries(item: unknown, index: number): BodyEntry[] {
  const where = `Parameters[${index}]`;
  const name = isObject(item) ? property(item, 'Name') : undefined;
  if (!isObject(item) || typeof name !== 'string' || !name.trim())
    throw invalidParameters({ [where]: [`${where} must be an object with a Name.`] });
  const fileValue = property(item, 'FileValue');
  if (fileValue !== undefined && fileValue !== null)
    return [fileValueEntry(name, fileValue, `${where}.FileValue`)];
  const fileValues = property(item, 'FileValues');
  if (fileValues !== undefined && fileValues !== null)
    return fileValuesEntries(name, fileValues, `${where}.FileValues`);
  const value = property(item, 'Value');
  if (value === undefined || value === null) return [];
  const text = scalarText(value);
  if (text === undefined)
    throw invalidParameters({ [name]: [`${name} must be a string, a number or a boolean.`] });
  return [{ name, value: text }];
}

const isFilesName = (name: string): boolean => /^files(\[\])?$/i.test(name.trim());
const isFileName = (name: string): boolean => /^file$|^files\[\d{1,4}\]$/i.test(name.trim());

/** The entries of a parsed JSON body (provider shape, flat, or both), in order. */
export function jsonBodyEntries(body: Json): BodyEntry[] {
  const entries: BodyEntry[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (name.toLowerCase() === 'parameters' && Array.isArray(value)) {
      value.forEach((item, index) => {
        entries.push(...parameterEntries(item, index));
      });
    } else if (isFilesName(name)) {
      entries.push(
        ...(Array.isArray(value)
          ? fileValuesEntries(name, value, name)
          : [fileValueEntry(name, value, name)]),
      );
    } else if (isFileName(name)) {
      entries.push(fileValueEntry(name, value, name));
    } else {
      const text = scalarText(value);
      // Other structured values go through as JSON text, as before; the tool's checks judge them.
      entries.push({ name, value: text ?? JSON.stringify(value) });
    }
  }
  return entries;
}
