// @ts-check
// The one webpack + Module Federation config factory: a remote's or the shell's config is a few
// lines that call createConfig.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const repoRoot = path.resolve(__dirname, '../..');

/** @param {string} name */
function versionOf(name) {
  const pkg = require(require.resolve(`${name}/package.json`, { paths: [__dirname, repoRoot] }));
  return `^${pkg.version}`;
}

/**
 * Shared as singletons: one instance of each in the page, whoever loads first provides it.
 * Chakra and Emotion's styling engine travel inside @lending/ui (the only package that imports
 * Chakra), so the page holds one tree-shaken copy instead of the whole library.
 */
/** @returns {Record<string, { singleton: boolean, requiredVersion: string | false }>} */
function sharedSingletons() {
  const entry = (/** @type {string} */ pkg, /** @type {string} */ versionPkg = pkg) => ({
    singleton: true,
    requiredVersion: versionOf(versionPkg),
  });
  return {
    react: entry('react'),
    'react/jsx-runtime': entry('react/jsx-runtime', 'react'),
    'react-dom': entry('react-dom'),
    'react-dom/client': entry('react-dom/client', 'react-dom'),
    'react-router-dom': entry('react-router-dom', 'react-router-dom'),
    rxjs: entry('rxjs'),
    'rxjs/operators': entry('rxjs/operators', 'rxjs'),
    i18next: entry('i18next'),
    '@emotion/react': entry('@emotion/react'),
    // @lending/ui's form fields read the form through formik's React context: the remotes' forms
    // must create that context from the very same copy, or every field throws.
    formik: entry('formik'),
    '@lending/platform': { singleton: true, requiredVersion: false },
    // Its own entry (with the query library inside) so only screens that load server data fetch
    // it; one copy in the page is what makes the cache one.
    '@lending/platform/query': { singleton: true, requiredVersion: false },
    '@lending/ui': { singleton: true, requiredVersion: false },
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
    }),
    new PureChakraDefinitionsPlugin(),
  ];

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
        // Browser-only builds: the runtime leaves out its Node.js loading paths.
        experiments: { optimization: { target: 'web' } },
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
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    output: {
      path: outputDir,
      publicPath: kind === 'shell' ? '/' : 'auto',
      // Federation entry files cannot carry a content hash, so only chunks are hashed.
      filename: '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
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
      ],
    },
    optimization: {
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

module.exports = { createConfig, sharedSingletons, federationName };
