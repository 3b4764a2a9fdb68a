/**
 * /metrics tells sent inputs from references: a result handed to the next tool as its FileId
 * ("Continue with another tool") counts as a reference, never as a second upload.
 */
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../testing';
import { corpusFile } from '../testing/pdf-tools';
import { linearizeConverter } from '../testing/pipeline-converters';

const { server } = useHttpTestServer({ converters: [linearizeConverter] });

async function inputs(): Promise<{ sent: number; reference: number }> {
  const text = await (await fetch(`${server().apiUrl}/metrics`)).text();
  const read = (source: string) =>
    Number(text.match(new RegExp(`docstudio_input_files_total\\{source="${source}"\\} (\\d+)`))?.[1] ?? 0);
  return { sent: read('sent'), reference: read('reference') };
}

describe('input file metrics', () => {
  it('counts the uploaded bytes as sent and a FileId of an earlier result as a reference', async () => {
    const first = await server().convert('test/to/linearize', {}, [corpusFile('pdf/crazyones.pdf')]);
    expect(first.status).toBe(200);
    expect(await inputs()).toEqual({ sent: 1, reference: 0 });

    const fileId = first.body.Files?.[0]?.FileId ?? '';
    const next = await server().convert('test/to/linearize', { File: fileId });
    expect(next.status).toBe(200);
    expect(await inputs()).toEqual({ sent: 1, reference: 1 });
  });
});
