/**
 * cli-runtime's GoTemplatePrinter (-o go-template=…, -o template=…): the template is parsed once
 * as "output" with kubectl's extra functions; each object goes through JSON into a map (whole
 * numbers int64) and the template runs on it. When it fails, what it printed so far and a
 * debugging frame go to stdout and the error to stderr, as kubectl does.
 */
import { KubectlError } from '../errors';
import { toCompactJSON } from '../printers/json';
import { TemplateError } from './errors';
import { execute } from './exec';
import { formatV } from './format';
import { FUNCTION_NAMES } from './funcs';
import { parse, type Node } from './parse';

export interface GoTemplate {
  source: string;
  nodes: Node[];
  allowMissingKeys: boolean;
}

/** NewGoTemplatePrinter: a template that does not parse fails before anything is printed. */
export function parseGoTemplate(source: string, allowMissingKeys: boolean): GoTemplate {
  try {
    return { source, nodes: parse(source, 'output', FUNCTION_NAMES), allowMissingKeys };
  } catch (e) {
    if (e instanceof TemplateError) throw new KubectlError(`error parsing template ${source}, ${e.message}`);
    throw e;
  }
}

/** PrintObj: stdout's text, and the error kubectl returns when the template failed. */
export function runGoTemplate(t: GoTemplate, obj: unknown): { out: string; error?: KubectlError } {
  const data = JSON.parse(JSON.stringify(obj ?? null));
  const r = execute(t.nodes, data, { name: 'output', source: t.source, allowMissingKeys: t.allowMissingKeys });
  if (!r.error) return { out: r.out };
  const err = r.error.message;
  const frame =
    `Error executing template: ${err}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${t.source}\n` +
    `\traw data was:\n\t\t${toCompactJSON(data)}\n` +
    `\tobject given to template engine was:\n\t\t${formatV(data)}\n\n`;
  return { out: r.out + frame, error: new KubectlError(`error executing template ${JSON.stringify(t.source)}: ${err}`) };
}
