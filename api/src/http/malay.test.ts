// Every sentence the API can refuse with has its Malay wording: the source is read for each
// HttpError's message (and each helper that passes its message on), each `sentence(...)` and each
// export of a module's messages.ts, so an English-only refusal fails here before it ships.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import ts from 'typescript';

import { fillSentence, sentence } from '../kernel/errors';
import { apiRoot } from '../paths';
import { answerLanguage } from './language';
import { inMalay, malayOf } from './malay';

const srcDir = path.join(apiRoot, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(srcDir).map((file) => ({
  file: path.relative(srcDir, file),
  tree: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
}));

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const literalText = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

/** Constant texts by name (`NAME`) and by object property (`NAME.key`), across the source. */
const constants = new Map<string, string[]>();
const addConstant = (name: string, text: string) =>
  constants.set(name, [...(constants.get(name) ?? []), text]);
for (const { tree } of files) {
  walk(tree, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    let value: ts.Expression = node.initializer;
    while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
    const text = literalText(value);
    if (text !== undefined) addConstant(node.name.text, text);
    if (ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const key = property.name.getText().replace(/^['"]|['"]$/g, '');
        const own = literalText(property.initializer);
        if (own !== undefined) addConstant(`${node.name.text}.${key}`, own);
        // A function table keyed like a record (`{ nul: (field) => sentence(...) }`) is read
        // through its `sentence(...)` calls, which are checked wherever they are.
      }
    }
  });
}

/** Names of functions declared to return a Sentence: their `sentence(...)` calls are checked. */
const sentenceFunctions = new Set<string>();
for (const { tree } of files) {
  walk(tree, (node) => {
    const returns = (fn: ts.SignatureDeclaration) =>
      !!fn.type && /^Sentence( \| (null|undefined))*$/.test(fn.type.getText());
    if (ts.isFunctionDeclaration(node) && node.name && returns(node)) {
      sentenceFunctions.add(node.name.text);
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) &&
      returns(node.initializer)
    ) {
      sentenceFunctions.add(node.name.text);
    }
  });
}

const SENTENCE_TYPE = /^Sentence( \| (null|undefined))*$/;

/** A variable or parameter of this file typed as a Sentence, or holding what a sentence function
 *  returned: TypeScript keeps it a Sentence, and its `sentence(...)` calls are read below. */
function isSentenceVariable(name: ts.Identifier): boolean {
  let found = false;
  walk(name.getSourceFile(), (node) => {
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node)) &&
      node.name.getText() === name.text
    ) {
      let value = node.initializer;
      while (value && ts.isAwaitExpression(value)) value = value.expression;
      if (
        (node.type && SENTENCE_TYPE.test(node.type.getText())) ||
        (value && ts.isCallExpression(value) && sentenceFunctions.has(value.expression.getText()))
      ) {
        found = true;
      }
    }
  });
  return found;
}

type Found = { texts: string[]; unresolved: string[] };

function textsOf(node: ts.Expression, where: string): Found {
  const none: Found = { texts: [], unresolved: [] };
  const join = (...parts: Found[]): Found => ({
    texts: parts.flatMap((part) => part.texts),
    unresolved: parts.flatMap((part) => part.unresolved),
  });
  const literal = literalText(node);
  if (literal !== undefined) return { texts: [literal], unresolved: [] };
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return textsOf(node.expression, where);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [textsOf(node.left, where), textsOf(node.right, where)];
    if (left.texts.length === 1 && right.texts.length === 1 && !left.unresolved.length)
      return { texts: [left.texts[0]! + right.texts[0]!], unresolved: right.unresolved };
  }
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
  )
    return join(textsOf(node.left, where), textsOf(node.right, where));
  if (ts.isConditionalExpression(node))
    return join(textsOf(node.whenTrue, where), textsOf(node.whenFalse, where));
  if (ts.isIdentifier(node) && constants.has(node.text))
    return { texts: constants.get(node.text)!, unresolved: [] };
  if (ts.isIdentifier(node) && isSentenceVariable(node)) return none;
  if (ts.isPropertyAccessExpression(node)) {
    const key = node.expression.getText();
    const whole = constants.get(`${key}.${node.name.text}`) ?? constants.get(node.name.text);
    if (whole) return { texts: whole, unresolved: [] };
  }
  if (ts.isElementAccessExpression(node)) {
    const prefix = `${node.expression.getText()}.`;
    const texts = [...constants].filter(([name]) => name.startsWith(prefix)).flatMap(([, t]) => t);
    if (texts.length) return { texts, unresolved: [] };
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    // Checked where the sentence is made (every `sentence(...)` call is read below).
    if (callee === 'sentence' || sentenceFunctions.has(callee)) return none;
  }
  return { texts: [], unresolved: [`${where}: ${node.getText()}`] };
}

