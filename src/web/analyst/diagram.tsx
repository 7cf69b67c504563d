/**
 * Draws a chart's Mermaid text with the Mermaid the offline page uses, fetched with this screen only,
 * then styles the arrows by their counts. A failed drawing shows the text itself, which still reads.
 */
import { useEffect, useRef, useState } from 'react';
import { styleEdges } from './chart-picture';

let drawings = 0;
const loadMermaid = async () => {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500_000, maxEdges: 2_000, flowchart: { htmlLabels: false } });
  return mermaid;
};

export function Diagram({ text, label }: { text: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void loadMermaid()
      .then((mermaid) => mermaid.render(`analyst-diagram-${++drawings}`, text))
      .then(({ svg }) => {
        if (!current || !box.current) return;
        // Mermaid's own output, sanitised by it (securityLevel strict).
        box.current.innerHTML = svg;
        const drawn = box.current.querySelector('svg');
        if (drawn) {
          styleEdges(drawn);
          // Drawn at its own size, scrolled sideways on a phone: shrunk to the screen, no label reads.
          if (drawn.style.maxWidth) drawn.style.width = drawn.style.maxWidth;
          drawn.style.maxWidth = 'none';
        }
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <figure className="analyst-diagram" aria-label={label}>
      <div ref={box} data-testid="analyst-diagram" />
      {failed && <pre className="analyst-diagram-text">{text}</pre>}
    </figure>
  );
}
