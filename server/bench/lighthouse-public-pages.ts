import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { generateReport, type Result, type Trace } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { demoConsultantProfilePath, withDemoServer } from './demo-server.ts';
import { MIN_TASK_MS, mainThreadTime, type WallAndCpu } from './main-thread-time.ts';
import type { Aim, Measurement, Row } from './measurement.ts';

/**
 * LH1: Lighthouse's scores of the public pages (rule 22) — the landing page and the demo
 * consultant's public profile — with its mobile profile and simulated throttling (its defaults),
 * cold: every run is a new Debian Chromium with a new profile. Aims: performance ≥ 98,
 * accessibility, best practices and SEO 100, first contentful paint ≤ 1.2 s. Each page is run
 * `BENCH_LIGHTHOUSE_RUNS` times (3) and Lighthouse's own median run is kept; under a category's
 * 100 the notes name the audits that cost points and the elements they point at, and
 * `BENCH_LIGHTHOUSE_REPORTS=<dir>` keeps each page's whole report there. A calibration page of
 * one heading and one paragraph is run the same way, for what this machine lets any page score.
 * Needs the built portal (`npm run build`) and starts its own server with the demo seed.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** A folder for each page's median report (`<page>.report.html` and `.json`), if set. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The least score of each category (0–100) that meets the aim. */
const SCORE_AIMS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const FCP_AIM_MS = 1200;
/** Tries of one run before a failed recording fails the measurement. */
const ATTEMPTS = 3;
/** Elements named per failing audit in the notes. */
const ELEMENTS_SHOWN = 3;

interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/**
 * Debian's Chromium, headless, on a free DevTools port with a new profile (cold cache and
 * storage); the port is read from the `DevToolsActivePort` file Chromium writes in its profile.
 */
