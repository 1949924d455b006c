/** Reads an encoded request back the way a server receives it: real bytes, parsed as multer would. */
import type { EncodedRequest } from '../codec';
import type { IncomingFile } from '../files';

export interface ReceivedWire {
  readonly contentType: string;
  readonly query: Record<string, string>;
  readonly fields: Record<string, string | string[]>;
  readonly files: IncomingFile[];
}

export async function receive(request: EncodedRequest): Promise<ReceivedWire> {
  const http = new Request(`http://bank.test/${request.path}${request.search}`, { method: 'POST', body: request.body });
  const contentType = http.headers.get('content-type') ?? '';
  const form = await http.formData();
  const fields: Record<string, string | string[]> = {};
  const files: IncomingFile[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      const prior = fields[key];
      fields[key] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
    } else {
      const buffer = new Uint8Array(await value.arrayBuffer());
      files.push({ fieldname: key, originalname: value.name, size: buffer.length, buffer });
    }
  }
  const query = Object.fromEntries(new URL(http.url).searchParams);
  return { contentType, query, fields, files };
}
