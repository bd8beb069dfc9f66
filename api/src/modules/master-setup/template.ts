// A bilingual document template as staff write it in any text editor (UTF-8): a title and
// sections, each in Malay and English, with the lender's particulars as `{{placeholders}}`.
//
//   # a note, not printed
//   TITLE MS: NOTIS PERLINDUNGAN DATA PERIBADI
//   TITLE EN: Personal data protection notice
//   HEADING MS: 1. Data yang dikumpul
//   HEADING EN: 1. Data we collect
//   BODY MS: Nama, nombor kad pengenalan ...
//   BODY EN: Your name, identity card number ...
//
// A text goes on over the lines after its key until the next key (joined with spaces: the PDF
// wraps it). Every bad line is reported, as for the lists, so the file is fixed in one go.
import fs from 'node:fs';
import path from 'node:path';

import {
  type MasterFileProblem,
  type MasterFileProblemCode,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
} from '@lending/contracts';

import { assetsDir } from '../../paths';
import { textOf } from './content';

export interface TemplateSection {
  headingMs: string;
  headingEn: string;
  bodyMs: string;
  bodyEn: string;
}

export interface DocumentTemplate {
  titleMs: string;
  titleEn: string;
  sections: TemplateSection[];
}

export type TemplateRead =
  { template: DocumentTemplate; problems: [] } | { template: null; problems: MasterFileProblem[] };

const MAX_SECTIONS = 50;
/** A title or heading is one line of the PDF; a body a few paragraphs at most. */
const MAX_LINE_TEXT = 200;
const MAX_BODY = 4000;
const MAX_PROBLEMS = 50;

const KEY = /^(TITLE|HEADING|BODY)\s+(MS|EN)\s*:(.*)$/i;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

type Part = 'TITLE' | 'HEADING' | 'BODY';
type Language = 'MS' | 'EN';

interface Entry {
  line: number;
  text: string;
  value: string;
}

interface Block {
  line: number;
  text: string;
  entries: Partial<Record<`${Part} ${Language}`, Entry>>;
}

function problem(line: number, code: MasterFileProblemCode, text = ''): MasterFileProblem {
  return { line, problem: code, text: text.slice(0, 120) };
}

/** A line's `{{...}}` that name no placeholder, and braces left without their other half. */
function placeholderProblems(line: number, raw: string, value: string): MasterFileProblem[] {
  const found: MasterFileProblem[] = [];
  const names = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  if (names.some((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name))) {
    found.push(problem(line, 'PLACEHOLDER', raw));
  }
  if (/[{}]/.test(value.replace(PLACEHOLDER, ''))) found.push(problem(line, 'BRACES', raw));
  return found;
}