/** Functions that pass one of their parameters on as an HttpError's message (`badRequest`,
 *  a module's `refused(message)`), by parameter; their callers' arguments are the messages. */
const forwarders = new Map<string, { index: number; fallback?: ts.Expression }>();
const forwarding = new Set<ts.Node>();

function messageArgument(call: ts.Node): ts.Expression | undefined {
  if (ts.isNewExpression(call)) {
    return call.expression.getText() === 'HttpError' ? call.arguments?.[1] : undefined;
  }
  if (!ts.isCallExpression(call)) return undefined;
  const forwarder = forwarders.get(call.expression.getText());
  return forwarder ? (call.arguments[forwarder.index] ?? forwarder.fallback) : undefined;
}

for (let before = -1; before !== forwarders.size;) {
  before = forwarders.size;
  for (const { tree } of files) {
    walk(tree, (node) => {
      const argument = messageArgument(node);
      if (!argument || !ts.isIdentifier(argument)) return;
      let scope: ts.Node | undefined = node.parent;
      while (scope && !ts.isFunctionLike(scope)) scope = scope.parent;
      if (!scope || !ts.isFunctionLike(scope)) return;
      const index = scope.parameters.findIndex((p) => p.name.getText() === argument.text);
      if (index < 0) return;
      const holder = scope.parent;
      const name =
        ts.isFunctionDeclaration(scope) && scope.name
          ? scope.name.text
          : ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)
            ? holder.name.text
            : undefined;
      if (!name) return;
      forwarding.add(node);
      forwarders.set(name, { index, fallback: scope.parameters[index]!.initializer });
    });
  }
}

/** Whether the file's `sentence` is the kernel's (a module may have a function of that name). */
const usesKernelSentence = (tree: ts.SourceFile) =>
  tree.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      /kernel\/errors['"]$/.test(statement.moduleSpecifier.getText()) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((e) => e.name.text === 'sentence'),
  );

/**
 * Messages that are not fixed in this source: the schemas' own sentences (`x-sentences`,
 * `x-message`), checked on the running API in error-language.test.ts; Fastify's own refusals,
 * worded by their code in the error handler (others stay as Fastify words them); a provider's.
 */
const CHECKED_ELSEWHERE = [
  'http/validation.ts: whole',
  'http/validation.ts: custom',
  'http/error-handler.ts: error.message',
  // The eKYC provider's own reason for a failed check, shown as the provider words it.
  'modules/ekyc/service.ts: row.resultMessage',
];

const messages: Found[] = [];
for (const { file, tree } of files) {
  if (file === path.join('kernel', 'errors.ts')) continue;
  const kernelSentence = usesKernelSentence(tree);
  walk(tree, (node) => {
    const where = () => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const argument = messageArgument(node);
    if (argument && !forwarding.has(node)) messages.push(textsOf(argument, where()));
    if (
      kernelSentence &&
      ts.isCallExpression(node) &&
      node.expression.getText() === 'sentence' &&
      node.arguments[0]
    ) {
      messages.push(textsOf(node.arguments[0], where()));
    }
  });
}
const unresolved = messages
  .flatMap((found) => found.unresolved)
  .filter((site) => !CHECKED_ELSEWHERE.includes(site.replace(/:\d+: /, ': ').replace(/\\/g, '/')));

/** Exports of the modules' messages.ts that are not words for a reader. */
const NOT_FOR_READERS = new Set([
  // The reason kept in the sessions table when staff change a user's sign-in details.
  'user-admin/messages.ts:SIGN_IN_CHANGED_BY_STAFF',
]);

