// Reads a PDF as a person and a copy-paste would: draws each page to a PNG (pdf.js, drawing on @napi-rs/canvas)
// and prints its text as JSON. A script of its own, run by `node`: pdf.js is ES modules only, which jest's
// module runtime cannot load. Usage: node render-pdf.mjs <in.pdf> <out-prefix> [scale]
//   → <out-prefix>-<page>.png for each page; stdout: {"pages":[{"text":"…","png":"…"}]}
import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const [input, prefix, scaleText = '1.5'] = process.argv.slice(2);
const scale = Number(scaleText);
// disableFontFace: the glyphs are drawn from the PDF's own embedded fonts (as paths), never from the machine's
const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(input)), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  const png = `${prefix}-${number}.png`;
  fs.writeFileSync(png, canvas.toBuffer('image/png'));
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  pages.push({ text, png });
}
process.stdout.write(JSON.stringify({ pages }));
