// @ts-check
/**
 * Playwright's JSON report, read once for the scripts that read it (test-failures.mjs, test-times.mjs): every test
 * of every spec, with the spec (file, line, title) and the titles of the describe blocks around it.
 * @param {any} report
 * @returns {{ spec: any, test: any, titles: string[] }[]}
 */
export function playwrightTests(report) {
  const out = [];
  const walk = (suite, titles, file) => {
    // A file's own suite is titled with the file's name: it is no describe block.
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    const at = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        out.push({ spec: { ...spec, file: spec.file ?? at }, test, titles: here });
    for (const child of suite.suites ?? []) walk(child, here, at);
  };
  for (const suite of report?.suites ?? []) walk(suite, [], suite.file);
  return out;
}