async function messagesExports(): Promise<{ where: string; text: string }[]> {
  const modulesDir = path.join(srcDir, 'modules');
  const found: { where: string; text: string }[] = [];
  for (const module of fs.readdirSync(modulesDir)) {
    const file = path.join(modulesDir, module, 'messages.ts');
    if (!fs.existsSync(file)) continue;
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      const where = `${module}/messages.ts:${name}`;
      if (NOT_FOR_READERS.has(where)) continue;
      if (typeof value === 'string') found.push({ where, text: value });
      if (value && typeof value === 'object') {
        for (const [key, text] of Object.entries(value)) {
          if (typeof text === 'string') found.push({ where: `${where}.${key}`, text });
        }
      }
    }
  }
  return found;
}

describe('the Malay wording of the API’s refusals', () => {
  it('finds the refusals it reads: a fixed text, a constant, a sentence with values', () => {
    const texts = new Set(messages.flatMap((found) => found.texts));
    expect(texts).toContain('Unauthorized');
    expect(texts).toContain('Loan account not found');
    expect(texts).toContain('Please wait {seconds} seconds before asking for a new code');
    expect(texts).toContain('{field} must be at most {limit} characters');
    expect(texts.size).toBeGreaterThan(150);
  });

  it('reads every message as a fixed text (no sentence it cannot see)', () => {
    expect(unresolved).toEqual([]);
  });

  it('has Malay for every HttpError message and every sentence', () => {
    const missing = [...new Set(messages.flatMap((found) => found.texts))].filter(
      (text) => malayOf(text) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('has Malay for every export of the modules’ messages.ts', async () => {
    const missing = (await messagesExports()).filter(({ text }) => malayOf(text) === undefined);
    expect(missing).toEqual([]);
  });

  it('keeps the values of a sentence, and words those that are sentences themselves', () => {
    const wait = sentence('Please wait {seconds} seconds before asking for a new code', {
      seconds: 42,
    });
    expect(fillSentence(wait.text, wait.values)).toBe(
      'Please wait 42 seconds before asking for a new code',
    );
    expect(inMalay(wait)).toBe('Sila tunggu 42 saat sebelum meminta kod baharu');
    const label = sentence('{label} email', {
      label: sentence('emergency contact {number}', { number: 2 }),
    });
    const missing = sentence('Please enter your {label}', { label });
    expect(fillSentence(missing.text, missing.values)).toBe(
      'Please enter your emergency contact 2 email',
    );
    expect(inMalay(missing)).toBe('Sila masukkan e-mel kenalan kecemasan 2 anda');
    const failed = sentence('Failed to update organization: {reason:lower}', {
      reason: sentence('Please enter a valid {label}', {
        label: sentence('business contact number'),
      }),
    });
    expect(fillSentence(failed.text, failed.values)).toBe(
      'Failed to update organization: please enter a valid business contact number',
    );
    expect(inMalay(failed)).toBe(
      'Gagal mengemas kini organisasi: sila masukkan nombor telefon perniagaan yang sah',
    );
    const terms = sentence('These terms cannot be recommended: {reasons}', {
      reasons: [
        sentence('the rate is above the Moneylenders Act cap'),
        sentence('the tenure is below the product minimum'),
      ],
    });
    expect(fillSentence(terms.text, terms.values)).toBe(
      'These terms cannot be recommended: the rate is above the Moneylenders Act cap; ' +
        'the tenure is below the product minimum',
    );
    expect(inMalay(terms)).toBe(
      'Terma ini tidak boleh disyorkan: kadar melebihi had Akta Pemberi Pinjam Wang; ' +
        'tempoh kurang daripada minimum produk',
    );
  });

  it('reads the reader’s language from Accept-Language, English unless Malay is preferred', () => {
    expect(answerLanguage(undefined)).toBe('en');
    expect(answerLanguage('')).toBe('en');
    expect(answerLanguage('ms')).toBe('ms');
    expect(answerLanguage('ms-MY')).toBe('ms');
    expect(answerLanguage('MS-my,en;q=0.5')).toBe('ms');
    expect(answerLanguage('en-GB,ms;q=0.9')).toBe('en');
    expect(answerLanguage('en;q=0.4, ms;q=0.8')).toBe('ms');
    expect(answerLanguage('fr-FR, ms;q=0.3, en;q=0.2')).toBe('ms');
    expect(answerLanguage('ms;q=0, en')).toBe('en');
    expect(answerLanguage('zh-CN, fr')).toBe('en');
    expect(answerLanguage(['de', 'ms-MY;q=0.7'])).toBe('ms');
  });
});
