// @ts-check
// The one webpack + Module Federation config factory: a remote's or the shell's config is a few
// lines that call createConfig.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const { compressedCopies } = require('./precompress');

const repoRoot = path.resolve(__dirname, '../..');

/** @param {string} name */
function versionOf(name) {
  const pkg = require(path.join(packageDir(name), 'package.json'));
  return `^${pkg.version}`;
}

/** Where a package is installed, seen from the app being built. */
function packageDir(
  /** @type {string} */ name,
  /** @type {string[]} */ from = [__dirname, repoRoot, process.cwd()],
) {
  try {
    return path.dirname(require.resolve(`${name}/package.json`, { paths: from }));
  } catch {
    // A package whose exports leave out its package.json: up from the entry `require` finds to
    // the package.json naming it (a build folder may hold one of its own, `{"type": "module"}`).
    const entry = require.resolve(name, { paths: from });
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (fs.existsSync(manifest) && require(manifest).name === name) return dir;
    }
    throw new Error(`No package.json names ${name} above ${entry}`);
  }
}

/**
 * A company setting of the brand as the platform ships it (api/seeds/company-settings.json, which
 * the API loads on every start): the shell's pages rendered at build time show it, so the page
 * drawn before any script runs already holds, say, the phone number the footer shows.
 * @param {string} brand @param {string} key @returns {string | null}
 */
function shippedCompanySetting(brand, key) {
  const file = path.join(repoRoot, 'api/seeds/company-settings.json');
  /** @type {{ tenant: string, key: string, value: string }[]} */
  const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  return settings.find((setting) => setting.tenant === brand && setting.key === key)?.value ?? null;
}

/** What the shell's code knows of its brand at build time, beside `__BRAND__`.
 *  @param {string} brand */
function shellBuildConstants(brand) {
  return {
    __CONTACT_NUMBER__: JSON.stringify(shippedCompanySetting(brand, 'contactNumber')),
  };
}

/** The packages the thin modules (src/thin) import under names of their own: the router that
 *  react-router-dom re-exports (not a dependency here), and rxjs itself (importing `rxjs` there
 *  would consume the very share the module provides). */
function thinModuleAliases() {
  return {
    'react-router': packageDir('react-router', [packageDir('react-router-dom')]),
    'rxjs-package': packageDir('rxjs'),
  };
}

/**
 * Shared as singletons: one instance of each in the page, whoever loads first provides it.
 * Chakra and Emotion's styling engine travel inside @lending/ui (the only package that imports
 * Chakra), so the page holds one tree-shaken copy instead of the whole library.
 */
/** @returns {Record<string, { singleton: boolean, requiredVersion: string | false, strictVersion?: boolean, import?: string, version?: string }>} */
function sharedSingletons() {
  const entry = (/** @type {string} */ pkg, /** @type {string} */ versionPkg = pkg) => ({
    singleton: true,
    requiredVersion: versionOf(versionPkg),
  });
  // The platform's own packages are a contract between the shell and each remote: a remote built
  // against a platform the page does not serve (another minor while at 0.x, another major after)
  // does not start on it. The federation runtime refuses it (strict), and the orchestrator fences
  // it like a remote that failed to load, rather than running it on a copy it was not built for.
  const platform = (/** @type {string} */ pkg) => ({
    singleton: true,
    requiredVersion: versionOf(pkg),
    strictVersion: true,
    // Stated: a subpath entry (`@lending/ui/forms`) has no package.json of its own to read it from.
    version: versionOf(pkg).slice(1),
  });
  return {
    react: entry('react'),
    'react/jsx-runtime': entry('react/jsx-runtime', 'react'),
    'react-dom': entry('react-dom'),
    'react-dom/client': entry('react-dom/client', 'react-dom'),
    // Shared through a thin module of the exports the product uses: a shared module is never
    // tree-shaken, so sharing the package itself put all of it in every page.
    'react-router-dom': {
      ...entry('react-router-dom'),
      import: path.join(__dirname, 'src/thin/router.mjs'),
      version: versionOf('react-router-dom').slice(1),
    },
    rxjs: {
      ...entry('rxjs'),
      import: path.join(__dirname, 'src/thin/rxjs.mjs'),
      version: versionOf('rxjs').slice(1),
    },
    'rxjs/operators': entry('rxjs/operators', 'rxjs'),
    i18next: entry('i18next'),
    '@emotion/react': entry('@emotion/react'),
    // @lending/ui's form fields read the form through formik's React context: the remotes' forms
    // must create that context from the very same copy, or every field throws.
    formik: entry('formik'),
    '@lending/platform': platform('@lending/platform'),
    // Its own entry (with the query library inside) so only screens that load server data fetch
    // it; one copy in the page is what makes the cache one.
    '@lending/platform/query': platform('@lending/platform'),
    '@lending/ui': platform('@lending/ui'),
    // Entries of their own so a page loads them only when it shows a form (formik inside), opens
    // an overlay (dialog, drawer, menu, toast), mounts a remote (single-spa's React adapter
    // inside) or shows a screen's heavier pieces (tabs, progress, checkboxes, files, signing),
    // not with the public pages.
    '@lending/ui/forms': platform('@lending/ui'),
    '@lending/ui/overlays': platform('@lending/ui'),
    '@lending/ui/remote': platform('@lending/ui'),
    '@lending/ui/screens': platform('@lending/ui'),
  };
}

