// @ts-check
// nginx as the production edge: its configuration rendered from nginx.conf.template and the
// edge's one policy (infra/gateway/edge-policy.mjs), then nginx started on it. The edge image runs
// this file (`node infra/deploy/nginx/edge.mjs`, settings from the environment); the end-to-end
// run with EDGE=nginx and the edge tests start nginx through `startNginx`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  ceilings as readCeilings,
  EDGE_STATUSES,
  edgeAnswer,
  LARGE_BODIES,
  SMALL_BODY_BYTES,
  TIMEOUTS,
} from '../../gateway/edge-policy.mjs';
import { FILE_HEADERS, pageHeaders } from '../../gateway/page-headers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const REMOTE_NAMES = [
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
];
/** Where Debian's nginx keeps its modules and its table of file types. */
const DEBIAN = { modules: '/usr/lib/nginx/modules', mimeTypes: '/etc/nginx/mime.types' };

/**
 * @typedef {{
 *   listen: string,
 *   upstreams: string[],
 *   runDir: string,
 *   appRoot?: string,
 *   remotesFile: string,
 *   releasesDir?: string,
 *   accessLog: string,
 *   errorLog: string,
 *   trustedProxies?: string[],
 *   recaptcha?: boolean,
 *   proxySecret?: string,
 *   env?: Record<string, string | undefined>,
 * }} EdgeOptions
 *   `upstreams`: the API's `host:port`s (nginx spreads requests over them); `trustedProxies`: the
 *   addresses (CIDR) of a TLS proxy in front whose forwarded address and scheme are believed.
 */

/** A value inside a single-quoted nginx string. @param {string} text */
const quoted = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A value inside a double-quoted nginx string: `$` would start a variable. @param {string} text */
const doubleQuoted = (text) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '');

/** `/a/:b/c` as an anchored regular expression of nginx. @param {string} pattern */
const pathPattern = (pattern) =>
  `^${pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}$`;

/** The public pages rendered at build time (shell/dist/pages/pages.json), if built.
 *  @param {string} shellDir @returns {{ pages: Record<string, string>, scriptHashes: string[] }} */
