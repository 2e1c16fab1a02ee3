/**
 * The layering of DESIGN.md is held by the linter (biome.json overrides, noRestrictedImports): each case
 * lints a one-line module as if it lived at `path` and expects Biome to refuse or accept it.
 *
 * The probes never touch the source tree (another test scans it, and a run that dies would leave them
 * there): they live in a temporary project holding a copy of the repository's biome.json, at the same
 * relative paths, so the same folder overrides apply. The import rules match the specifier's text, so the
 * imported modules need not exist there.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');

let project = '';
let probes = 0;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'layer-probes-'));
  copyFileSync(join(root, 'biome.json'), join(project, 'biome.json'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Writes a probe module at `path` of the temporary project (so the folder's rules apply) and lints it. */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const ext = path.endsWith('.tsx') ? '.tsx' : '.ts';
  const relative = join(dirname(path), `__layer_probe_${probes++}${ext}`);
  mkdirSync(join(project, dirname(path)), { recursive: true });
  writeFileSync(join(project, relative), `${source}\n`);
  const result = spawnSync(biome, ['lint', '--max-diagnostics=5', relative], {
    cwd: project,
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('layers held by the linter', () => {
  it.each([
    [
      'ui/x.tsx',
      "import { cartMachine } from '../machines/cart/cart.machine';\nexport const a = cartMachine;",
    ],
    ['ui/reserve/x.tsx', "import { createApi } from '../../api';\nexport const a = createApi;"],
    ['ui/x.tsx', "import { App } from '../routes/App';\nexport const a = App;"],
    ['ui/x.tsx', "import { useSelector } from '@xstate/react';\nexport const a = useSelector;"],
    // ui/ names no file of machines/ but a flow's view.ts, not even for a type (ui-view-imports.test.ts).
    ['ui/x.tsx', "import type { S } from '../machines/cart/cart.machine';\nexport type A = S;"],
    ['ui/manage/x.tsx', "import type { R } from '../../machines/cancelFreeOrder/rules';\nexport type A = R;"],
    ['ui/x.tsx', "import type { R } from '../machines/reserve/view-helpers';\nexport type A = R;"],
    ['machines/cart/x.ts', "import { createApi } from '../../api';\nexport const a = createApi;"],
    [
      'machines/cart/x.ts',
      "import { createRequest } from '../../api/request';\nexport const a = createRequest;",
    ],
    ['machines/cart/x.ts', "import { storage } from '../../routes/storage';\nexport const a = storage;"],
    ['machines/cart/x.ts', "import { useState } from 'react';\nexport const a = useState;"],
    ['api/x.ts', "import { App } from '../routes/App';\nexport const a = App;"],
    [
      'api/x.ts',
      "import { cartMachine } from '../machines/cart/cart.machine';\nexport const a = cartMachine;",
    ],
    ['server/x.ts', "import { createApi } from '../api';\nexport const a = createApi;"],
    ['server/x.ts', "import { App } from '../routes/App';\nexport const a = App;"],
    ['server/cart/x.ts', "import { createApi } from '../../api';\nexport const a = createApi;"],
    ['server/http/x.ts', "import { App } from '../../routes/App';\nexport const a = App;"],
    ['stories/x.ts', "import { App } from '../routes/App';\nexport const a = App;"],
    ['stories/x.ts', "import { createApi } from '../api';\nexport const a = createApi;"],
    // domain/ is the pure leaves every layer shares: it imports nothing of ours but domain/.
    ['domain/x.ts', "import { createApi } from '../api';\nexport const a = createApi;"],
    ['domain/x.ts', "import type { CartModel } from '../api/models';\nexport type A = CartModel;"],
    [
      'domain/error-messages/x.ts',
      "import { cartMachine } from '../../machines/cart/cart.machine';\nexport const a = cartMachine;",
    ],
    ['domain/x.ts', "import { z } from 'zod';\nexport const a = z;"],
    ['machines/cart/x.ts', "import { cartClient } from '../../api/cart';\nexport const a = cartClient;"],
    ['server/x.ts', "import { money } from '../api/money';\nexport const a = money;"],
    // Wirings provide promise actors through routes/actors.ts (an aborted call never settles into a machine).
    ['routes/event/x.ts', "import { fromPromise } from 'xstate';\nexport const a = fromPromise;"],
  ])('refuses %s importing across the layers', (path, source) => {
    const { ok, output } = lint(path, source);
    expect(ok, output).toBe(false);
    expect(output).toContain('noRestrictedImports');
  });

  it.each([
    ['machines/cart/x.ts', "import { ErrorCode } from '../../domain/codes';\nexport const a = ErrorCode;"],
    [
      'machines/cart/x.ts',
      "import { errorMessage } from '../../domain/error-messages';\nexport const a = errorMessage;",
    ],
    ['machines/cart/x.ts', "import type { CartModel } from '../../api/models';\nexport type A = CartModel;"],
    ['machines/cart/x.ts', "import { isEmail } from '../../domain/email';\nexport const a = isEmail;"],
    [
      'machines/cart/x.ts',
      "import { GIFT_CARD_NUMBER_MAX } from '../../domain/gift-card-rule';\nexport const a = GIFT_CARD_NUMBER_MAX;",
    ],
    ['domain/error-messages/x.ts', "import { ErrorCode } from '../codes';\nexport const a = ErrorCode;"],
    ['machines/cart/x.ts', "import { dayRange } from '../../domain/zoned-day';\nexport const a = dayRange;"],
    ['server/x.ts', "import { ErrorCode } from '../domain/codes';\nexport const a = ErrorCode;"],
    ['server/x.ts', "import { mountApi } from './http/api';\nexport const a = mountApi;"],
    ['server/cart/x.ts', "import { ErrorCode } from '../../domain/codes';\nexport const a = ErrorCode;"],
    ['server/cart/x.ts', "import { modify } from './modify';\nexport const a = modify;"],
    [
      'routes/x.ts',
      "import { createApi } from '../api';\nimport { cartMachine } from '../machines/cart/cart.machine';\nexport const a = [createApi, cartMachine];",
    ],
    ['ui/x.tsx', "import { fill } from './strings';\nexport const a = fill;"],
    // The flow-to-view contract: a flow's view-model types, from machines/<flow>/view.ts.
    [
      'ui/manage/x.tsx',
      "import type { CancelFreeOrderView } from '../../machines/cancelFreeOrder/view';\nexport type A = CancelFreeOrderView;",
    ],
    [
      'ui/x.tsx',
      "import type { CodePromptView } from '../machines/reserve/core/view';\nexport type A = CodePromptView;",
    ],
    ['routes/event/x.ts', "import { fromPromise } from '../actors';\nexport const a = fromPromise;"],
    [
      'stories/x.tsx',
      "import { cartMachine } from '../machines/cart/cart.machine';\nimport { CartWidget } from '../ui/CartWidget';\nexport const a = [cartMachine, CartWidget];",
    ],
  ])('allows %s', (path, source) => {
    const { ok, output } = lint(path, source);
    expect(ok, output).toBe(true);
  });
});
