/**
 * `npm run machines:export`: writes each registered machine (machines/export/) as JSON (<id>.json, ready for
 * Stately Studio's import; implementations are named in `setup`, so the config is plain data), as Mermaid
 * `stateDiagram-v2` text (<id>.mmd) and as the story viewer's drawing (<id>.svg, laid out by elkjs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { machines } from '../machines';
import { toJsonConfig, toMermaidText } from '../stories/export';
import { machineGraph } from '../stories/graph';
import { layoutGraph } from '../stories/layout';
import { DiagramContent, svgDocumentOf } from '../stories/viewer/Diagram';

const out = join(import.meta.dirname, '..', 'machines', 'export');
mkdirSync(out, { recursive: true });
for (const [id, machine] of Object.entries(machines)) {
  const graph = machineGraph(machine);
  const layout = await layoutGraph(graph);
  const drawing = renderToStaticMarkup(
    createElement(DiagramContent, {
      graph,
      layout,
      active: new Set<string>(),
      taken: new Set<string>(),
      walked: null,
    }),
  );
  const files = {
    json: toJsonConfig(machine),
    mmd: toMermaidText(machine),
    svg: svgDocumentOf(drawing, layout, `Statechart of ${id}`),
  };
  for (const [ext, text] of Object.entries(files)) writeFileSync(join(out, `${id}.${ext}`), text);
  console.info(
    `${id} -> ${Object.keys(files)
      .map((ext) => join(out, `${id}.${ext}`))
      .join(', ')}`,
  );
}
