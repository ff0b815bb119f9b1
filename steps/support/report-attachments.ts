import { After, AfterStep, Before, BeforeStep, Status } from '@cucumber/cucumber';
import { expectedAndActual, type Failure, type Mark, markOf, scenarioAttachments } from '../../report/scenario-pictures';
import { type KubespecWorld, KubespecWorld as World, uncheckedMessage } from '../world';

/**
 * The report's pictures (issue 10): every scenario that drove the model gets its sequence
 * diagram and Pod timeline as attachments, and a failing one what was expected against what
 * happened and the trace that led there. They are attached to the failing step, or else to the
 * last step, where the HTML report shows them (a hook's attachments sit folded away).
 * KUBESPEC_REPORT_PICTURES=0 turns them off.
 */
const enabled = process.env.KUBESPEC_REPORT_PICTURES !== '0';

interface ScenarioState {
  mark?: Mark;
  stepFrom?: number;
  attached?: boolean;
}
const states = new WeakMap<KubespecWorld, ScenarioState>();
const clusterGetter = Object.getOwnPropertyDescriptor(World.prototype, 'cluster')!.get!;

Before(function (this: KubespecWorld) {
  if (!enabled) return;
  const state: ScenarioState = {};
  states.set(this, state);
  // The cluster is made on first use and boots first; the scenario's own work starts after.
  Object.defineProperty(this, 'cluster', {
    configurable: true,
    get(this: KubespecWorld) {
      const cluster = clusterGetter.call(this);
      if (!state.mark) state.mark = markOf(cluster);
      return cluster;
    },
  });
});

BeforeStep(function (this: KubespecWorld) {
  const state = states.get(this);
  if (state) state.stepFrom = this.clusterStarted ? this.cluster.sim.trace.entries.length : undefined;
});

AfterStep(function (this: KubespecWorld, { result, pickle, pickleStep }) {
  const state = states.get(this);
  if (!state || state.attached) return;
  if (result.status === Status.FAILED) {
    const fromEntry = state.stepFrom ?? (this.clusterStarted ? this.cluster.sim.trace.entries.length : 0);
    attachAll(this, state, pickle.name, { message: result.message ?? 'failed', step: { text: pickleStep.text, fromEntry } });
  } else if (pickleStep.id === pickle.steps[pickle.steps.length - 1]?.id) attachAll(this, state, pickle.name, laterFailure(this));
});

// A scenario that failed outside its steps (a Before hook) or whose last step never ran.
After(function (this: KubespecWorld, { result, pickle }) {
  const state = states.get(this);
  if (!state || state.attached) return;
  attachAll(this, state, pickle.name, result?.status === Status.FAILED ? { message: result.message ?? 'failed' } : laterFailure(this));
});

/** steps/hooks.ts fails a scenario after its steps on these two grounds: the same pictures then. */
function laterFailure(world: KubespecWorld): Failure | undefined {
  if (world.last && world.last.code !== 0 && !world.lastChecked) return { message: uncheckedMessage(world.last) };
  if (world.clusterStarted && world.cluster.sim.failures.length) return { message: `the model failed inside "${world.cluster.sim.failures[0].label}"` };
  return undefined;
}

function attachAll(world: KubespecWorld, state: ScenarioState, name: string, failure: Failure | undefined): void {
  state.attached = true;
  if (!world.clusterStarted || !state.mark) {
    if (failure) world.attach(expectedAndActual(failure), { mediaType: 'text/plain', fileName: 'expected-and-actual.txt' });
    return;
  }
  for (const a of scenarioAttachments(world.cluster, state.mark, name, failure)) {
    // The HTML report shows an image only when it is base64-encoded, which a Buffer is.
    if (a.mediaType === 'image/svg+xml') world.attach(Buffer.from(a.body, 'utf8'), { mediaType: a.mediaType, fileName: a.fileName });
    else world.attach(a.body, { mediaType: a.mediaType, fileName: a.fileName });
  }
}

/** What the scenario would carry if it ended now: the report's own scenarios check these. */
export function picturesSoFar(world: KubespecWorld, name: string) {
  const state = states.get(world);
  if (!state?.mark) throw new Error('the scenario has not used the model yet (or KUBESPEC_REPORT_PICTURES=0 turned the pictures off)');
  return scenarioAttachments(world.cluster, state.mark, name);
}
