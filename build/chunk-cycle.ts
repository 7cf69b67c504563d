/**
 * A cycle of static imports between chunks, or null. Rollup keeps module order inside a chunk, but
 * two chunks importing each other evaluate in an order where one runs its top level (a chart's
 * createMachine) before the other has defined what it uses: the app dies at start-up.
 */
export function chunkCycle(chunks: readonly { fileName: string; imports: readonly string[] }[]): string[] | null {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const next of byName.get(name)?.imports ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const chunk of chunks) {
    const found = visit(chunk.fileName);
    if (found) return found;
  }
  return null;
}
