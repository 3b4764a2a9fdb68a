import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { CORPUS_DIR } from '../../testing/corpus';

const IMAGES = `${CORPUS_DIR}/images`;
const { server, save } = useHttpTestServer();

describe('POST /convert/images/to/pdf', () => {
  it('turns Files[0] and Files[1] into pages in that order', async () => {
    const answer = await server().convert('images/to/pdf', {}, [
      join(IMAGES, 'python.bmp'),
      join(IMAGES, 'sonic.gif'),
    ]);
    expect(answer.status).toBe(200);
    const [file] = answer.body.Files ?? [];
    expect(file?.FileName).toBe('images.pdf');
    const pdf = await save(file);
    const boxes = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '2', pdf]).toString();
    const sizes = [...boxes.matchAll(/Page\s+\d+ MediaBox:\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)/g)].map(
      (m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))],
    );
    // python.bmp is 211 x 71 px, sonic.gif 290 x 360 px, both at 72 dpi.
    expect(sizes).toEqual([
      [211, 71],
      [290, 360],
    ]);
  });

  it('answers 415 for a text file named .png, and 422 for a damaged JPEG', async () => {
    const fake = await server().convert('images/to/pdf', {}, [
      { content: 'just some words, not a picture', name: 'holiday.png' },
    ]);
    expect(fake.status).toBe(415);
    expect(fake.body.Code).toBe(4150);
    const broken = await server().convert('images/to/pdf', {}, [
      {
        content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
        name: 'cut.jpg',
      },
    ]);
    expect(broken.status).toBe(422);
    expect(broken.body.Code).toBe(5002);
  });

  it('answers 400 naming the field for a bad PageSize', async () => {
    const answer = await server().convert('images/to/pdf', { PageSize: 'b7' }, [join(IMAGES, 'sonic.gif')]);
    expect(answer.status).toBe(400);
    expect(answer.body.InvalidParameters).toHaveProperty('PageSize');
  });
});
