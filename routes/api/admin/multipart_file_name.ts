/**
 * The file name a browser gave a multipart part, read from the part's own Content-Disposition header.
 *
 * Why not `File.name`: Deno's form-data parser (2.9) cuts a quoted filename at its first `=`, so
 * `filename="Mia=final.mp3"` comes back as `"Mia` — quote included. Browsers write the name quoted,
 * with `"` as `%22` and line breaks as `%0A`/`%0D` (the HTML form-data encoding), which is all this
 * needs to undo. Returns null when the part or its filename cannot be found; the caller then keeps
 * the parser's name.
 */
export function multipartFileName(body: Uint8Array, contentType: string, field: string): string | null {
  const boundary = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  // Part headers sit at the start of their part; the file's bytes after them are never decoded.
  const head = new TextDecoder().decode(body.subarray(0, HEADER_WINDOW_BYTES));
  for (const part of head.split(delimiter).slice(1)) {
    const headers = part.split("\r\n\r\n", 1)[0];
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== field) continue;
    const fileName = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    return fileName === undefined ? null : fileName.replace(/%22/g, '"').replace(/%0A|%0D/gi, "");
  }
  return null;
}

/** Enough for the form's other fields and the file part's headers; a song's bytes come after. */
const HEADER_WINDOW_BYTES = 16 * 1024;
