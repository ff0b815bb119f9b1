// A Stryker ignore-plugin for the bug zoo's switches (model/sim/mutants.ts). `mutant('name')` is
// false in every run but `npm run mutants`, so mutating the call (to true or false) or the code that
// runs only when it is true gives mutants that are equivalent by construction, or never reached:
// they would count as survivors without saying anything about the suite. Ignored here, with the
// reason shown in Stryker's report:
//   - the call `mutant('…')` itself, wherever it stands (if test, ternary, `a || mutant('…')`);
//   - the branch that runs only under the switch: the consequent of `if (mutant('…'))`,
//     `if (mutant('…') && …)` and `mutant('…') ? … : …`.
// The plugin object is what @stryker-mutator/api's declareValuePlugin(PluginKind.Ignore, …) returns.
const REASON = "bug-zoo switch: mutant('…') is false outside `npm run mutants`";

const isSwitch = (node) =>
  node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'mutant';

/** A test that can be true only while the switch is on. */
const onlyUnderSwitch = (test) =>
  isSwitch(test) || (test?.type === 'LogicalExpression' && test.operator === '&&' && onlyUnderSwitch(test.left));

const bugZooIgnorer = {
  shouldIgnore(path) {
    if (isSwitch(path.node)) return REASON;
    const parent = path.parentPath?.node;
    if (path.key === 'consequent' && (parent?.type === 'IfStatement' || parent?.type === 'ConditionalExpression') && onlyUnderSwitch(parent.test)) {
      return `${REASON} (this branch runs only under the switch)`;
    }
    return undefined;
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'bug-zoo', value: bugZooIgnorer }];