/**
 * Chakra's theme entry builds its default config from every recipe at module scope through
 * `defineConfig(...)`, a call webpack must assume has side effects, so importing any token or
 * recipe from `@chakra-ui/react/theme` kept all eighty recipes. Chakra's `define*` helpers are
 * identity functions: telling the parser so lets the recipes @lending/ui does not register drop
 * out.
 */
class PureChakraDefinitionsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const name = 'PureChakraDefinitionsPlugin';
    const chakraFile = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]/;
    const helper =
      /^define(Config|Recipe|SlotRecipe|Keyframes|GlobalStyles|Style|TextStyles|AnimationStyles|LayerStyles|Conditions)$/;
    compiler.hooks.compilation.tap(name, (_compilation, { normalModuleFactory }) => {
      /** @param {import('webpack').javascript.JavascriptParser} parser */
      const onParser = (parser) => {
        parser.hooks.isPure.for('CallExpression').tap(name, (expression) => {
          const resource = parser.state.module?.resource ?? '';
          if (!chakraFile.test(resource)) return undefined;
          /** @type {{ callee: { type: string, name?: string }, arguments: any[] }} */
          const call = /** @type {any} */ (expression);
          if (call.callee.type !== 'Identifier' || !helper.test(call.callee.name ?? '')) {
            return undefined;
          }
          return call.arguments.every(
            (argument) =>
              argument.type !== 'SpreadElement' && parser.isPure(argument, argument.range[0]),
          );
        });
      };
      for (const type of ['javascript/auto', 'javascript/esm']) {
        normalModuleFactory.hooks.parser
          .for(type)
          .tap(name, (/** @type {any} */ parser) => onParser(parser));
      }
    });
  }
}

/** What is worth sending compressed: text, above the size where compression pays. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
const MIN_COMPRESS_BYTES = 1024;

class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const name = 'PrecompressPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [file, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(file) || source.size() < MIN_COMPRESS_BYTES) continue;
            const { br, gz } = compressedCopies(source.buffer());
            compilation.emitAsset(`${file}.br`, new webpack.sources.RawSource(br));
            compilation.emitAsset(`${file}.gz`, new webpack.sources.RawSource(gz));
          }
        },
      );
    });
  }
}

/**
 * The shell's entry is named only in its page, so it can carry a content hash and be cached for
 * good like the chunks. Federation refuses `[contenthash]` in entry names, so the finished file is
 * renamed after minifying, before the page is written.
 */
class HashEntryPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const name = 'HashEntryPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime() || !chunk.name) continue;
            const file = `${chunk.name}.js`;
            const asset = compilation.getAsset(file);
            if (!asset) continue;
            const hash = crypto
              .createHash('sha256')
              .update(asset.source.buffer())
              .digest('hex')
              .slice(0, 10);
            compilation.renameAsset(file, `${chunk.name}.${hash}.js`);
          }
        },
      );
    });
  }
}