function renderedPages(shellDir) {
  const file = path.join(shellDir, 'pages/pages.json');
  if (!fs.existsSync(file)) return { pages: {}, scriptHashes: [] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { pages: manifest.pages ?? {}, scriptHashes: manifest.scriptHashes ?? [] };
}

/** @param {import('../../gateway/edge-policy.mjs').EdgeStatus} status @param {string} name
 *  @param {{ tooLarge: { en: string, ms: string } }} [route] */
function answerMap(status, name, route) {
  const body = (/** @type {'en' | 'ms'} */ language) =>
    quoted(JSON.stringify(edgeAnswer(status, language, route)));
  return [
    `  map $answer_language ${name} {`,
    `    ms ${body('ms')};`,
    `    default ${body('en')};`,
    '  }',
  ].join('\n');
}

/** @param {string} [tooLarge] */
const errorPages = (tooLarge = '@too_large') => [
  `error_page 404 @not_found;`,
  `error_page 413 ${tooLarge};`,
  `error_page 429 @too_many;`,
  `error_page 502 503 = @failed;`,
  `error_page 504 @timed_out;`,
];

/**
 * The whole configuration, as text.
 * @param {EdgeOptions} options
 */
export function renderNginxConfig(options) {
  const appRoot = options.appRoot ?? repoRoot;
  const shellDir = path.join(appRoot, 'shell/dist');
  const limits = readCeilings(options.env ?? process.env);
  const { pages, scriptHashes } = renderedPages(shellDir);
  const headers = pageHeaders({
    remotesFile: options.remotesFile,
    recaptcha: options.recaptcha ?? false,
    https: false,
    scriptHashes,
  });
  // The template sets each of these by name; a header added to the shared list must be added
  // to the template too.
  const templated = [
    ...Object.keys(FILE_HEADERS),
    'content-security-policy',
    'x-frame-options',
    'permissions-policy',
  ];
  const untemplated = Object.keys(headers).filter((name) => !templated.includes(name));
  if (untemplated.length > 0) throw new Error(`nginx.conf.template lacks ${untemplated}`);

  const pageNames = Object.entries(pages)
    .filter(([pathname]) => pathname !== '/')
    .map(
      ([pathname, name]) => `    ~^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/*$ ${name};`,
    )
    .join('\n');
  const front = pages['/'];
  const frontPage = [
    '    location = / {',
    front
      ? `      try_files /pages/$page_language/${front}.html /index.html =404;`
      : '      try_files /index.html =404;',
    '    }',
  ].join('\n');

  const largeBodies = LARGE_BODIES.map((route, index) => {
    const tooLarge = `@too_large_${index}`;
    const where = route.path.includes(':') ? `~ ${pathPattern(route.path)}` : `= ${route.path}`;
    return [
      `    # ${route.what}`,
      `    location ${where} {`,
      `      client_max_body_size ${route.bytes};`,
      ...errorPages(tooLarge).map((line) => `      ${line}`),
      `      limit_req zone=api_per_address burst=${limits.apiBurst} nodelay;`,
      '      proxy_pass http://api;',
      '    }',
      `    location ${tooLarge} {`,
      '      default_type application/json;',
      `      return 413 $answer_413_${index};`,
      '    }',
    ].join('\n');
  }).join('\n');

  const remoteDirs = [
    ...REMOTE_NAMES.map((name) => ({
      prefix: `/remotes/${name}/`,
      dir: path.join(appRoot, name, 'dist'),
    })),
    ...(options.releasesDir ? [{ prefix: '/releases/', dir: options.releasesDir }] : []),
  ];
  const remoteLocations = remoteDirs
    .map(({ prefix, dir }) => `    location ${prefix} {\n      alias ${dir}/;\n    }`)
    .join('\n');

  const answerMaps = [
    ...EDGE_STATUSES.map((status) => answerMap(status, `$answer_${status}`)),
    ...LARGE_BODIES.map((route, index) => answerMap(413, `$answer_413_${index}`, route)),
  ].join('\n');

  const values = {
    modules: DEBIAN.modules,
    mime_types: DEBIAN.mimeTypes,
    run: options.runDir,
    error_log: options.errorLog,
    access_log: options.accessLog,
    header_seconds: TIMEOUTS.headerSeconds,
    body_idle_seconds: TIMEOUTS.bodyIdleSeconds,
    keep_alive_seconds: TIMEOUTS.keepAliveSeconds,
    upstream_connect_seconds: TIMEOUTS.upstreamConnectSeconds,
    upstream_answer_seconds: TIMEOUTS.upstreamAnswerSeconds,
    small_body_bytes: SMALL_BODY_BYTES,
    api_requests_per_second: limits.apiRequestsPerSecond,
    api_burst: limits.apiBurst,
    connections_per_address: limits.connectionsPerAddress,
    edge_rules: path.join(repoRoot, 'infra/gateway/edge-rules.js'),
    page_policy: doubleQuoted(String(headers['content-security-policy'])),
    page_permissions: doubleQuoted(String(headers['permissions-policy'])),
    page_names: pageNames,
    answer_maps: answerMaps,
    proxy_secret: options.proxySecret
      ? `    proxy_set_header X-Proxy-Secret "${doubleQuoted(options.proxySecret)}";`
      : '    proxy_set_header X-Proxy-Secret "";',
    error_pages: errorPages()
      .map((line) => `    ${line}`)
      .join('\n'),
    listen: options.listen,
    shell_dir: shellDir,
    remotes_file: options.remotesFile,
    large_body_locations: largeBodies,
    remote_locations: remoteLocations,
    front_page: frontPage,
  };
  const template = fs.readFileSync(path.join(here, 'nginx.conf.template'), 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (_match, /** @type {string} */ name) => {
    if (!(name in values)) throw new Error(`nginx.conf.template: nothing to put in {{${name}}}`);
    return String(values[/** @type {keyof typeof values} */ (name)]);
  });
}

/**
 * Writes the configuration and what it includes into `runDir`.
 * @param {EdgeOptions} options @returns {string} the configuration file
 */
export function writeNginxConfig(options) {
  fs.mkdirSync(options.runDir, { recursive: true });
  const file = path.join(options.runDir, 'nginx.conf');
  // Holds the proxy secret when there is one.
  fs.writeFileSync(file, renderNginxConfig(options), { mode: 0o600 });
  fs.writeFileSync(
    path.join(options.runDir, 'upstreams.conf'),
    options.upstreams.map((server) => `server ${server};\n`).join(''),
  );
  const proxies = options.trustedProxies ?? [];
  fs.writeFileSync(
    path.join(options.runDir, 'trusted-proxies.conf'),
    proxies.map((cidr) => `set_real_ip_from ${cidr};\n`).join(''),
  );
  fs.writeFileSync(
    path.join(options.runDir, 'trusted-proxies.geo'),
    proxies.map((cidr) => `${cidr} 1;\n`).join(''),
  );
  return file;
}

/** The nginx program, or a clear refusal: nginx is needed like Chromium is. */
export function findNginx() {
  const probe = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  const modules = ['ngx_http_js_module.so', 'ngx_http_brotli_static_module.so'];
  const missing = modules.filter((name) => !fs.existsSync(path.join(DEBIAN.modules, name)));
  if (probe.status !== 0 || missing.length > 0) {
    throw new Error(
      'nginx with its JavaScript and brotli modules is needed (Debian/Ubuntu: apt-get install ' +
        'nginx libnginx-mod-http-js libnginx-mod-http-brotli-static)',
    );
  }
  return 'nginx';
}

/** @param {number} port @param {string} host @param {number} timeoutMs */
async function waitForPort(port, host, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${host}:${port} within ${timeoutMs} ms`);
}

/**
 * Starts nginx on a rendered configuration; resolves once it listens.
 * @param {EdgeOptions & { port: number, host?: string }} options
 */
export async function startNginx(options) {
  const nginx = findNginx();
  fs.mkdirSync(options.runDir, { recursive: true });
  // Run by root, nginx's workers run as nobody: they must reach what the folder holds.
  if (process.getuid?.() === 0) fs.chmodSync(options.runDir, 0o755);
  const file = writeNginxConfig(options);
  const child = spawn(
    nginx,
    ['-p', options.runDir, '-c', file, '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((_resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`nginx stopped while starting (exit ${code})`)));
  });
  await Promise.race([waitForPort(options.port, options.host ?? '127.0.0.1', 15_000), exited]);
  exited.catch(() => {});
  return {
    pid: child.pid,
    /** Resolves with nginx's exit code once it stops. */
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1))),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      // QUIT: finish what is being answered, then stop.
      child.kill('SIGQUIT');
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await stopped;
      clearTimeout(late);
    },
  };
}

/** The edge image: settings from the environment, logs to the container's output. */
async function main() {
  const env = process.env;
  const upstreams = (env.API_UPSTREAMS ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (upstreams.length === 0 || upstreams.some((server) => !/^[\w.-]+:\d+$/.test(server))) {
    throw new Error('API_UPSTREAMS is required: the API as host:port, comma-separated');
  }
  const port = Number(env.PORT ?? 8080);
  const edge = await startNginx({
    port,
    listen: String(port),
    host: '127.0.0.1',
    upstreams,
    runDir: env.EDGE_RUN_DIR ?? '/run/edge',
    remotesFile: env.REMOTES_FILE ?? path.join(repoRoot, 'infra/remotes/production.json'),
    ...(env.RELEASES_DIR ? { releasesDir: env.RELEASES_DIR } : {}),
    accessLog: '/dev/stdout',
    errorLog: '/dev/stderr',
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').filter(Boolean),
    recaptcha: env.CAPTCHA_PROVIDER === 'recaptcha-v2',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void edge.stop().then(() => process.exit(0)));
  }
  process.exit(await edge.exited);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