async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'fm-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // A missing browser is an 'error' event: kept, and thrown below instead of ending the process
  // (and leaving the demo server running).
  let failed: Error | null = null;
  child.once('error', (error) => {
    failed = error;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (failed) {
      rmSync(profile, { recursive: true, force: true });
      throw new Error(
        `${CHROMIUM} did not start (${(failed as Error).message}): install Debian's chromium or set CHROMIUM_PATH`,
      );
    }
    try {
      const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0) return { port, stop };
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${CHROMIUM} opened no DevTools port in 30 s`);
}

/** A run's report, and the trace of the page's load it was computed from. */
interface Run {
  lhr: Result;
  trace: Trace;
}

/** One cold Lighthouse run of `url` in a Chromium of its own. */
async function lighthouseRun(url: string): Promise<Run> {
  const chromium = await launchChromium();
  try {
    const answer = await lighthouse(url, {
      port: chromium.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr, artifacts } = answer;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    return { lhr, trace: artifacts.Trace };
  } finally {
    await chromium.stop();
  }
}

/**
 * A cold run, tried again (up to `ATTEMPTS` in all) when Lighthouse reports a failed recording
 * (`NO_NAVSTART`, `NO_FCP` …): its own advice for those is to run again.
 */
async function lighthouseRunTried(url: string, log: (message: string) => void): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      log(`LH1: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

/** `RUNS` cold runs of `url`, and the median one (Lighthouse's `computeMedianRun`). */
async function runsOf(url: string, label: string, log: (message: string) => void) {
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i += 1) {
    log(`LH1: ${label}, run ${i} of ${RUNS}`);
    runs.push(await lighthouseRunTried(url, log));
  }
  const reports = runs.map((run) => run.lhr);
  const median = computeMedianRun(reports);
  return { reports, median, trace: runs.find((run) => run.lhr === median)?.trace };
}

/**
 * The machine's own ceiling for LH1: a page of one heading and one paragraph, served by the bench
 * from memory. What it scores, no page with more on it can be expected to beat on this machine.
 */
const CALIBRATION_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Calibration</title><meta name="description" content="A page of one heading and one paragraph."></head>
<body><h1>Calibration</h1><p>One heading and one paragraph, for the machine's own ceiling.</p></body></html>`;

/** Runs `use` with the URL of the calibration page, served while it runs. */
async function withCalibrationPage<T>(use: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(CALIBRATION_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** An audit's figure (its `numericValue`), or NaN when it has none. */
const figure = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** A category's score on Lighthouse's 0–100 scale (0 when it could not be scored). */
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

type AuditDetails = Result['audits'][string]['details'];

/** The elements (or, for requests, the URLs) an audit's table names, as Lighthouse labels them. */
function elementsOf(details: AuditDetails): string[] {
  if (details?.type !== 'table' && details?.type !== 'opportunity') return [];
  const found: string[] = [];
  for (const { node, url } of details.items) {
    if (typeof node === 'object' && node !== null && 'type' in node && node.type === 'node') {
      const label = [node.selector, node.snippet].filter((part) => part).join(' ');
      if (label !== '') found.push(label);
    } else if (typeof url === 'string' && url !== '') {
      found.push(url);
    }
  }
  return found;
}

/** One line per audit of the category that did not score full marks, with what it names. */
function auditsBelowFull(lhr: Result, categoryId: string): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const failed =
      audit.scoreDisplayMode === 'error' ||
      (audit.score !== null && audit.score < 1 && (ref.weight > 0 || categoryId === 'performance'));
    if (!failed) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    const error = audit.errorMessage ? ` error: ${audit.errorMessage}` : '';
    const elements = elementsOf(audit.details);
    const shown = elements.slice(0, ELEMENTS_SHOWN).join(' | ');
    const more = elements.length > ELEMENTS_SHOWN ? ` … +${elements.length - ELEMENTS_SHOWN}` : '';
    lines.push(
      `${audit.id}: ${audit.title}${value}${error}${shown ? ` — ${shown}${more}` : ''}`.replace(
        /\s+/g,
        ' ',
      ),
    );
  }
  return lines;
}

const ms = (n: number) => `${Math.round(n)} ms`;

export const lh1LighthousePublicPages: Measurement = {
  id: 'LH1',
  title: 'Lighthouse of the public pages, mobile profile, cold',
  run: (ctx) =>
    withDemoServer(async (server) => {
      const aims: Aim[] = [];
      const rows: Row[] = [];
      const notes: string[] = [];
      let version = '';
      const pages = [
        { name: 'landing', path: '/' },
        { name: 'consultant profile', path: await demoConsultantProfilePath(server.url) },
      ];
      // The server's first answers (code paths compiled, database pages read) are its start.
      for (const { path } of pages) {
        for (let i = 0; i < 3; i += 1) await (await fetch(server.url + path)).text();
      }
      for (const { name, path } of pages) {
        const {
          reports,
          median: lhr,
          trace,
        } = await runsOf(server.url + path, `${name} (${path})`, ctx.log);
        version = lhr.lighthouseVersion;
        if (REPORTS_DIR) {
          mkdirSync(REPORTS_DIR, { recursive: true });
          const file = join(REPORTS_DIR, name.replace(/\W+/g, '-'));
          writeFileSync(`${file}.report.html`, generateReport(lhr, 'html'));
          writeFileSync(`${file}.report.json`, generateReport(lhr, 'json'));
          ctx.log(`LH1: ${name}'s report in ${file}.report.html`);
        }
        const fcp = figure(lhr, 'first-contentful-paint');
        const metrics = `FCP ${ms(fcp)}, LCP ${ms(figure(lhr, 'largest-contentful-paint'))}, CLS ${figure(lhr, 'cumulative-layout-shift').toFixed(3)}, TBT ${ms(figure(lhr, 'total-blocking-time'))}, SI ${ms(figure(lhr, 'speed-index'))}`;
        const spread = CATEGORIES.map(
          (c) => `${c} ${reports.map((r) => score(r, c)).join('/')}`,
        ).join(', ');
        for (const category of CATEGORIES) {
          aims.push({
            id: 'LH1',
            label: `${name} ${lhr.categories[category]?.title ?? category}`,
            measured: score(lhr, category),
            aim: SCORE_AIMS[category],
            kind: 'min',
            unit: '',
            ...(category === 'performance' ? { detail: metrics } : {}),
          });
          if (score(lhr, category) < 100) {
            for (const line of auditsBelowFull(lhr, category)) {
              notes.push(`LH1 ${name} ${category}: ${line}`);
            }
          }
        }
        aims.push({
          id: 'LH1',
          label: `${name} first contentful paint`,
          measured: Math.round(fcp),
          aim: FCP_AIM_MS,
          kind: 'max',
          unit: 'ms',
          detail: 'Lighthouse, simulated throttling (slow 4G, 4× CPU)',
        });
        rows.push({ scenario: `${name} (${path})`, clients: 'phone' });
        // Simulated throttling scales the CPU time seen here: a busy machine lowers the scores.
        const cpu = reports.map((r) => Math.round(r.environment.benchmarkIndex)).join('/');
        notes.push(
          `LH1 ${name}: scores of the ${RUNS} runs: ${spread}; Lighthouse's CPU benchmark index ${cpu}`,
        );
        // The simulation scales wall time: time a task spent waiting (on the browser process, or
        // for a core) costs points as if it were the page's work.
        const time = trace ? mainThreadTime(trace) : null;
        if (time) {
          const onCpu = ({ wallMs, cpuMs }: WallAndCpu) =>
            `${ms(wallMs)}, ${ms(cpuMs)} of it on the CPU`;
          notes.push(
            `LH1 ${name}: the median run's main thread, unthrottled, in ${time.tasks} tasks of ${MIN_TASK_MS} ms or more: ${onCpu(time)}; the longest ${onCpu(time.longest)}`,
          );
        }
        for (const warning of new Set(lhr.runWarnings))
          notes.push(`LH1 ${name} warning: ${warning}`);
      }
      const ceiling = await withCalibrationPage((url) => runsOf(url, 'calibration page', ctx.log));
      notes.push(
        `LH1 calibration: a page of one heading and one paragraph scores performance ${ceiling.reports.map((r) => score(r, 'performance')).join('/')} on this machine (median run ${score(ceiling.median, 'performance')}, TBT ${ms(figure(ceiling.median, 'total-blocking-time'))}): the aims above cannot be told met where it scores below them`,
      );
      notes.push(
        `LH1: Lighthouse ${version} defaults (mobile form factor, simulated throttling), each run in a new headless Chromium profile; the median run (Lighthouse's computeMedianRun) of ${RUNS} per page.`,
      );
      return { aims, rows, notes };
    }),
};