/**
 * The runtime plugin that hands the shell's federation runtime to the remotes. Federation's own
 * `provideExternalRuntime` names the plugin's CommonJS build, whose `require` chain brings the
 * CommonJS copy of the runtime beside the ES module copy the shell's bundler runtime imports: two
 * runtimes in the landing (16 KB gzip). Its ES module build reaches the same copy the shell uses.
 */
function externalRuntimeProvider() {
  const name = '@module-federation/inject-external-runtime-core-plugin';
  const dir = packageDir(name, [packageDir('@module-federation/enhanced')]);
  return path.join(dir, require(path.join(dir, 'package.json')).module);
}

/** The route prefixes and other facts the shell is told about each remote live in remotes.json;
 *  the federation name is the package folder with underscores. */
function federationName(/** @type {string} */ folder) {
  return folder.replace(/-/g, '_');
}

/**
 * @param {{
 *   dir: string,
 *   kind: 'shell' | 'remote',
 *   port: number,
 *   env?: Record<string, string | undefined>,
 *   argv?: { mode?: string },
 *   standaloneRoute?: string,
 * }} options
 * @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }}
 */
function createConfig({ dir, kind, port, env = process.env, argv = {}, standaloneRoute = '/' }) {
  const pkg = require(path.join(dir, 'package.json'));
  const folder = path.basename(dir);
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isProd = mode === 'production';
  const brand = env.BRAND || 'arkcash';
  const buildId = env.BUILD_ID || `${pkg.version}-${new Date().toISOString().slice(0, 19)}`;
  const outputDir = env.OUT_DIR ? path.resolve(env.OUT_DIR) : path.join(dir, 'dist');
  const brandsDir = path.join(repoRoot, 'brands/src');
  if (!fs.existsSync(path.join(brandsDir, brand))) {
    throw new Error(`Unknown BRAND "${brand}": expected a folder under brands/src`);
  }

  /** @type {import('webpack').Configuration['plugins']} */
  const plugins = [
    new webpack.DefinePlugin({
      __BRAND__: JSON.stringify(brand),
      __BUILD_ID__: JSON.stringify(buildId),
      __APP_NAME__: JSON.stringify(folder),
      ...(kind === 'shell' ? shellBuildConstants(brand) : {}),
    }),
    new PureChakraDefinitionsPlugin(),
  ];
  if (isProd) plugins.push(new PrecompressPlugin());
  if (isProd && kind === 'shell') plugins.push(new HashEntryPlugin());

  if (kind === 'shell') {
    plugins.push(
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        // Browser-only builds: the runtime leaves out its Node.js loading paths.
        experiments: { optimization: { target: 'web' } },
        // The shell hands its federation runtime to the remotes, so the page holds one copy, not
        // one per remote (what `provideExternalRuntime` does, with the plugin's ES module build).
        runtimePlugins: [externalRuntimeProvider()],
      }),
      new HtmlWebpackPlugin({
        template: path.join(dir, 'public/index.html'),
        favicon: fs.existsSync(path.join(brandsDir, brand, 'assets/favicon.svg'))
          ? path.join(brandsDir, brand, 'assets/favicon.svg')
          : false,
        chunks: ['main'],
        templateParameters: { brand },
      }),
    );
  } else {
    plugins.push(
      new ModuleFederationPlugin({
        name: federationName(folder),
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app/lifecycles.tsx' },
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        // Browser-only builds: the runtime leaves out its Node.js loading paths. In production
        // the remote uses the shell's federation runtime instead of carrying its own; the
        // standalone harness of development keeps one.
        experiments: { optimization: { target: 'web' }, externalRuntime: isProd },
        manifest: true,
      }),
      // The standalone harness: the remote's screens without the shell, for working on one remote.
      new HtmlWebpackPlugin({
        template: path.join(repoRoot, 'shared/build/standalone.html'),
        chunks: ['standalone'],
        filename: 'standalone.html',
        templateParameters: { title: `${folder} (standalone)`, standaloneRoute },
      }),
    );
  }

  return {
    mode,
    context: dir,
    target: 'web',
    entry:
      kind === 'shell'
        ? { main: './src/index.ts' }
        : { standalone: path.join(__dirname, 'src/standalone/index.ts') },
    devtool: isProd
      ? env.SOURCE_MAPS
        ? 'hidden-source-map'
        : false
      : 'eval-cheap-module-source-map',
    output: {
      path: outputDir,
      publicPath: kind === 'shell' ? '/' : 'auto',
      // Federation entry files cannot carry a content hash (the shell's gets one afterwards,
      // HashEntryPlugin), so only chunks are hashed here.
      filename: '[name].js',
      // Named by content alone: two chunks webpack emits with the same content (a shared module
      // reached both as a share and as a plain import) are one file the browser fetches once.
      chunkFilename: isProd ? '[contenthash:16].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: federationName(folder),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        // The shell (and a remote's standalone harness) is built per brand: only the chosen
        // tenant pack enters the bundle.
        '@brand': path.join(brandsDir, brand, 'index.ts'),
        '@remote-app': path.join(dir, 'src/app/lifecycles.tsx'),
        ...thinModuleAliases(),
      },
      // The harness lives here but resolves its imports as the app being built would.
      modules: ['node_modules', path.join(dir, 'node_modules')],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        // pdf.js's worker, started by the signing screens' document reader: copied as it ships
        // (already minified) and fetched from this origin only when a document is opened.
        { test: /pdf\.worker\.min\.mjs$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      // A module two lazily loaded entries share (the UI entries share most of the styling
      // engine) goes in one chunk of its own however small, instead of a copy in each.
      splitChunks: { minSize: 0 },
      minimize: isProd,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    plugins,
    devServer: {
      port,
      hot: false,
      historyApiFallback: kind === 'shell' ? true : { index: '/standalone.html' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { runtimeErrors: false } },
      proxy: [{ context: ['/api', '/arkcash'], target: env.API_URL || 'http://127.0.0.1:3001' }],
      // The shell in development composes the remotes' dev servers named by this manifest.
      setupMiddlewares: (
        /** @type {import('webpack-dev-server').Middleware[]} */ middlewares,
        /** @type {import('webpack-dev-server')} */ devServer,
      ) => {
        if (kind === 'shell') {
          devServer.app?.get(
            '/remotes.json',
            (
              /** @type {unknown} */ _req,
              /** @type {{ sendFile: (file: string) => void }} */ res,
            ) => {
              res.sendFile(path.join(repoRoot, 'infra/remotes/development.json'));
            },
          );
        }
        return middlewares;
      },
    },
    stats: 'errors-warnings',
  };
}

