/** Reads an encoded request back the way a server receives it: real bytes, parsed as multer would. */
import { receiveForm, type EncodedRequest, type ReceivedForm } from '../codec';

export interface ReceivedWire extends ReceivedForm {
  readonly contentType: string;
  readonly query: Record<string, string>;
}

export async function receive(request: EncodedRequest): Promise<ReceivedWire> {
  const http = new Request(`http://bank.test/${request.path}${request.search}`, { method: 'POST', body: request.body });
  const contentType = http.headers.get('content-type') ?? '';
  const { fields, files } = await receiveForm(await http.formData());
  const query = Object.fromEntries(new URL(http.url).searchParams);
  return { contentType, query, fields, files };
}
