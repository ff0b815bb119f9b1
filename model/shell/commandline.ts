/**
 * A play line as bash reads it, restricted to what a play runs: one simple command, or a
 * pipeline of them (`kubectl get pods | grep nginx | wc -l`). Quotes and backslashes work as in
 * bash (no expansion); an unquoted `#` starting a word begins a comment. Every other shell
 * operator (lists, conditionals, redirections, background jobs, substitutions, subshells) is
 * refused with a message naming it, rather than handed to a command as an argument.
 */
export type CommandLine = { pipeline: string[][] } | { error: string };

const SUPPORTED = 'a play line is one command, optionally piped to grep, head, tail, wc or sort';

function unsupported(token: string, what: string): { error: string } {
  // Markdown's way to quote a backquote: `` ` ``.
  const quoted = token === '`' ? '`` ` ``' : `\`${token}\``;
  return { error: `${quoted}: ${what} are not supported (${SUPPORTED})` };
}

export function parseCommandLine(line: string): CommandLine {
  const pipeline: string[][] = [];
  let words: string[] = [];
  let cur = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(cur);
    cur = '';
    inWord = false;
  };
  const endStage = (token: string): { error: string } | undefined => {
    endWord();
    // bash: `| grep x`, `a | | b` and `a |` are syntax errors.
    if (words.length === 0) return { error: `syntax error near unexpected token \`${token}'` };
    pipeline.push(words);
    words = [];
    return undefined;
  };
  for (let i = 0; i < line.length; ) {
    const c = line[i];
    const next = line[i + 1];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: `unexpected EOF while looking for matching \`''` };
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        const d = line[j];
        if (d === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) cur += line[++j];
        else if (d === '`' || (d === '$' && line[j + 1] === '(')) return unsupported(d === '`' ? '`' : '$(', 'command substitutions');
        else if (d === '$' && line[j + 1] === '{') return unsupported('${', 'parameter expansions');
        else cur += d;
      }
      if (j >= line.length) return { error: 'unexpected EOF while looking for matching `"\'' };
      inWord = true;
      i = j + 1;
    } else if (c === '\\') {
      if (next !== undefined) cur += next;
      inWord = true;
      i += 2;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '#' && !inWord) {
      break;
    } else if (c === '|') {
      if (next === '|') return unsupported('||', 'conditional lists');
      if (next === '&') return unsupported('|&', 'pipes of standard error');
      const err = endStage('|');
      if (err) return err;
      i++;
    } else if (c === '&') {
      if (next === '&') return unsupported('&&', 'conditional lists');
      if (next === '>') return unsupported('&>', 'redirections');
      return unsupported('&', 'background jobs');
    } else if (c === ';') {
      return unsupported(';', 'command lists');
    } else if (c === '>' || c === '<') {
      const token = c === '<' && next === '<' ? '<<' : next === c ? c + c : next === '&' || next === '(' ? c + next : c;
      // A digit glued before the operator (2>&1, 2>/dev/null) is its file descriptor.
      const fd = inWord && /^\d+$/.test(cur) ? cur : '';
      if (token === '<<') return { error: '`<<`: a here-document must end the line (`kubectl apply -f - <<EOF`)' };
      if (token.endsWith('(')) return unsupported(token, 'process substitutions');
      return unsupported(fd + token, 'redirections');
    } else if (c === '`') {
      return unsupported('`', 'command substitutions');
    } else if (c === '$' && next === '(') {
      return unsupported('$(', 'command substitutions');
    } else if (c === '$' && next === '{') {
      return unsupported('${', 'parameter expansions');
    } else if (c === '(' || c === ')') {
      return unsupported(c, 'subshells');
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  endWord();
  if (words.length === 0 && pipeline.length > 0) return { error: 'syntax error: unexpected end of line after `|`' };
  if (words.length > 0) pipeline.push(words);
  return { pipeline };
}
