import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * In a process of its own (V8's flags are the process's): objects of one allocation site all
 * live through several scavenges, as the requests in flight do under load, then the same site
 * makes objects that die at once. Answers how far the old generation grew meanwhile, in MB.
 */
function oldGenerationGrowth(keepYoung: boolean): number {
  const probe = `
    const v8 = require('node:v8');
    if (${keepYoung}) require(${JSON.stringify(path.join(__dirname, 'young-garbage.ts'))}).keepRequestGarbageYoung();
    const make = (i) => ({ a: i, b: i + 1, c: null });
    const garbage = (n) => { let x = null; for (let i = 0; i < n; i++) x = [i, i]; return x; };
    const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;
    const kept = [];
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 20000; i++) kept.push(make(i));
      garbage(1000000);
    }
    kept.length = 0;
    const before = oldSpace();
    let last = null;
    for (let i = 0; i < 300000; i++) last = make(i);
    console.log(JSON.stringify({ grown: (oldSpace() - before) / 1e6, last: last.a }));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', probe], { encoding: 'utf8' });
  return (JSON.parse(output) as { grown: number }).grown;
}

/** Old-generation growth (MB) that says V8 pretenured the probe's site. */
const PRETENURED_MB = 5;

/**
 * The probe without the flag, asked up to three times: V8 pretenured the site in every run
 * alone (14.4 MB), but once, in a full suite on a loaded 2-core machine, not at all (0 MB),
 * which says nothing of the flag. A probe that never shows pretenuring still fails the test.
 */
function growthWhereV8Pretenures(): number {
  let grown = 0;
  for (let attempt = 0; attempt < 3 && grown <= PRETENURED_MB; attempt++) grown = oldGenerationGrowth(false);
  return grown;
}

describe('keepRequestGarbageYoung', () => {
  it('leaves short-lived objects in the young generation where V8 would have pretenured their site', () => {
    // Without it the 300,000 objects of the second loop go straight to the old generation (about 14 MB).
    expect(growthWhereV8Pretenures()).toBeGreaterThan(PRETENURED_MB);
    expect(oldGenerationGrowth(true)).toBeLessThan(1);
  });
});