/**
 * The shell built for Node, to render its public pages to HTML at build time: no federation (the
 * shared packages are bundled in), one file, assets named as the browser build names them so the
 * markup points at the files the browser build wrote.
 * @param {{ dir: string, env?: Record<string, string | undefined> }} options
 * @returns {import('webpack').Configuration}
 */
function createPrerenderConfig({ dir, env = process.env }) {
  const folder = path.basename(dir);
  const brand = env.BRAND || 'arkcash';
  const brandsDir = path.join(repoRoot, 'brands/src');
  if (!fs.existsSync(path.join(brandsDir, brand))) {
    throw new Error(`Unknown BRAND "${brand}": expected a folder under brands/src`);
  }
  return {
    mode: 'production',
    context: dir,
    target: 'node',
    entry: { prerender: './src/prerender.tsx' },
    devtool: false,
    output: {
      path: path.join(dir, 'dist-prerender'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: { '@brand': path.join(brandsDir, brand, 'index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: false } },
                target: 'es2022',
              },
            },
          },
        },
        {
          test: /\.(svg|png|jpe?g|webp|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        __BRAND__: JSON.stringify(brand),
        __BUILD_ID__: JSON.stringify(env.BUILD_ID || 'prerender'),
        __APP_NAME__: JSON.stringify(folder),
        ...shellBuildConstants(brand),
      }),
      new PureChakraDefinitionsPlugin(),
      // Pages load lazily in the browser; here everything is at hand in the one file.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    stats: 'errors-warnings',
  };
}

module.exports = {
  createConfig,
  shippedCompanySetting,
  createPrerenderConfig,
  sharedSingletons,
  federationName,
};