/** Reads a template; the problems, every one with its line, when it cannot be used. */
export function readTemplate(bytes: Buffer): TemplateRead {
  const text = textOf(bytes);
  if (text === null) return { template: null, problems: [problem(0, 'FORMAT')] };
  const problems: MasterFileProblem[] = [];
  const title: Block = { line: 0, text: '', entries: {} };
  const sections: Block[] = [];
  let open: Entry | null = null;
  let anything = false;

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    // A blank line does not end a text: paragraphs of one body may be spaced for reading.
    if (trimmed === '' || trimmed.startsWith('#')) return;
    anything = true;
    const key = KEY.exec(trimmed);
    const value = key ? key[3]!.trim() : trimmed;
    problems.push(...placeholderProblems(line, raw, value));
    if (!key) {
      if (open) open.value = open.value ? `${open.value} ${value}` : value;
      else problems.push(problem(line, 'LINE', raw));
      return;
    }
    const part = key[1]!.toUpperCase() as Part;
    const language = key[2]!.toUpperCase() as Language;
    const name = `${part} ${language}` as const;
    const entry: Entry = { line, text: raw, value };
    let block: Block;
    if (part === 'TITLE') {
      block = title;
    } else {
      const current = sections[sections.length - 1];
      // A heading opens the next section once this one has that heading or any of its text.
      const starts =
        !current ||
        (part === 'HEADING' &&
          (current.entries[name] !== undefined ||
            current.entries['BODY MS'] !== undefined ||
            current.entries['BODY EN'] !== undefined));
      block = starts ? { line, text: raw, entries: {} } : current;
      if (starts) sections.push(block);
    }
    if (block.entries[name]) {
      problems.push(problem(line, 'DUPLICATE', raw));
      // What follows a refused key is still read, for its own problems, but kept nowhere.
      open = { ...entry };
      return;
    }
    if (block === title && !title.line) title.line = line;
    block.entries[name] = entry;
    open = entry;
  });

  if (!anything) return { template: null, problems: [problem(0, 'EMPTY')] };

  const missing = (block: Block, names: readonly `${Part} ${Language}`[]) =>
    names.filter((name) => !block.entries[name]?.value);
  const titleMissing = missing(title, ['TITLE MS', 'TITLE EN']);
  if (titleMissing.length > 0) {
    problems.push(problem(title.line, 'LANGUAGE', titleMissing.join(', ')));
  }
  for (const section of sections) {
    const lacking = missing(section, ['HEADING MS', 'HEADING EN', 'BODY MS', 'BODY EN']);
    if (lacking.length > 0) problems.push(problem(section.line, 'LANGUAGE', lacking.join(', ')));
  }
  for (const block of [title, ...sections]) {
    for (const [name, entry] of Object.entries(block.entries)) {
      const limit = name.startsWith('BODY') ? MAX_BODY : MAX_LINE_TEXT;
      if (entry.value.length > limit) {
        problems.push(problem(entry.line, 'TOO_LONG', String(entry.value.length)));
      }
    }
  }
  if (sections.length === 0) problems.push(problem(0, 'NO_SECTIONS'));
  if (sections.length > MAX_SECTIONS) {
    problems.push(problem(0, 'TOO_MANY', String(sections.length)));
  }
  if (problems.length > 0) {
    return {
      template: null,
      problems: problems.sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS),
    };
  }
  const value = (block: Block, name: `${Part} ${Language}`) => block.entries[name]!.value;
  return {
    template: {
      titleMs: value(title, 'TITLE MS'),
      titleEn: value(title, 'TITLE EN'),
      sections: sections.map((section) => ({
        headingMs: value(section, 'HEADING MS'),
        headingEn: value(section, 'HEADING EN'),
        bodyMs: value(section, 'BODY MS'),
        bodyEn: value(section, 'BODY EN'),
      })),
    },
    problems: [],
  };
}

/** The text with each `{{placeholder}}` replaced by its value (checked names only). */
export function fillPlaceholders(
  text: string,
  values: Record<TemplatePlaceholder, string>,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as TemplatePlaceholder] : whole,
  );
}

export type TemplateEntityId = 'PDP_NOTICE_TEMPLATE' | 'LOAN_TERMS_TEMPLATE';

const SHIPPED_FILES: Record<TemplateEntityId, string> = {
  PDP_NOTICE_TEMPLATE: 'pdp-notice.txt',
  LOAN_TERMS_TEMPLATE: 'loan-terms.txt',
};

const shippedCache = new Map<
  TemplateEntityId,
  { fileName: string; bytes: Buffer; template: DocumentTemplate }
>();

/** The template the platform ships (api/assets/templates): every tenant's version 1. */
export function shippedTemplate(entityId: TemplateEntityId): {
  fileName: string;
  bytes: Buffer;
  template: DocumentTemplate;
} {
  const cached = shippedCache.get(entityId);
  if (cached) return cached;
  const fileName = SHIPPED_FILES[entityId];
  const bytes = fs.readFileSync(path.join(assetsDir, 'templates', fileName));
  const read = readTemplate(bytes);
  if (!read.template) {
    throw new Error(
      `the shipped template ${fileName} is not valid: ${JSON.stringify(read.problems)}`,
    );
  }
  const shipped = { fileName, bytes, template: read.template };
  shippedCache.set(entityId, shipped);
  return shipped;
}
