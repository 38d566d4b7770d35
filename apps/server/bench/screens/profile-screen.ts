import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICES, launchChromium, openAs, startScreensApp } from './screens-bench.ts';

// node --import tsx bench/screens/profile-screen.ts [phone|desktop] /sales /orders …: loads each
// screen of the screens bench's workspace once to warm the caches, then once under a Chromium
// performance trace (the CPU slowed as the device's) and prints where the page's main thread spent
// its time: self time by trace event (script, style, layout, paint, GC) and by script file, and
// the longest tasks. The trace is written to the temporary folder, to open in DevTools.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; functionName?: string } };
}

const [deviceArg, ...paths] = process.argv.slice(2);
const device = DEVICES.find((candidate) => candidate.name.startsWith(deviceArg ?? 'phone'));
if (!device || paths.length === 0) throw new Error('usage: profile-screen.ts phone|desktop /path …');

function summarise(events: TraceEvent[]) {
  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === mainThread?.pid && event.tid === mainThread.tid && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Self time: an event's duration less that of the events nested in it.
  const selfByName = new Map<string, number>();
  const selfByScript = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; end: number; script: string }> = [];
  const tasks: number[] = [];
  for (const event of onMain) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= event.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) selfByName.set(parent.event.name, (selfByName.get(parent.event.name) ?? 0) - event.dur!);
    if (parent && parent.script) selfByScript.set(parent.script, (selfByScript.get(parent.script) ?? 0) - event.dur!);
    const url = event.args?.data?.url;
    const script = url ? path.basename(url) : (parent?.script ?? '');
    selfByName.set(event.name, (selfByName.get(event.name) ?? 0) + event.dur!);
    if (script) selfByScript.set(script, (selfByScript.get(script) ?? 0) + event.dur!);
    if (event.name === 'RunTask' && !parent) tasks.push(event.dur!);
    stack.push({ event, end: event.ts + event.dur!, script });
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
  console.log(`  main thread busy ${ms(tasks.reduce((sum, us) => sum + us, 0))} in ${tasks.length} tasks; longest: ${tasks.sort((a, b) => b - a).slice(0, 5).map((us) => (us / 1000).toFixed(0)).join(', ')} ms`);
  console.log('  self time by trace event:');
  for (const [name, us] of [...selfByName].filter(([name]) => name !== 'RunTask').sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms(us)}  ${name}`);
  console.log('  self time inside scripts, by file:');
  for (const [name, us] of [...selfByScript].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${ms(us)}  ${name}`);
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The JavaScript functions with the most self time (names are readable in a build made with --minify false). */
function topFunctions(profile: CpuProfile) {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (!url && (functionName === '(idle)' || functionName === '(program)')) continue;
    const key = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (selfUs.get(node.id) ?? 0));
  }
  console.log('  JavaScript self time, top functions:');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

const app = await startScreensApp();
const browser = await launchChromium();
try {
  const page = await openAs(browser, device, app.workspace.token);
  for (const screenPath of paths) {
    await page.goto(`${app.baseUrl}${screenPath}`, { waitUntil: 'networkidle' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel'] });
    await page.goto(`${app.baseUrl}${screenPath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const trace = await browser.stopTracing();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.detach();
    const file = path.join(os.tmpdir(), `screen-trace${screenPath.replaceAll('/', '-') || '-dashboard'}-${device.name.split(' ')[0]}.json`);
    writeFileSync(file, trace);
    console.log(`\n${screenPath} as ${device.name} (trace: ${file})`);
    summarise((JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
    topFunctions(profile);
    writeFileSync(file.replace(/\.json$/, ".cpuprofile"), JSON.stringify(profile));
  }
} finally {
  await browser.close();
  await app.stop();
}
