import yaml from 'js-yaml';

/**
 * The scalars kubectl's YAML decoder (sigs.k8s.io/yaml over go-yaml v2) resolves, as a js-yaml
 * schema: go-yaml v2 reads YAML 1.1, so `yes`, `on`, `y` are true, `no`, `off`, `n` false,
 * `0777` is octal, `1_000` an integer and `0b101` binary; js-yaml's core schema (YAML 1.2) would
 * keep most of them strings. Timestamps stay strings (sigs.k8s.io/yaml converts through JSON).
 */

const TRUE = ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'];
const FALSE = ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'];
const NULL = ['', '~', 'null', 'Null', 'NULL'];
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INF = ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'];
const NEG_INF = ['-.inf', '-.Inf', '-.INF'];
const NAN = ['.nan', '.NaN', '.NAN'];

const bool = new yaml.Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (s: string) => TRUE.includes(s) || FALSE.includes(s),
  construct: (s: string) => TRUE.includes(s),
});

const nul = new yaml.Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (s: string) => NULL.includes(s),
  construct: () => null,
});

/** strconv.ParseInt(s without underscores, 0, 64), and go-yaml's own 0b form. */
function goInt(s: string): number | undefined {
  const plain = s.replace(/_/g, '');
  const m = /^([-+]?)(0[bB][01]+|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/.exec(plain);
  if (!m) return undefined;
  const body = m[2];
  let v: bigint;
  if (/^0[bB]/.test(body)) v = BigInt(body.toLowerCase());
  else if (/^0[xX]/.test(body)) v = BigInt(body.toLowerCase());
  else if (/^0[oO]/.test(body)) v = BigInt('0o' + body.slice(2));
  else if (body.length > 1 && body.startsWith('0')) v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  if (m[1] === '-') v = -v;
  // Past int64, go-yaml tries uint64 and then a float: the number survives as a float.
  return Number(v);
}

const int = new yaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (s: string) => goInt(s) !== undefined,
  construct: (s: string) => goInt(s)!,
  predicate: (v: unknown) => typeof v === 'number' && Number.isInteger(v),
});

const float = new yaml.Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (s: string) => FLOAT.test(s.replace(/_/g, '')) || INF.includes(s) || NEG_INF.includes(s) || NAN.includes(s),
  construct: (s: string) => (INF.includes(s) ? Infinity : NEG_INF.includes(s) ? -Infinity : NAN.includes(s) ? NaN : Number(s.replace(/_/g, ''))),
  predicate: (v: unknown) => typeof v === 'number' && !Number.isInteger(v),
});

/** FAILSAFE's str, seq and map, with go-yaml v2's scalars and the << merge key. */
export const GO_YAML_V2_SCHEMA = yaml.FAILSAFE_SCHEMA.extend({ implicit: [nul, bool, int, float, mergeType()] });

function mergeType(): yaml.Type {
  return (yaml.DEFAULT_SCHEMA as any).compiledImplicit.find((t: { tag: string }) => t.tag === 'tag:yaml.org,2002:merge');
}
