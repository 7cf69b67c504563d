/** A CSV text (RFC 4180: quoted fields, doubled quotes, CRLF rows) as rows of fields, for tests to read exports with. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else if (c === '\n') throw new Error(`A bare line feed in an unquoted field at ${i}`);
    else field += c;
  }
  if (quoted) throw new Error('An unclosed quote');
  if (field !== '' || row.length > 0) throw new Error('The last row does not end with CRLF');
  return rows;
}
