import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A PDF as a person sees it and a copy-paste reads it: each page drawn to a PNG, and its text. */
export interface ReadPdf {
  pages: { text: string; png: string }[];
  text: string;
}

/**
 * Draws a PDF with pdf.js (from its own embedded fonts, never the machine's) in a Node process of its own
 * (render-pdf.mjs: pdf.js is ES modules only), writing `<pngPrefix>-<page>.png`.
 */
export async function readPdf(bytes: Buffer, pngPrefix = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-pdf-')), 'page')): Promise<ReadPdf> {
  fs.mkdirSync(path.dirname(pngPrefix), { recursive: true });
  const input = `${pngPrefix}.pdf`;
  fs.writeFileSync(input, bytes);
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, 'render-pdf.mjs'), input, pngPrefix], { maxBuffer: 16 * 1024 * 1024 });
  const { pages } = JSON.parse(stdout) as { pages: ReadPdf['pages'] };
  return { pages, text: pages.map((page) => page.text).join('\n') };
}
