/**
 * The admin lists as CSV for a spreadsheet: UTF-8 with a byte-order mark (so Excel shows Hindi and
 * Gujarati names), money in rupees with two decimals, times in India's time as ISO 8601 with its
 * offset, and every page of the list streamed as it is read: the server holds one page at a time,
 * however long the list.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const BOM = '\uFEFF';
const INDIA_OFFSET_MS = 5.5 * 3_600_000;

export type Cell = string | number | null | undefined;

/**
 * One field: quoted when it holds a comma, quote or line break; a text a spreadsheet would take for a
 * formula (=, +, -, @ first) starts with an apostrophe, so a name typed by a farmer is never run.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** Paisa → rupees with two decimals (12345 → "123.45"), exact for any integer paisa. */
export function rupees(paisa: number): string {
  const whole = Math.trunc(paisa / 100);
  const rest = Math.abs(paisa % 100);
  return `${paisa < 0 && whole === 0 ? '-' : ''}${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** An instant (ISO 8601 UTC, as the API writes it) in India's time: `2026-01-15T17:30:00.000+05:30`. */
export function indiaTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return `${new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, -1)}+05:30`;
}

/** One page of a list as CSV rows, and the cursor where the list continues (null at its end). */
export interface CsvPage {
  rows: Cell[][];
  nextCursor: string | null;
}

/**
 * Sends `header` and then every page `readPage` reads, from the first cursor to the last: a page is
 * read only when the stream wants more (the socket took the last one), and becomes text at once, so
 * the server holds one page's text at a time however long the list. A plain Readable, no async
 * generators between the database and the socket: each page's rows are garbage as soon as its text
 * is made.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  readPage: (cursor: string | undefined) => Promise<CsvPage>,
): FastifyReply {
  let cursor: string | undefined;
  let ended = false;
  let text = BOM + csvRow(header);
  const stream = new Readable({
    read() {
      if (ended) return;
      readPage(cursor).then(
        (page) => {
          for (const row of page.rows) text += csvRow(row);
          const chunk = text;
          text = '';
          ended = page.nextCursor === null;
          cursor = page.nextCursor ?? undefined;
          this.push(chunk);
          if (ended) this.push(null);
        },
        // Half a file must not look whole: the download breaks off.
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}
